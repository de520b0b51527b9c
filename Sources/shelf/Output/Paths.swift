import Foundation
import ShelfKit

/// Book paths as the user can open them from the current folder.
enum Paths {
    /// A library-relative path shown relative to the current folder when the library lies below
    /// it, and absolute otherwise.
    static func display(_ relative: String, in library: Library) -> String {
        let current = FileManager.default.currentDirectoryPath
        if library.root == current { return relative }
        if library.root.hasPrefix(current + "/") {
            return String(library.root.dropFirst(current.count + 1)) + "/" + relative
        }
        return library.absolutePath(relative)
    }
}
