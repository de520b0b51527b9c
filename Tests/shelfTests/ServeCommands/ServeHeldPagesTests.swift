import Foundation
import Testing

/// The stats and loans pages and every book's highlights are worked out once per set of books
/// the server holds (docs/serve.md, "Speed"), and worked out again when a file changes: a change
/// made after they were shown shows at the next load.
@Suite struct ServeHeldPagesTests {
    @Test func statsLoansAndHighlightsShowAChangeMadeAfterTheyWereKept() async throws {
        let library = try TemporaryLibrary(books: [
            (
                "dune.md",
                bookFile(
                    "title: Dune\nauthors: [Frank Herbert]\nstatus: read\nfinished: 2025-03-01\nrating: 4",
                    body: "\n## Highlights\n\n> Fear is the mind-killer.\n")
            ),
            ("solaris.md", bookFile("title: Solaris\nauthors: [Stanisław Lem]\nstatus: read\nfinished: 2024-05-02\nrating: 3")),
        ])
        // Files written in the last three seconds are not held (a second write in the same tick
        // would not show in their times): wait them out, so the server keeps what it works out.
        try await Task.sleep(nanoseconds: 3_300_000_000)
        let environment = ["SHELF_TODAY": "2026-11-25"]
        let server = try ServeProcess(library: library, environment: environment)
        for _ in 0..<2 {
            #expect(try server.request("/stats").body.contains("<tr><td>3★</td><td>1</td></tr>"))
            #expect(try server.request("/loans").body.contains("Every book is home."))
            let highlights = try server.request("/highlights").body
            #expect(highlights.contains("Fear is the mind-killer.") && highlights.contains("1 passage"))
        }

        #expect(try library.run(["rate", "solaris.md", "5"], environment: environment).status == 0)
        #expect(try library.run(["lend", "solaris.md", "--to", "Ana"], environment: environment).status == 0)
        let solaris = try String(decoding: library.bytes("solaris.md"), as: UTF8.self)
        try library.write("solaris.md", solaris + "\n## Highlights\n\n> We don't want other worlds; we want mirrors.\n")

        let stats = try server.request("/stats").body
        #expect(!stats.contains("<tr><td>3★</td><td>1</td></tr>") && stats.contains("<tr><td>5★</td><td>1</td></tr>"), "\(stats)")
        let loans = try server.request("/loans").body
        #expect(loans.contains(">Solaris</a></td><td>Ana</td>"), "\(loans)")
        let highlights = try server.request("/highlights").body
        #expect(highlights.contains("we want mirrors.") && highlights.contains("2 passages"), "\(highlights)")
    }
}
