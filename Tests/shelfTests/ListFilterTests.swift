import Foundation
import Testing

/// `shelf ls` filters: --tag, --status, --author, --rating, and --limit.
@Suite struct ListFilterTests {
    /// Paths are chosen so that path order and title order differ.
    static let books: [(String, String)] = [
        (
            "a-dune.md",
            bookFile(
                """
                title: Dune
                author: Frank Herbert
                status: read
                rating: 5
                tags: [sci-fi, classics]
                """)
        ),
        (
            "b-hyperion.md",
            bookFile(
                """
                title: Hyperion
                authors: [Dan Simmons]
                status: currently-reading
                rating: 4
                tags: [Sci-Fi]
                """)
        ),
        (
            "c-solaris.md",
            bookFile(
                """
                title: Solaris
                authors:
                  - Stanisław Lem
                status: to-read
                rating: 3
                tags:
                  - SCI-FI
                  - polish
                """)
        ),
        (
            "nested/d-hail-mary.md",
            bookFile(
                """
                title: Project Hail Mary
                author: Andy Weir
                status: dnf
                rating: 2
                tags: sci-fi/space
                """)
        ),
        (
            "e-fiction.md",
            bookFile(
                """
                title: Sci-Fiction Stories
                author: Ann Leckie
                status: finished
                rating: 1
                tags: [sci-fiction]
                """)
        ),
        (
            "f-left-hand.md",
            bookFile(
                """
                title: The Left Hand of Darkness
                authors: [Ursula K. Le Guin]
                status: read
                rating: 4
                tags: [sci-fi, classics]
                """)
        ),
        (
            "g-earthsea.md",
            bookFile(
                """
                title: A Wizard of Earthsea
                authors: [Ursula K. Le Guin]
                status: reading
                tags: [fantasy, classics]
                """)
        ),
    ]

    /// `ls` with `args`, printing paths; fails the test when shelf fails.
    static func paths(_ args: [String], sourceLocation: SourceLocation = #_sourceLocation) throws -> [String] {
        let library = try TemporaryLibrary(books: books)
        let result = try library.run(["ls"] + args + ["--format", "paths"])
        #expect(result.status == 0, "\(result)", sourceLocation: sourceLocation)
        #expect(result.stderr == "", "\(result)", sourceLocation: sourceLocation)
        return result.stdoutLines
    }

