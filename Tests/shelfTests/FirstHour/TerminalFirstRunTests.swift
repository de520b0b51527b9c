import Foundation
import Testing

/// On a real terminal: `--no-pager` holds for every command that has it (`detect` too), `help`
/// pages like any long output, and `init` asks nothing, explains shelf.yaml, and runs detect in
/// a folder of notes.
@Suite struct TerminalFirstRunTests {
    /// A folder of 30 notes in the Book Search plugin's words: detect's report is long.
    static func vault() throws -> TemporaryLibrary {
        var books: [(String, String)] = []
        for number in 0..<30 {
            books.append(("note-\(number).md", bookFile("title: Note \(number)\nauthor: Someone\nmyRate: 4\ntotal: 100\nkey\(number): x")))
        }
        return try TemporaryLibrary(config: nil, books: books)
    }

    @Test func detectOnATerminalPagesUnlessNoPager() throws {
        let vault = try Self.vault()
        let (pager, marker) = try ViewColorPagerTests.markerPager(in: vault)
        guard let paged = try ViewTerminal.run(["detect"], in: vault.root, rows: 5, environment: ["PAGER": pager]) else {
            print("skipped: util-linux `script` is not installed, so no pseudo-terminal can be made")
            return
        }
        #expect(FileManager.default.fileExists(atPath: marker.path), "detect's long report was not paged\n\(paged)")
        try? FileManager.default.removeItem(at: marker)
        for args in [["detect", "--no-pager"], ["--no-pager", "detect"]] {
            let direct = try #require(try ViewTerminal.run(args, in: vault.root, rows: 5, environment: ["PAGER": pager]))
            #expect(!FileManager.default.fileExists(atPath: marker.path), "\(args) ran the pager\n\(direct)")
            #expect(direct.stdout.contains("30 files with front matter"), "\(args)\n\(direct)")
            #expect(direct.stdout.contains("key29"), "\(args)\n\(direct)")
        }
    }

    @Test func helpQueryOnATerminalPagesUnlessNoPager() throws {
        let library = try FirstHour.library()
        let (pager, marker) = try ViewColorPagerTests.markerPager(in: library)
        guard try ViewTerminal.run(["help", "query"], in: library.root, rows: 5, environment: ["PAGER": pager]) != nil else { return }
        #expect(FileManager.default.fileExists(atPath: marker.path), "the query guide was not paged")
        try? FileManager.default.removeItem(at: marker)
        let direct = try #require(
            try ViewTerminal.run(["help", "query", "--no-pager"], in: library.root, rows: 5, environment: ["PAGER": pager]))
        #expect(!FileManager.default.fileExists(atPath: marker.path))
        #expect(direct.stdout.contains("## Saved queries"), "\(direct)")
    }

    @Test func initInAnEmptyFolderAsksNothingAndExplainsEveryKey() throws {
        let folder = try TemporaryLibrary(config: nil)
        // No keys are typed: a question would wait for an answer until the harness gave up.
        guard let result = try ViewTerminal.run(["init", "--no-pager"], in: folder.root, timeout: 60) else { return }
        #expect(result.status == 0, "\(result)")
        #expect(
            result.stdout == "Initialized a library: \(folder.path("shelf.yaml"))\n"
                + "Add a book: shelf add --isbn 9780441478125, or shelf add --title \"…\" --author \"…\"\n", "\(result)")
        let config = String(decoding: try folder.bytes("shelf.yaml"), as: UTF8.self)
        #expect(config == VocabularyDetectInitTests.defaultConfig)
        // Every key shelf reads is there, each under a comment that explains it.
        for key in ["filename:", "# goals:", "# queries:", "# fields:", "# statuses:", "# series_counts:"] {
            let lines = config.components(separatedBy: "\n")
            let index = try #require(lines.firstIndex { $0.hasPrefix(key) }, "no \(key)")
            #expect(index > 0 && lines[index - 1].hasPrefix("# ") && !lines[index - 1].hasPrefix("#   "), "\(key) has no explanation")
        }
        // The file is a library: the dashboard opens on it.
        #expect(try folder.run(["ls"]).status == 0)
    }

    @Test func initInAFolderOfNotesRunsDetectAndAddsItsMap() throws {
        let vault = try TemporaryLibrary(
            config: nil,
            books: [
                ("dune.md", bookFile("title: Dune\nauthor: Frank Herbert\nmyRate: 5\ntotal: 600", body: "Spice.\n")),
                ("emma.md", bookFile("title: Emma\nauthor: Jane Austen\ncategory: [classic]")),
            ])
        let before = try vault.snapshot()
        guard let result = try ViewTerminal.run(["init", "--no-pager"], in: vault.root, timeout: 60) else { return }
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout.contains("here is what shelf detect finds in them"), "\(result)")
        #expect(result.stdout.contains("2 files with front matter"), "\(result)")
        #expect(result.stdout.contains("Added the settings to"), "\(result)")
        // Only shelf.yaml is new; the notes are byte for byte what they were.
        #expect(try vault.snapshot().differences(from: before) == ["shelf.yaml"])
        let config = String(decoding: try vault.bytes("shelf.yaml"), as: UTF8.self)
        #expect(config.hasPrefix(VocabularyDetectInitTests.defaultConfig) && config.contains("\nfields:\n  authors: author\n"), "\(config)")
        // And shelf reads the notes in their own words at once.
        let list = try vault.run(["ls", "--format", "json"])
        let books = try parseJSONArray(list.stdout)
        #expect(books.map { $0["authors"] as? [String] ?? [] } == [["Frank Herbert"], ["Jane Austen"]], "\(list)")
        #expect(books.first?["rating"] as? Int == 5, "\(list)")
    }

    @Test func initWithAPresetShowsWhatDetectFindsAndWritesThePresetOnly() throws {
        let vault = try TemporaryLibrary(
            config: nil,
            books: [
                ("dune.md", bookFile("title: Dune\nauthor: Frank Herbert\nmyRate: 5"))
            ])
        let result = try vault.run(["init", "--preset", "obsidian-book-search"])
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout.contains("1 file with front matter"), "\(result)")
        #expect(result.stdout.contains("(nothing written; --write adds these to shelf.yaml)"), "\(result)")
        let config = String(decoding: try vault.bytes("shelf.yaml"), as: UTF8.self)
        #expect(config.components(separatedBy: "\nfields:\n").count == 2, "one map only\n\(config)")
    }
}
