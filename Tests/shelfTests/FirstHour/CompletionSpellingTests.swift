import Foundation
import Testing

/// Completion offers each tag in its most-used spelling, and completes books from title and
/// author words as well as file names; what it offers resolves to the book.
@Suite struct CompletionSpellingTests {
    static let books: [(String, String)] = [
        (
            "le-guin-the-left-hand-of-darkness.md",
            bookFile("title: The Left Hand of Darkness\nauthors: [Ursula K. Le Guin]\ntags: [sci-fi]")
        ),
        ("herbert-dune.md", bookFile("title: Dune\nauthors: [Frank Herbert]\ntags: [Sci-Fi]")),
        ("banks-excession.md", bookFile("title: Excession\nauthors: [Iain M. Banks]\ntags: [sci-fi, culture]")),
        ("bulgakov.md", bookFile("title: Мастер и Маргарита\nauthors: [Михаил Булгаков]")),
    ]

    /// What the bash script asks for the word `typed` being completed at its end.
    static func complete(
        _ subcommand: String, _ argument: String, words: [String], typed: String,
        in library: TemporaryLibrary
    ) throws -> [String] {
        let line = words + [typed]
        let result = try library.run(
            ["---completion", subcommand, "--", argument, String(line.count - 1), String(typed.utf8.count)] + line)
        #expect(result.status == 0, "\(result)")
        return result.stdoutLines
    }

    @Test func tagsCompleteInTheirMostUsedSpelling() throws {
        let library = try TemporaryLibrary(books: Self.books)
        let tags = try Self.complete("tag", "positional@1", words: ["shelf", "tag", "dune"], typed: "", in: library)
        #expect(tags == ["sci-fi", "culture"], "\(tags)")
    }

    @Test func booksCompleteFromTitleAndAuthorWords() throws {
        let library = try TemporaryLibrary(books: Self.books)
        let byTitle = try Self.complete("show", "positional@0", words: ["shelf", "show"], typed: "left", in: library)
        #expect(byTitle == ["left-hand-of-darkness"], "\(byTitle)")
        let byAuthor = try Self.complete("show", "positional@0", words: ["shelf", "show"], typed: "ursula", in: library)
        #expect(byAuthor == ["ursula-k-le-guin-the-left-hand-of-darkness"], "\(byAuthor)")
        let byFile = try Self.complete("show", "positional@0", words: ["shelf", "show"], typed: "herb", in: library)
        #expect(byFile.contains("herbert-dune"), "\(byFile)")
        let cyrillic = try Self.complete("show", "positional@0", words: ["shelf", "show"], typed: "мастер", in: library)
        #expect(cyrillic == ["мастер-и-маргарита"], "\(cyrillic)")
        // Every name offered finds its book.
        for (name, title) in [
            ("left-hand-of-darkness", "The Left Hand of Darkness"),
            ("ursula-k-le-guin-the-left-hand-of-darkness", "The Left Hand of Darkness"),
            ("banks-excession", "Excession"), ("мастер-и-маргарита", "Мастер и Маргарита"),
            ("булгаков-мастер", "Мастер и Маргарита"),
        ] {
            let shown = try library.run(["show", name, "--format", "json"])
            #expect(try parseJSONObject(shown.stdout)["title"] as? String == title, "\(name): \(shown)")
        }
    }
}
