import Foundation
import ShelfKit

/// Book paths as the user can open them from the current folder.
enum Paths {
    /// The current folder, links resolved, worked out once: a listing names thousands of paths.
    private static let currentFolder = Library.resolvedCurrentFolder()

    /// A library-relative path shown relative to the current folder when the current folder is
    /// in the library or above it (`../classics/x.md` from a sibling folder), else absolute.
    static func display(_ relative: String, in library: Library) -> String {
        naming(in: library).display(relative)
    }

    /// How paths are named from the current folder:
    /// - at the root: as they are;
    /// - from a folder above it: after the way down;
    /// - from a folder inside it: a path under that folder without the folder's own part, any
    ///   other after the way up (`../`);
    /// - from anywhere else: after the root (absolute).
    static func naming(in library: Library) -> PathNaming {
        let current = currentFolder
        if current == library.root { return PathNaming(prefix: "") }
        if library.root.hasPrefix(current + "/") || current == "/" {
            return PathNaming(prefix: String((library.root + "/").dropFirst(current == "/" ? 1 : current.count + 1)))
        }
        guard current.hasPrefix(library.root + "/") else { return PathNaming(prefix: library.root + "/") }
        let inside = current.dropFirst(library.root.count + 1)
        let depth = inside.split(separator: "/").count
        return PathNaming(prefix: String(repeating: "../", count: depth), within: inside + "/")
    }

    /// Library-relative paths as `display` names them, one per line.
    static func lines(_ relative: [String], in library: Library) -> String {
        lines(OrderedPaths(paths: relative), limit: nil, in: library)
    }

    /// The first `limit` of `ordered` (all when nil) as `display` names them, one per line: one
    /// buffer of bytes, each path copied from the index where it holds them.
    static func lines(_ ordered: OrderedPaths, limit: Int?, in library: Library) -> String {
        String(decoding: ordered.lines(naming(in: library), limit: limit), as: UTF8.self)
    }
}

extension Library {
    /// The door to this library's files, naming paths as `Paths.display` does.
    var commandWriter: LibraryWriter {
        let library = self
        return LibraryWriter(library: library, display: { Paths.display($0, in: library) })
    }
}
