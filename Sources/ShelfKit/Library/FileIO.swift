#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A file that could not be read or written, and why.
public struct FileError: Error, Sendable, CustomStringConvertible {
    public var path: String
    public var reason: String

    public init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }

    /// An error from the current `errno`.
    static func fromErrno(_ path: String, _ action: String) -> FileError {
        FileError(path: path, reason: "\(action): \(String(cString: strerror(errno)))")
    }

    public var description: String { "\(path): \(reason)" }
}

/// Reads whole files with one `open`, `fstat` and as few `read` calls as the size allows.
public enum FileIO {
    /// The bytes of the file at `path`.
    public static func read(_ path: String) throws(FileError) -> [UInt8] {
        var buffer: [UInt8] = []
        try read(path, into: &buffer)
        return buffer
    }

    /// Reads the file at `path` into `buffer`, replacing its contents; reusing one buffer across
    /// many files avoids an allocation per file.
    /// - Returns: the stamp of the file read, taken before reading: if the file changes while
    ///   it is read, the bytes are newer than the stamp, never older.
    @discardableResult
    public static func read(_ path: String, into buffer: inout [UInt8]) throws(FileError) -> FileStamp {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw FileError.fromErrno(path, "cannot open") }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw FileError.fromErrno(path, "cannot stat") }
        var capacity = max(Int(info.st_size), 0) + 1
        buffer.removeAll(keepingCapacity: true)
        var total = 0
        while true {
            if buffer.count < capacity { buffer += [UInt8](repeating: 0, count: capacity - buffer.count) }
            let got = buffer.withUnsafeMutableBytes { raw in
                Glibc.read(descriptor, raw.baseAddress.map { $0 + total }, capacity - total)
            }
            if got < 0 {
                if errno == EINTR { continue }
                throw FileError.fromErrno(path, "cannot read")
            }
            if got == 0 { break }
            total += got
            // The size fstat gave is read: no need for one more read to see the end.
            if total == capacity - 1 && total == max(Int(info.st_size), 0) { break }
            // The file grew while being read: make room and keep going.
            if total == capacity { capacity *= 2 }
        }
        buffer.removeLast(buffer.count - total)
        return FileStamp(info)
    }

    /// Writes all of `bytes` to `descriptor`, retrying short writes and interrupted calls.
    /// - Returns: false when a write fails (`errno` says why).
    @discardableResult
    public static func writeAll(_ bytes: UnsafeRawBufferPointer, to descriptor: Int32) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let written = systemWrite(descriptor, bytes.baseAddress.map { $0 + offset }, bytes.count - offset)
            if written < 0 {
                if errno == EINTR { continue }
                return false
            }
            offset += written
        }
        return true
    }
}

#if canImport(Glibc)
private let systemWrite = Glibc.write
#else
private let systemWrite = Darwin.write
#endif