    @Test func withoutFiltersEveryBookInTitleOrder() throws {
        #expect(
            try Self.paths([]) == [
                "a-dune.md", "b-hyperion.md", "f-left-hand.md", "nested/d-hail-mary.md",
                "e-fiction.md", "c-solaris.md", "g-earthsea.md",
            ])
    }

    @Test(arguments: ["sci-fi", "Sci-Fi", "SCI-FI"])
    func tagMatchesAnyCaseAndNestedTagsButNotLongerNames(tag: String) throws {
        #expect(
            try Self.paths(["--tag", tag]) == [
                "a-dune.md", "b-hyperion.md", "f-left-hand.md", "nested/d-hail-mary.md", "c-solaris.md",
            ])
    }

    @Test func nestedTagMatchesOnlyItself() throws {
        #expect(try Self.paths(["--tag", "sci-fi/space"]) == ["nested/d-hail-mary.md"])
        #expect(try Self.paths(["--tag", "SCI-FI/Space"]) == ["nested/d-hail-mary.md"])
    }

    @Test func tagIsNotAPrefixMatch() throws {
        #expect(try Self.paths(["--tag", "sci"]) == [])
        #expect(try Self.paths(["--tag", "sci-fiction"]) == ["e-fiction.md"])
    }

    @Test func severalTagsMustAllMatch() throws {
        #expect(try Self.paths(["--tag", "sci-fi", "--tag", "classics"]) == ["a-dune.md", "f-left-hand.md"])
        #expect(try Self.paths(["--tag", "sci-fi", "--tag", "fantasy"]) == [])
    }

    @Test func severalStatusesMayAnyMatch() throws {
        #expect(
            try Self.paths(["--status", "reading", "--status", "to-read"])
                == ["b-hyperion.md", "c-solaris.md", "g-earthsea.md"])
        #expect(try Self.paths(["--status", "abandoned"]) == ["nested/d-hail-mary.md"])
    }

    @Test func statusAcceptsAliasesOnTheCommandLineAndInFiles() throws {
        let reading = ["b-hyperion.md", "g-earthsea.md"]
        #expect(try Self.paths(["--status", "currently-reading"]) == reading)
        #expect(try Self.paths(["--status", "Reading"]) == reading)
        #expect(try Self.paths(["--status", "finished"]) == ["a-dune.md", "f-left-hand.md", "e-fiction.md"])
        #expect(try Self.paths(["--status", "DNF"]) == ["nested/d-hail-mary.md"])
        #expect(try Self.paths(["--status", "want-to-read"]) == ["c-solaris.md"])
    }

    @Test func unknownStatusIsAnError() throws {
        let library = try TemporaryLibrary(books: Self.books)
        let result = try library.run(["ls", "--status", "someday"])
        #expect(result.status != 0, "\(result)")
        #expect(result.stdout == "")
        #expect(result.stderr.contains("someday"), "\(result)")
        #expect(result.stderr.contains("to-read"), "the message should list the statuses: \(result)")
    }

    @Test func authorWordsInAnyCase() throws {
        let leGuin = ["f-left-hand.md", "g-earthsea.md"]
        #expect(try Self.paths(["--author", "le guin"]) == leGuin)
        #expect(try Self.paths(["--author", "LE GUIN"]) == leGuin)
        #expect(try Self.paths(["--author", "ursula"]) == leGuin)
        #expect(try Self.paths(["--author", "herbert"]) == ["a-dune.md"])
        #expect(try Self.paths(["--author", "lem"]) == ["c-solaris.md"])
        #expect(try Self.paths(["--author", "tolkien"]) == [])
    }

    @Test func authorCombinesWithTags() throws {
        #expect(try Self.paths(["--author", "le guin", "--tag", "fantasy"]) == ["g-earthsea.md"])
    }

    @Test func ratingExactAndRange() throws {
        #expect(try Self.paths(["--rating", "4"]) == ["b-hyperion.md", "f-left-hand.md"])
        #expect(try Self.paths(["--rating", "3..5"]) == ["a-dune.md", "b-hyperion.md", "f-left-hand.md", "c-solaris.md"])
        #expect(try Self.paths(["--rating", "1..2"]) == ["nested/d-hail-mary.md", "e-fiction.md"])
        #expect(try Self.paths(["--rating", "5..5"]) == ["a-dune.md"])
    }

    @Test(arguments: ["7", "0", "5..3", "three", "3..", "1..9"])
    func invalidRatingIsAnError(rating: String) throws {
        let library = try TemporaryLibrary(books: Self.books)
        let result = try library.run(["ls", "--rating", rating])
        #expect(result.status != 0, "\(result)")
        #expect(result.stdout == "")
        #expect(result.stderr.contains("--rating"), "\(result)")
    }

    @Test func limit() throws {
        #expect(try Self.paths(["--limit", "2"]) == ["a-dune.md", "b-hyperion.md"])
        #expect(try Self.paths(["--limit", "0"]) == [])
        #expect(try Self.paths(["--limit", "100"]).count == Self.books.count)
        #expect(
            try Self.paths(["--tag", "sci-fi", "--sort", "rating", "--limit", "3"])
                == ["a-dune.md", "b-hyperion.md", "f-left-hand.md"])
    }

    @Test func noMatchPrintsNothingAndSucceeds() throws {
        let library = try TemporaryLibrary(books: Self.books)
        for format in ["table", "plain", "paths"] {
            let result = try library.run(["ls", "--tag", "cookery", "--format", format])
            #expect(result.status == 0, "\(result)")
            #expect(result.stdout == "", "\(format): \(result)")
        }
        let json = try library.run(["ls", "--tag", "cookery", "--format", "json"])
        #expect(try parseJSONArray(json.stdout).isEmpty, "\(json)")
    }
}
