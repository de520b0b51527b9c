#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// Where highlights come from, told apart by their shape, not their name alone.
public enum HighlightSourceKind: String, Sendable, CaseIterable {
    case kindle, koreader, koreaderStatistics = "koreader-statistics", kobo, readwise

    /// How reports name the source.
    public var displayName: String {
        switch self {
        case .kindle: return "Kindle clippings"
        case .koreader: return "KOReader sidecar"
        case .koreaderStatistics: return "KOReader statistics"
        case .kobo: return "Kobo database"
        case .readwise: return "Readwise CSV"
        }
    }
}

/// One file read: what it was, and the books in it.
struct HighlightSourceFile: Sendable {
    var path: String
    var kind: HighlightSourceKind
    var books: [HighlightedBook]
    /// Kindle bookmarks seen (they carry no text and are not imported).
    var bookmarks = 0
    /// A clippings file read in two passes: where each book's clippings lie, and the file they
    /// are read back from. `books` then hold each book's title and authors, not its highlights.
    var readBack: (index: KindleClippings.Index, file: ReadBackFile)?

    init(path: String, kind: HighlightSourceKind, books: [HighlightedBook], bookmarks: Int = 0) {
        self.path = path
        self.kind = kind
        self.books = books
        self.bookmarks = bookmarks
    }

    /// A clippings file indexed (`KindleClippings.index`), its highlights read book by book.
    init(path: String, index: KindleClippings.Index, file: ReadBackFile) {
        self.init(
            path: path, kind: .kindle, books: index.books.map { HighlightedBook(title: $0.title, authors: $0.authors) },
            bookmarks: index.bookmarks)
        readBack = (index, file)
    }

    /// The highlights of `books[number]`.
    func highlights(ofBook number: Int) throws(HighlightSourceError) -> [Highlight] {
        guard let readBack else { return books[number].highlights }
        return try KindleClippings.highlights(of: readBack.index.books[number], in: readBack.file)
    }
}

/// Why a source could not be read.
struct HighlightSourceError: Error, Sendable, CustomStringConvertible {
    var path: String
    var reason: String
    var description: String { "\(path): \(reason)" }
}

/// Finds and reads highlight sources: a file (clippings, sidecar, database, CSV), or a folder — a
/// mounted e-reader or a copy of one — searched for the files each device keeps.
enum HighlightSource {
    /// A text source larger than this is refused rather than read into memory.
    static let maximumTextBytes = 256 * 1024 * 1024
    /// How deep a folder is searched, and how many entries at most: an e-reader's tree is shallow.
    static let maximumDepth = 8
    static let maximumEntries = 200_000

    /// Every source in `path`; a folder yields each device file it holds.
    /// - Parameter progress: told the bytes read and the size of a clippings file as it is indexed.
    static func read(
        _ path: String, warn: (String) -> Void, progress: ((Int, Int) -> Void)? = nil
    ) throws(HighlightSourceError) -> [HighlightSourceFile] {
        var info = stat()
        guard stat(path, &info) == 0 else {
            throw HighlightSourceError(path: path, reason: String(cString: strerror(errno)).lowercased())
        }
        if info.st_mode & S_IFMT == S_IFDIR {
            let files = candidates(in: path, warn: warn)
            guard !files.isEmpty else {
                throw HighlightSourceError(
                    path: path,
                    reason: "holds no highlights shelf knows: no My Clippings.txt (Kindle), "
                        + "*.sdr/metadata.*.lua (KOReader), .kobo/KoboReader.sqlite (Kobo), statistics.sqlite3 (KOReader) or "
                        + "Readwise CSV. See docs/highlights.md for where each device keeps them")
            }
            var read: [HighlightSourceFile] = []
            for file in files {
                do {
                    if let source = try readFile(file, progress: progress) { read.append(source) }
                } catch {
                    warn(error.description)
                }
            }
            return read
        }
        guard let source = try readFile(path, progress: progress) else {
            throw HighlightSourceError(
                path: path,
                reason: "is not a highlights file shelf knows: expected Kindle's My Clippings.txt, "
                    + "a KOReader metadata.*.lua sidecar or statistics.sqlite3, a Kobo KoboReader.sqlite, or a Readwise CSV export")
        }
        return [source]
    }

