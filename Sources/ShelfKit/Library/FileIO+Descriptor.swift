#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension FileIO {
    /// Everything left to read from an open descriptor, retrying interrupted reads.
    static func readAll(_ descriptor: Int32, path: String) throws(FileError) -> [UInt8] {
        var info = stat()
        let expected = fstat(descriptor, &info) == 0 ? max(Int(info.st_size), 0) : 0
        var bytes = [UInt8](repeating: 0, count: expected + 1)
        var total = 0
        while true {
            if total == bytes.count { bytes += [UInt8](repeating: 0, count: max(bytes.count, 4096)) }
            let got = bytes.withUnsafeMutableBytes { raw in
                systemRead(descriptor, raw.baseAddress.map { $0 + total }, raw.count - total)
            }
            if got < 0 {
                if errno == EINTR { continue }
                throw FileError.fromErrno(path, "cannot read")
            }
            if got == 0 { break }
            total += got
        }
        bytes.removeLast(bytes.count - total)
        return bytes
    }
}

/// `read(2)`, named apart from Swift's own `read` methods.
#if canImport(Glibc)
let systemRead = Glibc.read
#else
let systemRead = Darwin.read
#endif
