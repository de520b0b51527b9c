#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A book file a write may go to: its folder held open, its name in it, and its path relative
/// to the library root. Only a name the library lists as a book qualifies: a `.md` file outside
/// hidden folders (`.git`, `.obsidian`), not hidden itself, not a sync tool's conflict copy.
struct BookTarget {
    var folder: OpenFolder
    var name: String
    /// The path relative to the library root, links resolved (for an edit) or not (for `rm`
    /// and `mv`, which act on the entry itself).
    var relative: String

    /// The file a change to the book at `relative` must go to.
    /// - Parameter followLink: edit a link's target (which must itself be a book inside the
    ///   library); otherwise the entry itself, a link or not, is the target. Folders on the way
    ///   are never links (`OpenFolder` refuses them).
    /// - Parameter folders: folders already open, shared by the targets of a batch (thousands
    ///   of books must not hold thousands of descriptors).
    static func resolve(_ relative: String, in library: Library, followLink: Bool, folders: OpenFolders? = nil) throws -> BookTarget {
        try LibraryPath.checkBookPath(relative)
        let real = followLink ? try linkTarget(relative, in: library) ?? relative : relative
        let (folder, name) = LibraryPath.split(real)
        let open = try folders?.folder(folder, below: library.root) ?? OpenFolder.open(folder, below: library.root)
        return BookTarget(folder: open, name: name, relative: real)
    }

    /// The book a link at `relative` leads to, relative to the root; nil when `relative` is not
    /// a link. Throws when the link leads out of the library, to nothing, or to a file that is
    /// not a book. Folders are opened without following links, so only a link at the end needs
    /// resolving (the library lists no book under a linked folder).
    static func linkTarget(_ relative: String, in library: Library) throws -> String? {
        let absolute = library.absolutePath(relative)
        var entry = stat()
        guard lstat(absolute, &entry) == 0, (entry.st_mode & S_IFMT) == S_IFLNK else { return nil }
        guard let resolved = realPath(absolute) else { throw FileError.fromErrno(relative, "cannot open") }
        guard resolved.hasPrefix(library.root + "/") else {
            throw Library.OutsideLibrary(path: relative, target: resolved)
        }
        let real = String(resolved.dropFirst(library.root.count + 1))
        if real != relative { try LibraryPath.checkBookPath(real, linkedFrom: relative) }
        return real
    }

    /// `realpath(3)`: the path with every link resolved; nil when it does not exist.
    static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}

/// The folders a batch has open, each opened once.
final class OpenFolders {
    private var open: [String: OpenFolder] = [:]

    func folder(_ relative: String, below root: String) throws(FileError) -> OpenFolder {
        if let folder = open[relative] { return folder }
        let folder = try OpenFolder.open(relative, below: root)
        open[relative] = folder
        return folder
    }
}

/// Paths inside a library, checked before anything is written to them.
enum LibraryPath {
    /// Why a path is not one shelf writes a book at.
    struct NotABook: Error, Sendable, CustomStringConvertible {
        var path: String
        var reason: String
        var description: String { "\(path): \(reason); shelf changes only book files" }
    }

    /// Throws unless `relative` is where the library could list a book: `.md`, not hidden, not
    /// in a hidden or templates folder, not Hugo's `_index.md`, no `.` or `..`, not a conflict copy.
    static func checkBookPath(_ relative: String, linkedFrom link: String? = nil) throws(NotABook) {
        let shown = link.map { "\($0) (a link to \(relative))" } ?? relative
        let components = relative.split(separator: "/", omittingEmptySubsequences: false)
        guard !relative.isEmpty, !relative.hasPrefix("/"), !components.contains(where: { $0.isEmpty || $0 == "." || $0 == ".." }) else {
            throw NotABook(path: shown, reason: "not a path inside the library")
        }
        if let hidden = components.dropLast().first(where: { $0.hasPrefix(".") }) {
            throw NotABook(path: shown, reason: "is inside the hidden folder \(hidden)")
        }
        if let templates = components.dropLast().first(where: { BookFileScanner.isTemplateFolder(String($0)) }) {
            throw NotABook(path: shown, reason: "is inside the templates folder \(templates); its notes are templates, not books")
        }
        guard let name = components.last, BookFileScanner.isCandidate(String(name)) else {
            throw NotABook(path: shown, reason: "is not a book file (a book is a .md file whose name does not start with a dot)")
        }
        if ConflictCopy(path: relative) != nil {
            throw NotABook(path: shown, reason: "is a sync conflict copy (merge it with `shelf conflicts resolve`)")
        }
    }

    /// The folder part (`""` at the root) and the name of a relative path.
    static func split(_ relative: String) -> (folder: String, name: String) {
        guard let slash = relative.lastIndex(of: "/") else { return ("", relative) }
        return (String(relative[..<slash]), String(relative[relative.index(after: slash)...]))
    }
}
