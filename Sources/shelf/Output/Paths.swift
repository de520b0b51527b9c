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
}

extension Library {
    /// The door to this library's files, naming paths as `Paths.display` does.
    var commandWriter: LibraryWriter {
        let library = self
        return LibraryWriter(library: library, display: { Paths.display($0, in: library) })
    }
}
