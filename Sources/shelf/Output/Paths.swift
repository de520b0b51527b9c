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

    /// Library-relative paths as `display` names them, one per line. When the current folder is
    /// the root or above it, every path gets the same prefix: thousands of lines are then made
    /// without a string per path.
    static func lines(_ relative: [String], in library: Library) -> String {
        let current = currentFolder
        let prefix: String
        if current == library.root {
            prefix = ""
        } else if library.root.hasPrefix(current + "/") || current == "/" {
            prefix = String((library.root + "/").dropFirst(current == "/" ? 1 : current.count + 1))
        } else {
            return relative.map { display($0, in: library) + "\n" }.joined()
        }
        var text = ""
        text.reserveCapacity(relative.reduce(0) { $0 + $1.utf8.count } + relative.count * (prefix.utf8.count + 1))
        for path in relative {
            text += prefix
            text += path
            text += "\n"
        }
        return text
    }
}

extension Library {
    /// The door to this library's files, naming paths as `Paths.display` does.
    var commandWriter: LibraryWriter {
        let library = self
        return LibraryWriter(library: library, display: { Paths.display($0, in: library) })
    }
}
