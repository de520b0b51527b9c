import Foundation
import ShelfKit

/// Book paths as the user can open them from the current folder.
enum Paths {
    /// The current folder, links resolved, worked out once: a listing names thousands of paths.
    private static let currentFolder = URL(fileURLWithPath: FileManager.default.currentDirectoryPath).resolvingSymlinksInPath().path

    /// A library-relative path shown relative to the current folder when the current folder is
    /// in the library or above it (`../classics/x.md` from a sibling folder), else absolute.
    static func display(_ relative: String, in library: Library) -> String {
        let current = currentFolder
        if current == library.root { return relative }
        let target = library.absolutePath(relative)
        if library.root.hasPrefix(current + "/") || current == "/" {
            return String(target.dropFirst(current == "/" ? 1 : current.count + 1))
        }
        if current.hasPrefix(library.root + "/") {
            let depth = current.dropFirst(library.root.count + 1).split(separator: "/").count
            let up = String(repeating: "../", count: depth)
            let inside = current.dropFirst(library.root.count + 1) + "/"
            return relative.hasPrefix(inside) ? String(relative.dropFirst(inside.count)) : up + relative
        }
        return target
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

    /// Library-relative paths as `display` names them, one per line. When the current folder is
    /// the root or above it, every path gets the same prefix: thousands of lines are then made
    /// without a string per path.
    static func lines(_ relative: [String], in library: Library) -> String {
        guard let prefix = sharedPrefix(in: library) else {
            return relative.map { display($0, in: library) + "\n" }.joined()
        }
        // Built as bytes: appending to a `String` three times a path cost more than finding
        // the paths in the index.
        var bytes: [UInt8] = []
        bytes.reserveCapacity(relative.reduce(0) { $0 + $1.utf8.count } + relative.count * (prefix.utf8.count + 1))
        for path in relative {
            bytes.append(contentsOf: prefix.utf8)
            bytes.append(contentsOf: path.utf8)
            bytes.append(0x0A)
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The first `limit` of `ordered` as `lines` writes them, copied from the index where it
    /// holds them.
    static func lines(_ ordered: OrderedPaths, limit: Int?, in library: Library) -> String {
        guard let prefix = sharedPrefix(in: library) else {
            return lines(Array(ordered.paths.prefix(limit ?? ordered.count)), in: library)
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
