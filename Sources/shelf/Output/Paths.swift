import Foundation
import ShelfKit

/// Book paths as the user can open them from the current folder.
enum Paths {
    /// The current folder, links resolved, worked out once: a listing names thousands of paths.
    private static let currentFolder = Library.resolvedCurrentFolder()

    /// A library-relative path shown relative to the current folder when the current folder is
    /// in the library or above it (`../classics/x.md` from a sibling folder), else absolute.
    static func display(_ relative: String, in library: Library) -> String {
        if let prefix = sharedPrefix(in: library) { return prefix + relative }
        let current = currentFolder
        if current.hasPrefix(library.root + "/") {
            let depth = current.dropFirst(library.root.count + 1).split(separator: "/").count
            let up = String(repeating: "../", count: depth)
            let inside = current.dropFirst(library.root.count + 1) + "/"
            return relative.hasPrefix(inside) ? String(relative.dropFirst(inside.count)) : up + relative
        }
        return library.absolutePath(relative)
    }

    /// What every path gets in front when the current folder is the root or above it (empty at
    /// the root); nil when paths must each be worked out (`display`).
    static func sharedPrefix(in library: Library) -> String? {
        let current = currentFolder
        if current == library.root { return "" }
        if library.root.hasPrefix(current + "/") || current == "/" {
            return String((library.root + "/").dropFirst(current == "/" ? 1 : current.count + 1))
        }
        return nil
    }

    /// Library-relative paths as `display` names them, one per line.
    static func lines(_ relative: [String], in library: Library) -> String {
        lines(OrderedPaths(paths: relative), limit: nil, in: library)
    }

    /// The first `limit` of `ordered` (all when nil) as `display` names them, one per line. When
    /// the current folder is the root or above it, every path gets the same prefix: thousands of
    /// lines are then one buffer of bytes, copied from the index where it holds them.
    static func lines(_ ordered: OrderedPaths, limit: Int?, in library: Library) -> String {
        guard let prefix = sharedPrefix(in: library) else {
            return ordered.paths.prefix(limit ?? ordered.count).map { display($0, in: library) + "\n" }.joined()
        }
        return String(decoding: ordered.lines(prefix: prefix, limit: limit), as: UTF8.self)
    }
}

extension Library {
    /// The door to this library's files, naming paths as `Paths.display` does.
    var commandWriter: LibraryWriter {
        let library = self
        return LibraryWriter(library: library, display: { Paths.display($0, in: library) })
    }
}
