import Foundation

/// A library: a folder of book files, and its settings.
public struct Library: Sendable {
    /// The root folder, absolute, without a trailing `/`.
    public let root: String
    /// The library's settings, read from `shelf.yaml` (the defaults without one).
    public internal(set) var config: LibraryConfig
    /// The folder holding shelf's caches (`LibraryCacheLocation.defaultFolder`), or nil to read
    /// every file at every load and keep no cache.
    public var cacheFolder: String?
    /// The most the cache folder's library indexes may hold together, in bytes (see
    /// `LibraryCacheFolder`).
    public var cacheLimit: Int64 = LibraryCacheFolder.defaultLimit
    /// The clock a load starts by (nanoseconds since 1970): files changed less than
    /// `LibraryCache.racyWindow` before it are not recorded. Tests move it on, to have files
    /// just written recorded without waiting.
    var clock: @Sendable () -> Int64 = FileStamp.now
    /// How messages about this library's files name a library-relative path: the path itself,
    /// unless `namingPaths(_:)` gave another way (the commands name paths from the current folder).
    var pathDisplay: @Sendable (String) -> String = { $0 }
    /// The bytes of `shelf.yaml`, part of the cache's identity (for a library without one, the
    /// settings inferred from its files; see `Library+InferredVocabulary.swift`).
    var configBytes: [UInt8]
    /// True when the library has a `shelf.yaml`.
    public let hasSettingsFile: Bool

