#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What a file looked like when it was read: size, modification time, inode and a hash of the
/// bytes. A write goes ahead only while the file still matches.
struct FileFingerprint: Equatable {
    var size: Int
    var modifiedSeconds: Int
    var modifiedNanoseconds: Int
    var inode: UInt64
    var hash: UInt64

    /// Reads the file at `path` and fingerprints it, stat before and after the read agreeing.
    static func read(_ path: String) throws(FileError) -> (bytes: [UInt8], fingerprint: FileFingerprint) {
        for _ in 0..<5 {
            let before = try status(path)
            let bytes = try FileIO.read(path)
            let after = try status(path)
            if before == after, after.size == bytes.count {
                return (bytes, FileFingerprint(size: after.size, modifiedSeconds: after.seconds,
                                               modifiedNanoseconds: after.nanoseconds, inode: after.inode,
                                               hash: fnv1a(bytes)))
            }
        }
        throw FileError(path: path, reason: "keeps changing while being read; try again")
    }

    /// FNV-1a, 64 bits: cheap, and enough to notice a change that kept size and time.
    static func fnv1a(_ bytes: [UInt8]) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01B3
        }
        return hash
    }

    private struct Status: Equatable {
        var size: Int
        var seconds: Int
        var nanoseconds: Int
        var inode: UInt64
    }

    private static func status(_ path: String) throws(FileError) -> Status {
        var info = stat()
        guard stat(path, &info) == 0 else { throw FileError.fromErrno(path, "cannot stat") }
        #if canImport(Darwin)
        return Status(size: Int(info.st_size), seconds: Int(info.st_mtimespec.tv_sec),
                      nanoseconds: Int(info.st_mtimespec.tv_nsec), inode: UInt64(info.st_ino))
        #else
        return Status(size: Int(info.st_size), seconds: Int(info.st_mtim.tv_sec),
                      nanoseconds: Int(info.st_mtim.tv_nsec), inode: UInt64(info.st_ino))
        #endif
    }
}
