#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The other names a book has inside its library: links that lead to its file
/// (`favourites/dune.md -> ../dune.md`), and the file itself when the book was named by a link.
/// `ls` lists such a book once, under its own name; `show` names the others.
enum BookLinks {
    /// The library-relative paths other than `relative` that reach the same file, sorted. Folders
    /// are walked without following links, hidden and template folders left out, as the scan
    /// does; the walk stops after `limit` entries (a library holds far fewer).
    static func otherNames(of relative: String, in library: Library, limit: Int = 500_000) -> [String] {
        guard let target = BookTarget.realPath(library.absolutePath(relative)) else { return [] }
        var found: [String] = []
        var seen = 0
        var folders = [""]
        while let folder = folders.popLast(), seen < limit {
            for name in FolderEntries(folder.isEmpty ? library.root : library.absolutePath(folder)) where !name.hasPrefix(".") {
                seen += 1
                let path = folder.isEmpty ? name : folder + "/" + name
                var info = stat()
                guard lstat(library.absolutePath(path), &info) == 0 else { continue }
                switch info.st_mode & S_IFMT {
                case S_IFDIR:
                    if !BookFileScanner.isTemplateFolder(name) { folders.append(path) }
                case S_IFLNK, S_IFREG:
                    guard path != relative, BookFileScanner.isCandidate(name),
                        BookTarget.realPath(library.absolutePath(path)) == target
                    else { continue }
                    found.append(path)
                default:
                    continue
                }
            }
        }
        return found.sorted()
    }
}

extension Library {
    /// The other library-relative paths that reach the book at `relative` (links to its file,
    /// or the file itself when `relative` is a link), sorted; `show` names them.
    public func otherNames(of relative: String) -> [String] {
        BookLinks.otherNames(of: relative, in: self)
    }
}