    /// Opens the library at `root`, reading `shelf.yaml` when it is there.
    public init(root: String) throws(LibraryError) {
        let absolute = Library.absolute(root)
        var info = stat()
        guard stat(absolute, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR else { throw .noSuchFolder(root) }
        // Symbolic links are resolved, so paths given through a link and through the real folder
        // agree; through a link, the real folder's path may not be UTF-8 where the link's is.
        if let real = realpath(absolute, nil) {
            defer { free(real) }
            guard let named = String(validatingCString: real) else { throw .notUTF8(MisnamedEntry.shown(real)) }
            self.root = named
        } else {
            self.root = Library.resolved(absolute)
        }
        let configPath = root + "/" + LibraryConfig.fileName
        hasSettingsFile = FileManager.default.fileExists(atPath: configPath)
        if hasSettingsFile {
            do {
                configBytes = try FileIO.read(configPath)
                config = try LibraryConfig(bytes: configBytes)
            } catch let error as DocumentError {
                throw .badConfig(error.at(path: configPath))
            } catch {
                throw .unreadable(FileError(path: configPath, reason: "\(error)"))
            }
        } else {
            configBytes = []
            config = LibraryConfig()
        }
    }

    /// Finds the library: `explicit` (from `--library`), else `$SHELF_LIBRARY`, else the nearest
    /// folder at or above `currentDirectory` holding `shelf.yaml`.
    /// - Parameters: `environment` and `currentDirectory` are looked at only when `explicit` is
    ///   not given: making the environment's dictionary is a measurable part of a query's start.
    public static func locate(
        explicit: String?,
        environment: @autoclosure () -> [String: String] = ProcessInfo.processInfo.environment,
        currentDirectory: @autoclosure () -> String = FileManager.default.currentDirectoryPath
    ) throws(LibraryError) -> Library {
        if let explicit, !explicit.isEmpty { return try Library(root: explicit) }
        if let fromEnvironment = environment()["SHELF_LIBRARY"], !fromEnvironment.isEmpty {
            // The environment's text has U+FFFD in place of bytes that are not UTF-8: it would
            // name another folder, or none.
            if let raw = getenv("SHELF_LIBRARY"), String(validatingCString: raw) == nil {
                throw .notUTF8(MisnamedEntry.shown(raw))
            }
            return try Library(root: fromEnvironment)
        }
        let currentDirectory = currentDirectory()
        var folder = URL(fileURLWithPath: currentDirectory).standardizedFileURL.path
        while true {
            if FileManager.default.fileExists(atPath: folder + "/" + LibraryConfig.fileName) {
                return try Library(root: folder)
            }
            let parent = (folder as NSString).deletingLastPathComponent
            if parent == folder || parent.isEmpty { break }
            folder = parent
        }
        throw .notFound(currentDirectory)
    }

    /// Relative paths of every candidate book file.
    func bookPaths() throws(FileError) -> [String] {
        try BookFileScanner.scan(root: root)
    }

    /// Reads every book and builds the index. Files that fail are returned, not thrown: the rest
    /// of the library still loads.
    /// - Parameter withNotes: index the words of the notes too.
    /// - Parameter withWords: build the word indices of titles, authors and the like (see
    ///   `LibraryIndex`); off for a query of fields alone.
    public func load(withNotes: Bool = false, withWords: Bool = true) throws(FileError) -> (index: LibraryIndex, problems: [LibraryProblem])
    {
        try load(withNotes: withNotes, withWords: withWords, noteFilter: nil)
    }

    /// `load(withNotes:withWords:)`, indexing only the note words `noteFilter` keeps (all when
    /// nil): a query's own words are enough to answer it.
    func load(
        withNotes: Bool = false, withWords: Bool = true, noteFilter: NoteWordFilter?
    ) throws(FileError) -> (index: LibraryIndex, problems: [LibraryProblem]) {
        // Taken before any file is looked at: a file changed after this is never cached as clean.
        let started = clock()
        let scan = try BookFileScanner.scanAll(root: root)
        return load(scan, started: started, cache: nil, withNotes: withNotes, withWords: withWords, noteFilter: noteFilter)
    }

    /// `load` over a scan already made (at `started`), with the cache already read when the
    /// caller has it (nil: read it here).
    func load(
        _ scan: BookFileScanner.Scan, started: Int64, cache: LibraryCache?, withNotes: Bool, withWords: Bool,
        noteFilter: NoteWordFilter?
    ) -> (index: LibraryIndex, problems: [LibraryProblem]) {
        let result = loadBooks(scan.books, withNotes: withNotes, noteFilter: noteFilter, started: started, cache: cache, scan: scan)
        var problems = scan.unreadable.map(LibraryProblem.unreadable) + result.problems
        if !scan.conflicts.isEmpty { problems.append(.conflictCopies(scan.conflicts)) }
        return (LibraryIndex(books: result.books, noteWords: result.noteWords, withWords: withWords || withNotes), problems)
    }

    /// The parsed file at a library-relative path, read whole.
    /// - Throws: `FileError` when it cannot be read (a FIFO or a device is refused before it is
    ///   opened); `DocumentError`, without a path, when its front matter cannot be read.
    public func document(at relative: String) throws -> BookDocument {
        try BookDocument(bytes: FileIO.read(absolutePath(relative)))
    }

    /// The book in a document, read in this library's vocabulary.
    public func book(at path: String, in document: BookDocument) -> Book? {
        Book(path: path, document: document, vocabulary: config.vocabulary)
    }

    /// The absolute path of a path relative to the root.
    public func absolutePath(_ relative: String) -> String {
        root + "/" + relative
    }

    /// The path of `absolute` relative to the root, or nil when it lies outside the library.
    ///
    /// Links in the folders on the way are resolved, but not a link at the end: it names an entry
    /// of its own, which `rm` and `mv` act on (as coreutils do), and which an edit follows
    /// (`BookTarget`) only when its target is a book inside the library.
    func relativePath(_ absolute: String) -> String? {
        let standardized = Library.absolute(absolute)
        guard let slash = standardized.lastIndex(of: "/") else { return nil }
        let name = standardized[standardized.index(after: slash)...]
        let folder = Library.resolved(slash == standardized.startIndex ? "/" : String(standardized[..<slash]))
        let full = (folder == "/" ? "" : folder) + "/" + name
        guard full.hasPrefix(root + "/"), full.count > root.count + 1 else { return nil }
        return String(full.dropFirst(root.count + 1))
    }

    /// The current folder with its links resolved, as `realpath` gives it (the root is resolved
    /// the same way, so that the two compare).
    public static func resolvedCurrentFolder() -> String {
        resolved(currentDirectory())
    }

    /// Throws when the current folder's path is not UTF-8: its text, with U+FFFD in place of the
    /// bytes, would name another folder or none. `shelf` asks once, before any command runs, as
    /// every path it makes from the current folder (the library's, a book's, an export's) would
    /// be wrong.
    public static func requireNamedCurrentFolder() throws(LibraryError) {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        guard getcwd(&buffer, buffer.count) != nil else { return }
        let misnamed = buffer.withUnsafeBufferPointer { raw in
            raw.baseAddress.flatMap { String(validatingCString: $0) == nil ? MisnamedEntry.shown($0) : nil }
        }
        if let misnamed { throw .notUTF8(misnamed) }
    }

    /// The current folder, as `FileManager` gives it, asked of `getcwd` first.
    private static func currentDirectory() -> String {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        if getcwd(&buffer, buffer.count) != nil { return String(nulTerminated: buffer) }
        return FileManager.default.currentDirectoryPath
    }

    /// `path` with symbolic links resolved; for a path that does not exist yet, its folder's.
    static func resolved(_ path: String) -> String {
        // `realpath` for a path that exists: every command resolves its library's root, and
        // `URL`'s first use costs more than the rest of opening the library.
        if path.hasPrefix("/"), let real = realpath(path, nil) {
            defer { free(real) }
            return String(cString: real)
        }
        let url = URL(fileURLWithPath: path)
        if FileManager.default.fileExists(atPath: path) { return url.resolvingSymlinksInPath().path }
        return url.deletingLastPathComponent().resolvingSymlinksInPath().appendingPathComponent(url.lastPathComponent).path
    }

    /// `path` made absolute against the current folder, with `.` and `..` resolved by the text
    /// alone (as `URL.standardizedFileURL` does) and no `/` at the end.
    static func absolute(_ path: String) -> String {
        let expanded = path.hasPrefix("~") ? (path as NSString).expandingTildeInPath : path
        let full = expanded.hasPrefix("/") ? expanded : currentDirectory() + "/" + expanded
        // By components, not through `URL`: every command opens its library this way.
        var parts: [Substring] = []
        for part in full.split(separator: "/", omittingEmptySubsequences: true) {
            switch part {
            case ".": continue
            case "..": if !parts.isEmpty { parts.removeLast() }
            default: parts.append(part)
            }
        }
        return "/" + parts.joined(separator: "/")
    }
}

/// Why a library could not be opened.
public enum LibraryError: Error, Sendable, CustomStringConvertible {
    case notFound(String)
    case noSuchFolder(String)
    case badConfig(DocumentError)
    case unreadable(FileError)
    /// The library's path (or the current folder's, to look for it from) is not UTF-8; shown
    /// with its odd bytes as `\xHH`.
    case notUTF8(String)

    /// The message shown to the user, saying what to do.
    public var description: String {
        switch self {
        case .notFound:
            return "no library here: no shelf.yaml in this folder or any above it. "
                + "Run `shelf init` to make this folder a library, or pass `--library DIR` (or set SHELF_LIBRARY)."
        case .noSuchFolder(let path):
            return "\(path): no such folder"
        case .badConfig(let error):
            return error.description
        case .unreadable(let error):
            return error.description
        case .notUTF8(let shown):
            return "\(shown): the folder's path is not UTF-8, so shelf cannot name the library or its books; "
                + "rename the folder in UTF-8, e.g. `convmv -f latin1 -t utf8 --notest` for a Latin-1 name"
        }
    }
}
