#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What a file looked like when it was read: its `FileStamp` (identity, size, modification and
/// change times) and a hash of the bytes. A write goes ahead only while the file still matches.
struct FileFingerprint: Equatable {
    var stamp: FileStamp
    var hash: UInt64

    /// Reads the file at `path` and fingerprints it, stat before and after the read agreeing.
    static func read(_ path: String) throws(FileError) -> (bytes: [UInt8], fingerprint: FileFingerprint) {
        for _ in 0..<5 {
            let before = try stamp(path)
            let bytes = try FileIO.read(path)
            let after = try stamp(path)
            if before == after, after.size == Int64(bytes.count) {
                return (bytes, FileFingerprint(stamp: after, hash: fnv1a(bytes)))
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

    private static func stamp(_ path: String) throws(FileError) -> FileStamp {
        guard let stamp = FileStamp.of(path: path) else { throw FileError.fromErrno(path, "cannot stat") }
        return stamp
    }
}
