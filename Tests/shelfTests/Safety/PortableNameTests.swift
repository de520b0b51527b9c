import Foundation
import Testing

/// `mv` gives a book only a name every system a library syncs to can hold: not one that
/// differs only in case from a file beside it (one file on macOS and Windows), and none with a
/// line break, a character Windows or macOS refuses, or a Windows device name.
@Suite struct PortableNameTests {
    static let books = [
        ("dune.md", "---\ntitle: Dune\n---\n"),
        ("asimov-foundation.md", "---\ntitle: Foundation\n---\n"),
    ]

    @Test func aNameDifferingOnlyInCaseFromAnotherFileIsRefused() throws {
        let library = try TemporaryLibrary(books: Self.books)
        let before = try library.snapshot()
        let result = try library.run(["mv", "dune", "Asimov-Foundation.md"])
        #expect(result.status == 1, "\(result)")
        #expect(result.stderr.contains("differs only in case from asimov-foundation.md"), "\(result)")
        #expect(try library.snapshot() == before)
        // Unicode normalization too: macOS takes NFC and NFD for one name.
        try library.write("café.md", "---\ntitle: Café\n---\n")
        let nfd = try library.run(["mv", "dune", "cafe\u{301}.md"])
        #expect(nfd.status == 1 && nfd.stderr.contains("differs only in case"), "\(nfd)")
    }

    @Test func aBooksOwnNameInAnotherCaseIsARename() throws {
        let library = try TemporaryLibrary(books: Self.books)
        let result = try library.run(["mv", "dune", "Dune.md"])
        #expect(result.status == 0, "\(result)")
        #expect(try library.bytes("Dune.md") == Array("---\ntitle: Dune\n---\n".utf8))
        #expect(!FileManager.default.fileExists(atPath: library.path("dune.md")))
    }

    @Test(arguments: [
        ("a\nb.md", "control character"), ("tab\there.md", "control character"), ("what?.md", "Windows or macOS"),
        ("con.md", "Windows cannot hold"), ("trailing .md", "Windows cannot hold"), ("new:folder/x.md", "Windows or macOS"),
    ])
    func namesSomeSystemCannotHoldAreRefused(_ name: String, _ saying: String) throws {
        let library = try TemporaryLibrary(books: Self.books)
        let before = try library.snapshot()
        let result = try library.run(["mv", "dune", name])
        #expect(result.status == 1, "\(result)")
        #expect(result.stderr.contains(saying), "\(result)")
        #expect(result.stderr.split(separator: "\n").count == 1, "one line, the name escaped: \(result)")
        #expect(try library.snapshot() == before)
    }
}
