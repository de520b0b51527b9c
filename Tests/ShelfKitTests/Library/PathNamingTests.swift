import Testing
@testable import ShelfKit

/// `PathNaming(root:current:)` names a library's paths from the current folder; folders are the
/// same only when their bytes are, as for the file system.
@Suite struct PathNamingTests {
    /// How `relative` is named from `current` for the library at `root`.
    func name(_ relative: String, root: String, from current: String) -> String {
        PathNaming(root: root, current: current).display(relative)
    }

    @Test func fromTheRootPathsAreAsTheyAre() {
        #expect(name("sf/dune.md", root: "/home/ann/books", from: "/home/ann/books") == "sf/dune.md")
        #expect(name("sf/dune.md", root: "/", from: "/") == "sf/dune.md")
    }

    @Test func fromAboveTheRootPathsGoDown() {
        #expect(name("dune.md", root: "/home/ann/books", from: "/home/ann") == "books/dune.md")
        #expect(name("dune.md", root: "/home/ann/books", from: "/home") == "ann/books/dune.md")
        #expect(name("dune.md", root: "/home/ann/books", from: "/") == "home/ann/books/dune.md")
    }

    @Test func fromInsidePathsUnderTheFolderLoseItsPartAndOthersGoUp() {
        let root = "/home/ann/books"
        #expect(name("sf/old/dune.md", root: root, from: "/home/ann/books/sf") == "old/dune.md")
        #expect(name("classics/emma.md", root: root, from: "/home/ann/books/sf") == "../classics/emma.md")
        #expect(name("emma.md", root: root, from: "/home/ann/books/sf/old") == "../../emma.md")
        #expect(name("sf/dune.md", root: "/", from: "/sf") == "dune.md")
        #expect(name("x.md", root: "/", from: "/sf/old") == "../../x.md")
    }

    @Test func fromElsewherePathsAreAbsolute() {
        #expect(name("dune.md", root: "/home/ann/books", from: "/tmp") == "/home/ann/books/dune.md")
        // A sibling whose name begins with the root's is not inside it, nor above it.
        #expect(name("dune.md", root: "/home/ann/books", from: "/home/ann/books-old") == "/home/ann/books/dune.md")
        #expect(name("dune.md", root: "/home/ann/books-old", from: "/home/ann/books") == "/home/ann/books-old/dune.md")
    }

    /// Swift's `==` and `hasPrefix` take `café` with a combining accent for `café` with one
    /// character; the file system takes them for two folders, and so must the names.
    @Test func foldersAreComparedByTheirBytes() {
        let composed = "/v/caf\u{E9}", decomposed = "/v/cafe\u{301}"
        #expect(name("dune.md", root: composed, from: decomposed) == "\(composed)/dune.md")
        #expect(name("dune.md", root: composed, from: decomposed + "/sf") == "\(composed)/dune.md")
        #expect(name("dune.md", root: decomposed + "/lib", from: composed) == "\(decomposed)/lib/dune.md")
        #expect(name("caf\u{E9}/dune.md", root: "/v", from: decomposed) == "../caf\u{E9}/dune.md")
        // A folder whose name begins with a combining mark is still a folder inside the library.
        #expect(name("\u{301}x/dune.md", root: "/v", from: "/v/\u{301}x") == "dune.md")
        #expect(name("emma.md", root: "/v", from: "/v/\u{301}x") == "../emma.md")
    }
}
