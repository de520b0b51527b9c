#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Why a unix socket could not be made for a test.
public struct UnixSocketError: Error, CustomStringConvertible, Sendable {
    public let description: String
}

/// A unix socket bound at `path` (left listening, so it is a live socket file); close the
/// descriptor returned when done.
public func bindUnixSocket(_ path: String) throws -> Int32 {
    #if canImport(Glibc)
    let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
    #else
    let descriptor = socket(AF_UNIX, SOCK_STREAM, 0)
    #endif
    guard descriptor >= 0 else { throw UnixSocketError(description: "socket failed: errno \(errno)") }
    var address = sockaddr_un()
    address.sun_family = sa_family_t(AF_UNIX)
    let bytes = Array(path.utf8)
    guard bytes.count < MemoryLayout.size(ofValue: address.sun_path) else {
        close(descriptor)
        throw UnixSocketError(description: "socket path too long: \(path)")
    }
    withUnsafeMutableBytes(of: &address.sun_path) { raw in
        for (index, byte) in bytes.enumerated() { raw[index] = byte }
        raw[bytes.count] = 0
    }
    let bound = withUnsafePointer(to: &address) { pointer in
        pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
            bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
        }
    }
    guard bound == 0, listen(descriptor, 1) == 0 else {
        close(descriptor)
        throw UnixSocketError(description: "bind/listen failed: errno \(errno)")
    }
    return descriptor
}
