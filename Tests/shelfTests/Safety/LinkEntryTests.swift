import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A link inside the library to a book inside it (`favourites/dune.md -> ../dune.md`) is an
/// entry of its own: `rm` removes the link and `mv` renames it, as coreutils do, and the book
/// stays; an edit through it changes the book, and says so; `ls` shows the book once.
@Suite struct LinkEntryTests {
    static let dune = "---\ntitle: Dune\nauthor: Frank Herbert\n---\n\nSpice.\n"

    private func libraryWithLink() throws -> TemporaryLibrary {
        let library = try TemporaryLibrary(books: [("dune.md", Self.dune)])
        _ = try library.makeFolder("favourites")
        #expect(symlink("../dune.md", library.path("favourites/dune.md")) == 0)
        return library
    }

    private func linkTarget(_ library: TemporaryLibrary, _ relative: String) -> String? {
        var buffer = [CChar](repeating: 0, count: 4096)
        let count = readlink(library.path(relative), &buffer, buffer.count - 1)
        guard count >= 0 else { return nil }
        return String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    @Test func rmOfALinkRemovesTheLinkAndKeepsTheBook() throws {
        let library = try libraryWithLink()
        let result = try library.run(["rm", "favourites/dune.md", "--yes"])
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout.contains("favourites/dune.md"), "\(result)")
        #expect(linkTarget(library, "favourites/dune.md") == nil, "the link is gone")
        #expect(try library.bytes("dune.md") == Array(Self.dune.utf8), "the book is untouched")
    }

    @Test func rmOfALinkGivenByAbsolutePathOrFromItsFolder() throws {
        let library = try libraryWithLink()
        let absolute = try library.run(["rm", library.path("favourites/dune.md"), "--yes"])
        #expect(absolute.status == 0, "\(absolute)")
        #expect(linkTarget(library, "favourites/dune.md") == nil)
        #expect(try library.bytes("dune.md") == Array(Self.dune.utf8))
        #expect(symlink("../dune.md", library.path("favourites/dune.md")) == 0)
        let inside = try library.run(["rm", "dune.md", "--yes"], in: "favourites")
        #expect(inside.status == 0, "\(inside)")
        #expect(linkTarget(library, "favourites/dune.md") == nil)
        #expect(try library.bytes("dune.md") == Array(Self.dune.utf8))
    }

    @Test func mvOfALinkRenamesTheLink() throws {
        let library = try libraryWithLink()
        let result = try library.run(["mv", "favourites/dune.md", "favourites/dune-1965.md"])
        #expect(result.status == 0, "\(result)")
        #expect(linkTarget(library, "favourites/dune-1965.md") == "../dune.md")
        #expect(linkTarget(library, "favourites/dune.md") == nil)
        #expect(try library.bytes("dune.md") == Array(Self.dune.utf8), "the book keeps its name and bytes")
    }

    @Test func mvOfARelativeLinkToAFolderWhereItWouldBreakIsRefused() throws {
        let library = try libraryWithLink()
        _ = try library.makeFolder("a/b")
        let before = try library.snapshot()
        let result = try library.run(["mv", "favourites/dune.md", "a/b/dune.md"])
        #expect(result.status == 1, "\(result)")
        #expect(result.stderr.contains("is a link to ../dune.md"), "\(result)")
        #expect(try library.snapshot() == before, "nothing moved")
        // To a folder at the same depth the link still reaches its book: moved.
        _ = try library.makeFolder("classics")
        let same = try library.run(["mv", "favourites/dune.md", "classics/dune.md"])
        #expect(same.status == 0, "\(same)")
        #expect(linkTarget(library, "classics/dune.md") == "../dune.md")
    }

    @Test func anEditThroughALinkChangesTheBookAndSaysSo() throws {
        let library = try libraryWithLink()
        let result = try library.run(["set", "favourites/dune.md", "rating=4"])
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout == "updated favourites/dune.md (a link; the book it leads to is dune.md)\n", "\(result)")
        #expect(linkTarget(library, "favourites/dune.md") == "../dune.md", "the link stays a link")
        #expect(
            try String(decoding: library.bytes("dune.md"), as: UTF8.self)
                == "---\ntitle: Dune\nauthor: Frank Herbert\nrating: 4\n---\n\nSpice.\n")
    }

    @Test func aBookReachedByTwoNamesIsListedOnceAndShowNamesBoth() throws {
        let library = try libraryWithLink()
        let result = try library.run(["ls", "--format", "paths"])
        #expect(result.status == 0, "\(result)")
        #expect(result.stdoutLines == ["dune.md"], "\(result)")
        let show = try library.run(["show", "dune.md"])
        #expect(show.stdout.contains("  also at  favourites/dune.md\n"), "\(show)")
        let json = try parseJSONObject(try library.run(["show", "favourites/dune.md", "--format", "json"]).stdout)
        #expect(json["also_at"] as? [String] == ["dune.md"], "\(json)")
        // A book no link reaches says nothing more.
        try library.write("solaris.md", "---\ntitle: Solaris\n---\n")
        #expect(!(try library.run(["show", "solaris.md"]).stdout.contains("also at")))
    }
}
