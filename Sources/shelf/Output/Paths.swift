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

    /// How paths are named from the current folder (see `PathNaming.init(root:current:)`).
    static func naming(in library: Library) -> PathNaming {
        PathNaming(root: library.root, current: currentFolder)
    }

    /// Library-relative paths as `display` names them, one per line.
    static func lines(_ relative: [String], in library: Library) -> String {
        String(decoding: lineBytes(OrderedPaths(paths: relative), limit: nil, in: library), as: UTF8.self)
    }

    /// The first `limit` of `ordered` (all when nil) as `display` names them, one per line: one
    /// buffer of UTF-8 bytes, each path copied from the index where it holds them, for
    /// `Output.write(utf8:)`.
    static func lineBytes(_ ordered: OrderedPaths, limit: Int?, in library: Library) -> [UInt8] {
        ordered.lines(naming(in: library), limit: limit)
    }
}

extension Library {
    /// This library with the actions' messages naming paths as `Paths.display` does.
    var namingPathsFromHere: Library {
        let library = self
        return namingPaths { Paths.display($0, in: library) }
    }
}
