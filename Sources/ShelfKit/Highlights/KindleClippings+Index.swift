#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension KindleClippings {
    /// Where each book's clippings lie in a clippings file: the first of two passes. A book's
    /// clippings are spread through the file (a reader goes back to a book for years); the
    /// second pass reads one book's clippings back by their offsets (`highlights(of:in:)`), so an
    /// import holds one book's highlights at a time and 12 bytes a clipping, not the file's text.
    struct Index: Sendable, Equatable {
        struct Book: Sendable, Equatable {
            var title: String
            var authors: [String]
            /// Each clipping's first byte in the file and its length, in the file's order.
            var starts: [Int] = []
            var lengths: [UInt32] = []
        }

        /// In the order each book first appears.
        var books: [Book] = []
        /// Bookmarks, which carry no text.
        var bookmarks = 0
    }

    /// Builds an `Index` from lines given with their offsets: an entry's bytes run from its
    /// first line to the separator line after it (or the end of the file).
    struct Indexer {
        private(set) var index = Index()
        private var byKey: [String: Int] = [:]
        private var entry: [Substring] = []
        private var entryStart = 0

        mutating func read(_ rawLine: Substring, start: Int, end: Int) {
            guard let line = KindleClippings.entryLine(rawLine) else {
                flush(upTo: start)
                entryStart = end
                return
            }
            entry.append(line)
        }

        mutating func finish(at end: Int) -> Index {
            flush(upTo: end)
            return index
        }

        private mutating func flush(upTo end: Int) {
            defer { entry.removeAll(keepingCapacity: true) }
            // Only the entry's first two lines are read (its book and kind): the second pass
            // reads the rest of its clippings; only where it lies is kept.
            guard let (kind, bookKey, _) = KindleClippings.head(of: entry) else { return }
            if kind == .bookmark {
                index.bookmarks += 1
                return
            }
            let number: Int
            if let known = byKey[bookKey] {
                number = known
            } else {
                number = index.books.count
                byKey[bookKey] = number
                let (title, authors) = KindleClippings.titleAndAuthors(bookKey)
                index.books.append(Index.Book(title: title, authors: authors))
            }
            index.books[number].starts.append(entryStart)
            index.books[number].lengths.append(UInt32(clamping: end - entryStart))
        }
    }

    /// The highlights of one indexed book, read back from `file`: the same highlights a whole
    /// reading of the file gives that book.
    static func highlights(of book: Index.Book, in file: ReadBackFile) throws(HighlightSourceError) -> [Highlight] {
        var reader = Reader()
        for (start, length) in zip(book.starts, book.lengths) {
            let bytes = try file.read(at: start, count: Int(length))
            var lineStart = bytes.startIndex
            while let end = bytes[lineStart...].firstIndex(of: 0x0A) {
                reader.read(Substring(String(decoding: bytes[lineStart..<end], as: UTF8.self)))
                lineStart = end + 1
            }
            if lineStart < bytes.endIndex { reader.read(Substring(String(decoding: bytes[lineStart...], as: UTF8.self))) }
            reader.read(Substring(KindleClippings.separator))
        }
        return reader.finish().books.first?.highlights ?? []
    }
}

/// A file read a second time at the offsets a first reading found: kept open, and checked
/// unchanged (size and modification time) before each read, so a file changed between the two
/// passes is reported rather than read at offsets that no longer mean anything.
final class ReadBackFile: @unchecked Sendable {
    let path: String
    let descriptor: Int32
    private let stamp: FileStamp
    /// The file's size in bytes.
    var size: Int { Int(stamp.size) }

    /// Takes `descriptor` (closed with this object) as it is now.
    init(descriptor: Int32, path: String) throws(HighlightSourceError) {
        var info = stat()
        guard fstat(descriptor, &info) == 0 else {
            close(descriptor)
            throw HighlightSourceError(path: path, reason: String(cString: strerror(errno)).lowercased())
        }
        self.descriptor = descriptor
        self.path = path
        stamp = FileStamp(info)
    }

    deinit {
        close(descriptor)
    }

    func read(at offset: Int, count: Int) throws(HighlightSourceError) -> [UInt8] {
        var info = stat()
        guard fstat(descriptor, &info) == 0, FileStamp(info) == stamp else {
            throw HighlightSourceError(
                path: path,
                reason: "changed while shelf read it (the device or another program wrote it); "
                    + "import it again")
        }
        var bytes = [UInt8](repeating: 0, count: count)
        var done = 0
        while done < count {
            let got = bytes.withUnsafeMutableBytes {
                pread(descriptor, $0.baseAddress.map { $0 + done }, count - done, off_t(offset + done))
            }
            if got < 0 && errno == EINTR { continue }
            guard got > 0 else { throw HighlightSourceError(path: path, reason: "ended before shelf read it again; import it again") }
            done += got
        }
        return bytes
    }
}
