import Foundation
import Testing

/// Long work shows a progress bar on stderr on a terminal, and nothing on a pipe: `check` and
/// `export` of a thousand books (imports and lookups have theirs already).
@Suite struct ProgressTerminalTests {
    static func bigLibrary() throws -> TemporaryLibrary {
        let books = (0..<1000).map { ("book-\($0).md", bookFile("title: Book \($0)\nstatus: to-read", body: "Notes \($0).\n")) }
        return try TemporaryLibrary(books: books)
    }

    @Test func checkAndExportShowABarOnATerminalOnly() throws {
        let library = try Self.bigLibrary()
        guard let check = try ViewTerminal.run(["check", "--no-pager"], in: library.root) else {
            print("skipped: util-linux `script` is not installed, so no pseudo-terminal can be made")
            return
        }
        #expect(check.status == 0, "\(check)")
        #expect(check.stdout.contains("Checking ") && check.stdout.contains("/1000"), "no bar on a terminal\n\(check)")
        // The bar is cleared before the summary: the last line is the summary alone.
        #expect(check.stdout.hasSuffix("\u{1B}[KNo problems found.\n"), "\(check)")

        let export = try #require(try ViewTerminal.run(["export", "json", "-o", library.path("out.json"), "--no-pager"], in: library.root))
        #expect(export.status == 0, "\(export)")
        #expect(export.stdout.contains("Reading notes ") && export.stdout.contains("/1000"), "\(export)")

        let catalog = try #require(try ViewTerminal.run(["export", "html", library.path("site"), "--no-pager"], in: library.root))
        #expect(catalog.status == 0, "\(catalog)")
        #expect(catalog.stdout.contains("Writing "), "\(catalog)")

        // A pipe gets the same answers and no bar.
        let piped = try library.run(["check"])
        #expect(piped.stderr == "No problems found.\n", "\(piped)")
        let pipedExport = try library.run(["export", "json", "-o", library.path("out2.json")])
        #expect(pipedExport.stderr == "", "\(pipedExport)")
    }

    @Test func smallWorkGetsNoBar() throws {
        let library = try FirstHour.library()
        guard let check = try ViewTerminal.run(["check", "--no-pager"], in: library.root) else { return }
        #expect(!check.stdout.contains("Checking "), "\(check)")
    }
}
