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
    /// The old cache's entry still holds, but was recorded without the note words now wanted:
    /// its bytes are copied as they are, but for its Bloom filter and the note words, read now.
    case keptAddingNotes(NotesAdded)
}

/// The note words of a file the old cache records, unchanged, without them; and the entry's
/// Bloom filter with those words added (a filter holds a word as two bits, so the words already
/// in it need not be hashed again).
final class NotesAdded: Sendable {
    let entry: Int
    let bloom: [UInt8]
    let notes: StoredBytes

    init(entry: Int, bloom: [UInt8], notes: StoredBytes) {
        self.entry = entry
        self.bloom = bloom
        self.notes = notes
    }
}

/// A file read now, as the next cache records it. A class, and the small parts in one array: the
/// cache's writer passes over every record several times, and each pass copied (retained and
/// released) every array of every record.
final class FreshRecord: Sendable {
    let stamp: FileStamp
    let isBook: Bool
    /// The encoded folded tags, columns and words (all empty for a file that is not a book), and
    /// the `WordBloom` of the words and the note words, one after the other.
    let small: [UInt8]
    let tags: Range<Int>
    let columns: Range<Int>
    let words: Range<Int>
    let bloom: Range<Int>
    /// The encoded book (empty for a file that is not a book).
    let book: StoredBytes
    /// The encoded note words, when they were read.
    let notes: StoredBytes?

    /// - Parameter ends: where the tags, the columns and the words end in `small`; the Bloom
    ///   filter is the rest.
    init(
        stamp: FileStamp, isBook: Bool, small: [UInt8], ends: (tags: Int, columns: Int, words: Int), book: StoredBytes, notes: StoredBytes?
    ) {
        self.stamp = stamp
        self.isBook = isBook
        self.small = small
        tags = 0..<ends.tags
        columns = ends.tags..<ends.columns
        words = ends.columns..<ends.words
        bloom = ends.words..<small.count
        self.book = book
        self.notes = notes
    }
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

    /// `body` over the `count` bytes at `offset`; nil when they cannot be read back.
    ///
    /// Read through a window of at least `flushSize` bytes: the cache's writer asks for each
    /// worker's parts in the order they were appended, so a whole spill is read back in a few
    /// large reads instead of one per book.
    func withBytes<Result>(at offset: Int, count: Int, _ body: (UnsafeRawBufferPointer) -> Result) -> Result? {
        guard !failed, offset >= 0, count >= 0 else { return nil }
        if offset < windowStart || offset + count > windowStart + windowCount {
            guard refill(from: offset, atLeast: count) else { return nil }
        }
        return window.withUnsafeBytes { buffer in
            body(UnsafeRawBufferPointer(rebasing: buffer[(offset - windowStart)..<(offset - windowStart + count)]))
        }
    }

    /// The window the last read filled, where it starts in the file, and how much of it was read.
    private var window: [UInt8] = []
    private var windowStart = 0
    private var windowCount = 0

    /// Reads the window again from `offset`: `flushSize` bytes, or `count` if more, or less where
    /// the file ends; false when not even `count` bytes can be read.
    private func refill(from offset: Int, atLeast count: Int) -> Bool {
        let wanted = max(count, CacheSpill.flushSize)
        if window.count < wanted { window = [UInt8](repeating: 0, count: wanted) }
        windowStart = offset
        windowCount = 0
        while windowCount < wanted {
            let got = window.withUnsafeMutableBytes { buffer in
                pread(descriptor, buffer.baseAddress.map { $0 + windowCount }, wanted - windowCount, off_t(offset + windowCount))
            }
            if got < 0 && errno == EINTR { continue }
            guard got > 0 else { break }
            windowCount += got
        }
        return windowCount >= count
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
