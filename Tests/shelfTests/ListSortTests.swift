import Foundation
import Testing

/// `shelf ls --sort KEY [--reverse]`: each key in its natural direction (text A–Z, dates newest
/// first, numbers highest first), books lacking the key last in both directions.
@Suite struct ListSortTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var key: String
        /// The front-matter line of the book that sorts first, then of the one that sorts second.
        var first: String
        var second: String
        var testDescription: String { "--sort \(key)" }
    }

    /// Titles run against each key's order, so a sort that fell back to titles would fail.
    static let cases: [Case] = [
        Case(key: "author", first: "author: Iain M. Banks", second: "authors: [Ann Leckie, Zed Adams]"),
        Case(key: "added", first: "added: 2024-05-03 22:10", second: "added: 2023-12-31"),
        Case(key: "started", first: "started: 2021-02-01", second: "started: 2021-01-31"),
        Case(key: "finished", first: "date_finished: 2022-10-10", second: "finished: 2019-01-01"),
        Case(key: "rating", first: "rating: 5", second: "rating: 2"),
        Case(key: "pages", first: "pages: 1200", second: "pages: 96"),
        Case(key: "published", first: "published: 2001", second: "published: 1951"),
    ]

    static func library(_ sortCase: Case) throws -> TemporaryLibrary {
        try TemporaryLibrary(books: [
            ("first.md", bookFile("title: Zulu\n" + sortCase.first)),
            ("second.md", bookFile("title: Mike\n" + sortCase.second)),
            ("lacking-b.md", bookFile("title: Bravo")),
            ("lacking-a.md", bookFile("title: Alpha")),
        ])
    }

    @Test(arguments: cases)
    func naturalDirectionWithBooksLackingTheKeyLast(sortCase: Case) throws {
        let library = try Self.library(sortCase)
        let result = try library.run(["ls", "--sort", sortCase.key, "--format", "paths"])
        #expect(result.status == 0, "\(result)")
        #expect(result.stdoutLines == ["first.md", "second.md", "lacking-a.md", "lacking-b.md"])
    }

    @Test(arguments: cases)
    func reverseFlipsButBooksLackingTheKeyStayLast(sortCase: Case) throws {
        let library = try Self.library(sortCase)
        let result = try library.run(["ls", "--sort", sortCase.key, "--reverse", "--format", "paths"])
        #expect(result.status == 0, "\(result)")
        #expect(result.stdoutLines.prefix(2) == ["second.md", "first.md"])
        #expect(Set(result.stdoutLines.dropFirst(2)) == ["lacking-a.md", "lacking-b.md"])
    }

    @Test func titleIsTheDefaultAndIgnoresLeadingArticles() throws {
        let library = try TemporaryLibrary(books: [
            ("1.md", bookFile("title: The Zebra")),
            ("2.md", bookFile("title: apple")),
            ("3.md", bookFile("title: A Mango")),
            ("4.md", bookFile("title: Banana")),
        ])
        let expected = ["apple", "Banana", "A Mango", "The Zebra"]
        let byDefault = try library.run(["ls", "--format", "plain"])
        #expect(byDefault.stdoutLines == expected, "\(byDefault)")
        let byTitle = try library.run(["ls", "--sort", "title", "--format", "plain"])
        #expect(byTitle.stdoutLines == expected, "\(byTitle)")
        let reversed = try library.run(["ls", "--sort", "title", "--reverse", "--format", "plain"])
        #expect(reversed.stdoutLines == expected.reversed(), "\(reversed)")
    }

    @Test func authorSortsByLastNameOrTheNameBeforeAComma() throws {
        let library = try TemporaryLibrary(books: [
            ("1.md", bookFile("title: One\nauthor: Ann Leckie")),
            ("2.md", bookFile("title: Two\nauthor: Herbert, Frank")),
            ("3.md", bookFile("title: Three\nauthor: Isaac Asimov")),
        ])
        let result = try library.run(["ls", "--sort", "author", "--format", "paths"])
        #expect(result.stdoutLines == ["3.md", "2.md", "1.md"], "\(result)")
    }

    @Test func datesWithAndWithoutATimeAndPartialDatesSortTogether() throws {
        let library = try TemporaryLibrary(books: [
            ("day.md", bookFile("title: Day\nfinished: 2024-05-03")),
            ("later.md", bookFile("title: Later\nfinished: 2024-05-04 08:00")),
            ("earlier.md", bookFile("title: Earlier\nfinished: 2023-05")),
        ])
        let result = try library.run(["ls", "--sort", "finished", "--format", "paths"])
        #expect(result.stdoutLines == ["later.md", "day.md", "earlier.md"], "\(result)")
    }

    @Test func unknownSortKeyIsAnError() throws {
        let library = try TemporaryLibrary(books: [("1.md", bookFile("title: One"))])
        let result = try library.run(["ls", "--sort", "colour"])
        #expect(result.status != 0, "\(result)")
        #expect(result.stdout == "")
        #expect(result.stderr.contains("colour"), "\(result)")
    }
}
