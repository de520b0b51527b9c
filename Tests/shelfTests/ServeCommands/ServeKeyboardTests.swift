import Foundation
import Testing

/// Tests/browser/serve_clicks.py's `keyboard` and `reading` modes in headless Chromium, at
/// 390×844 and 1440×900: a flow by keyboard alone, and the search box's suggestions, a search's
/// "matched in" lines, the edit form's suggestions, a read's dates changed and the year in
/// review, axe-core run over each page as the clicks leave it.
extension ServeClickTests {
    static func readingLibrary() throws -> TemporaryLibrary {
        try TemporaryLibrary(books: [
            (
                "left-hand.md",
                bookFile(
                    "title: The Left Hand of Darkness\nauthors: [Ursula K. Le Guin]\nstatus: read\ntags: [sci-fi]\n"
                        + "started: 2023-01-14\nfinished: 2023-02-02\nreads:\n  - {started: 2019-03-02, finished: 2019-04-11}",
                    body: "\nGenly Ai spends half the book misreading Estraven.\n")
            ),
            (
                "quoted.md",
                bookFile(
                    "title: Ice Crossing\nauthors: [Nobody]\ntags: [classics]",
                    body: "\nMy own notes.\n\n## Highlights\n\n> Estraven crossed the glacier at dawn.\n")
            ),
            ("dune.md", bookFile("title: Dune\nauthors: [Frank Herbert]\ntags: [sci-fi, classics]")),
        ])
    }

    /// serve_clicks.py in `mode` against a server on a new `readingLibrary()`.
    static func clicks(_ mode: String) throws -> CommandResult {
        let library = try readingLibrary()
        let server = try ServeProcess(library: library, environment: ["SHELF_TODAY": "2026-11-25"])
        return try run(
            [script.path, mode, server.base.absoluteString, library.root.path], in: library.root, timeout: 300,
            executable: URL(fileURLWithPath: try #require(python)))
    }

    @Test(.enabled(if: ServeClickTests.python != nil, Comment(rawValue: ServeClickTests.missing)))
    func aSearchABookAndANewReadByKeyboardAlone() throws {
        let result = try Self.clicks("keyboard")
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout.hasSuffix("13 passed, 0 failed\n"), "\(result)")
    }

    @Test(.enabled(if: ServeClickTests.python != nil, Comment(rawValue: ServeClickTests.missing)))
    func suggestionsMatchedInAReadsDatesAndTheYearInReviewInChromium() throws {
        let result = try Self.clicks("reading")
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout.hasSuffix("29 passed, 0 failed\n"), "\(result)")
    }
}
