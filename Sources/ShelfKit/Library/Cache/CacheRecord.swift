#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What a load found for one file, for the next cache.
enum CacheRecord: Sendable {
    /// The old cache's entry still holds: its bytes are copied as they are.
    case kept(Int)
    /// Read from the file now.
    case fresh(FreshRecord)
}

/// A file read now, as the next cache records it.
struct FreshRecord: Sendable {
    var stamp: FileStamp
    var isBook: Bool
    /// Encoded folded tags, columns and words (all empty for a file that is not a book).
    var tags: [UInt8]
    var columns: [UInt8]
    var words: [UInt8]
    /// The `WordBloom` of the words and the note words.
    var bloom: [UInt8]
    /// The encoded book (empty for a file that is not a book).
    var book: StoredBytes
    /// The encoded note words, when they were read.
    var notes: StoredBytes?
}

/// The larger bytes of a fresh record, kept for the cache writer: in a loader's spill file when it
/// has one (a first load of 100,000 books would otherwise hold them all in memory until the cache
/// is written), else in memory. Their checksum is taken as they are made.
struct StoredBytes: Sendable {
    enum Place: Sendable {
        case memory([UInt8])
        case spill(CacheSpill, offset: Int)
    }

    var place: Place
    var count: Int
    var checksum: UInt64

    init(_ bytes: [UInt8], spill: CacheSpill?) {
        count = bytes.count
        checksum = bytes.withUnsafeBytes { CacheChecksum.ofSection($0) }
        if let spill, let offset = spill.append(bytes) {
            place = .spill(spill, offset: offset)
        } else {
            place = .memory(bytes)
        }
    }
}

/// A temporary file one loader worker writes fresh records' books and note words to, read back
/// when the cache is written. It is removed as soon as it is made (only its descriptor is kept),
/// so nothing is left behind, whatever happens; a write that fails makes every read fail, which
/// leaves the cache unwritten (slower next time, never wrong).
final class CacheSpill: @unchecked Sendable {
    private let descriptor: Int32
    /// Bytes appended but not yet written.
    private var pending: [UInt8] = []
    /// Bytes appended in all.
    private var size = 0
    private var failed = false
    private static let flushSize = 1 << 18

    /// A spill file in `folder` (made if missing, private to the user); nil when none can be made.
    init?(folder: String) {
        var path = ""
        for part in folder.split(separator: "/", omittingEmptySubsequences: true) {
            path += "/" + part
            _ = mkdir(path, 0o700)
        }
        let name = folder + "/.spill-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        descriptor = open(name, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { return nil }
        unlink(name)
        pending.reserveCapacity(CacheSpill.flushSize)
    }

    /// Appends `bytes`; returns where they start, or nil once a write has failed.
    func append(_ bytes: [UInt8]) -> Int? {
        guard !failed else { return nil }
        let offset = size
        pending += bytes
        size += bytes.count
        if pending.count >= CacheSpill.flushSize { flush() }
        return failed ? nil : offset
    }

    /// Writes what is pending: before any read.
    func flush() {
        guard !failed, !pending.isEmpty else { return }
        failed = !pending.withUnsafeBytes { FileIO.writeAll($0, to: descriptor) }
        pending.removeAll(keepingCapacity: true)
    }

    /// The `count` bytes at `offset`; nil when they cannot be read back.
    func bytes(at offset: Int, count: Int) -> [UInt8]? {
        guard !failed else { return nil }
        var result = [UInt8](repeating: 0, count: count)
        var done = 0
        while done < count {
            let got = result.withUnsafeMutableBytes { buffer in
                pread(descriptor, buffer.baseAddress.map { $0 + done }, count - done, off_t(offset + done))
            }
            if got < 0 && errno == EINTR { continue }
            guard got > 0 else { return nil }
            done += got
        }
        return result
    }

    deinit {
        close(descriptor)
    }
}

extension StoredBytes {
    /// `body` over the bytes when they are in memory (an empty buffer when they are spilled).
    func withMemory<Result>(_ body: (UnsafeRawBufferPointer) -> Result) -> Result {
        guard case .memory(let bytes) = place else { return body(UnsafeRawBufferPointer(start: nil, count: 0)) }
        return bytes.withUnsafeBytes(body)
    }
}

extension Optional where Wrapped == StoredBytes {
    func withMemory<Result>(_ body: (UnsafeRawBufferPointer) -> Result) -> Result {
        guard let stored = self else { return body(UnsafeRawBufferPointer(start: nil, count: 0)) }
        return stored.withMemory(body)
    }
}