    /// The files in a folder that may hold highlights, in a stable order. Links are not followed.
    static func candidates(in root: String, warn: (String) -> Void) -> [String] {
        var found: [String] = []
        var seen = 0
        func walk(_ folder: String, depth: Int) {
            guard depth <= maximumDepth, seen < maximumEntries,
                let names = try? FileManager.default.contentsOfDirectory(atPath: folder)
            else { return }
            for name in names.sorted() {
                seen += 1
                let path = folder + "/" + name
                var info = stat()
                guard lstat(path, &info) == 0 else { continue }
                let lowered = name.lowercased()
                switch info.st_mode & S_IFMT {
                case S_IFDIR:
                    // Hidden folders are skipped, except where Kobo keeps its database.
                    if name.hasPrefix(".") && lowered != ".kobo" && lowered != ".adds" { continue }
                    walk(path, depth: depth + 1)
                case S_IFREG:
                    if lowered == "my clippings.txt" || lowered == "koboreader.sqlite" || lowered == "statistics.sqlite3"
                        || (lowered.hasPrefix("metadata.") && lowered.hasSuffix(".lua") && folder.lowercased().hasSuffix(".sdr"))
                    {
                        found.append(path)
                    }
                default:
                    continue
                }
            }
        }
        walk(root.hasSuffix("/") && root.count > 1 ? String(root.dropLast()) : root, depth: 0)
        if seen >= maximumEntries { warn("\(root): searched only the first \(maximumEntries) entries; name the file itself to read more") }
        return found
    }

    /// One file as a source, or nil when it is of no shape shelf knows.
    static func readFile(_ path: String, progress: ((Int, Int) -> Void)? = nil) throws(HighlightSourceError) -> HighlightSourceFile? {
        let head: [UInt8]
        do {
            head = try prefix(of: path, count: 16)
        } catch {
            throw HighlightSourceError(path: path, reason: error.reason)
        }
        if head.starts(with: Array("SQLite format 3".utf8)) { return try readDatabase(path) }
        let lowered = path.lowercased()
        if lowered.hasSuffix(".sqlite") || lowered.hasSuffix(".sqlite3") || lowered.hasSuffix(".db") {
            throw HighlightSourceError(
                path: path,
                reason: "is named as a database but is not a SQLite database (it does not start as one does); "
                    + "it may be damaged or only partly copied: copy it again from the e-reader (a Kobo's is .kobo/KoboReader.sqlite)")
        }
        if FileKind.isPipe(path) { return try readPipe(path, progress: progress) }
        if let clippings = try readClippings(path, progress: progress) { return clippings }
        return try read(path, text: readText(path))
    }

    /// A source's text, as the kind of file its name and first lines show.
    static func read(_ path: String, text: String) throws(HighlightSourceError) -> HighlightSourceFile? {
        if path.lowercased().hasSuffix(".lua") || text.hasPrefix("-- ") || text.hasPrefix("return {") {
            do {
                guard let book = try KOReaderSidecar.parse(text) else { return nil }
                return HighlightSourceFile(path: path, kind: .koreader, books: [book])
            } catch {
                throw HighlightSourceError(path: path, reason: "is not a KOReader sidecar shelf can read (\(error))")
            }
        }
        if KindleClippings.looksLike(text[...]) {
            let parsed = KindleClippings.parse(text)
            return HighlightSourceFile(path: path, kind: .kindle, books: parsed.books, bookmarks: parsed.bookmarks)
        }
        let table = CSVTable(text: text)
        if ReadwiseCSV.looksLike(table) {
            return HighlightSourceFile(path: path, kind: .readwise, books: ReadwiseCSV.parse(table))
        }
        return nil
    }

    /// A regular file whose first bytes show a Kindle's clippings, read a line at a time (a
    /// clippings file may be hundreds of megabytes); nil for any other file, read whole.
    private static func readClippings(_ path: String, progress: ((Int, Int) -> Void)?) throws(HighlightSourceError) -> HighlightSourceFile?
    {
        let head: [UInt8]
        do {
            head = try prefix(of: path, count: clippingsHead)
        } catch {
            throw HighlightSourceError(path: path, reason: error.reason)
        }
        guard isClippings(path, head: head) else { return nil }
        var info = stat()
        guard stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
        guard Int(info.st_size) <= maximumTextBytes else {
            throw HighlightSourceError(
                path: path,
                reason: "is \(info.st_size / 1_048_576) MiB; shelf reads highlight files up to "
                    + "\(maximumTextBytes / 1_048_576) MiB")
        }
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw HighlightSourceError(path: path, reason: FileError.fromErrno(path, "cannot open").reason) }
        return try indexClippings(ReadBackFile(descriptor: descriptor, path: path), progress: progress)
    }

    /// The bytes whose text tells a clippings file (`KindleClippings.looksLike` looks this far).
    static let clippingsHead = 64 * 1024

    /// Whether a file named `path` whose first bytes are `head` is a Kindle's clippings.
    static func isClippings(_ path: String, head: [UInt8]) -> Bool {
        let text = String(decoding: head, as: UTF8.self)
        return !path.lowercased().hasSuffix(".lua") && !text.hasPrefix("-- ") && !text.hasPrefix("return {")
            && KindleClippings.looksLike(text[...])
    }

    private static func readDatabase(_ path: String) throws(HighlightSourceError) -> HighlightSourceFile? {
        do {
            let database = try SQLiteDatabase(path: path)
            let tables = try database.tables()
            if KoboDatabase.looksLike(tables) {
                return HighlightSourceFile(path: path, kind: .kobo, books: try KoboDatabase.read(database))
            }
            if KOReaderStatistics.looksLike(tables) {
                return HighlightSourceFile(path: path, kind: .koreaderStatistics, books: try KOReaderStatistics.read(database))
            }
            return nil
        } catch {
            throw HighlightSourceError(
                path: path,
                reason: error.description.hasPrefix(path) ? String(error.description.dropFirst(path.count + 2)) : error.description)
        }
    }

    /// The file as UTF-8 text (a byte order mark kept for the parsers to drop), refusing
    /// special files, huge files and bytes that are not UTF-8, with the line and column.
    private static func readText(_ path: String) throws(HighlightSourceError) -> String {
        try text(of: readBounded(path), path: path)
    }

    /// Bytes as UTF-8 text, or an error naming the line and column of the first that is not.
    static func text(of bytes: [UInt8], path: String) throws(HighlightSourceError) -> String {
        let invalid = bytes.withUnsafeBufferPointer { buffer -> (line: Int, column: Int)? in
            UTF8Validation.firstInvalidOffset(buffer).map { UTF8Validation.lineAndColumn(of: $0, in: buffer) }
        }
        if let invalid {
            throw HighlightSourceError(
                path: path,
                reason: "line \(invalid.line), column \(invalid.column): not UTF-8 text; "
                    + "save it as UTF-8 and import it again")
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// A regular file read to its end, never past `maximumTextBytes`; a device is refused
    /// (`/dev/zero` would never end). A pipe is read by `readPipe`.
    private static func readBounded(_ path: String) throws(HighlightSourceError) -> [UInt8] {
        var info = stat()
        guard stat(path, &info) == 0 else {
            throw HighlightSourceError(path: path, reason: FileError.fromErrno(path, "cannot open").reason)
        }
        guard info.st_mode & S_IFMT == S_IFREG else {
            throw HighlightSourceError(
                path: path, reason: "is \(FileKind.name(of: info.st_mode)), not a file shelf can read highlights from")
        }
        guard Int(info.st_size) <= maximumTextBytes else {
            throw HighlightSourceError(
                path: path,
                reason: "is \(info.st_size / 1_048_576) MiB; shelf reads highlight files up to "
                    + "\(maximumTextBytes / 1_048_576) MiB")
        }
        do {
            return try FileIO.read(path)
        } catch {
            throw HighlightSourceError(path: path, reason: error.reason)
        }
    }

    /// The first bytes of a file, without blocking on a FIFO.
    private static func prefix(of path: String, count: Int) throws(FileError) -> [UInt8] {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY)
        guard descriptor >= 0 else { throw FileError.fromErrno(path, "cannot open") }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw FileError.fromErrno(path, "cannot stat") }
        guard info.st_mode & S_IFMT == S_IFREG else { return [] }
        var buffer = [UInt8](repeating: 0, count: count)
        let got = buffer.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, count) }
        return got > 0 ? Array(buffer.prefix(got)) : []
    }
}
