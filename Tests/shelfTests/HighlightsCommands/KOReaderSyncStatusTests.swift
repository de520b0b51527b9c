import Foundation
@testable import ShelfKit
import Testing

/// `highlights import --sync-status` on a KOReader folder in the shapes KOReader writes (a
/// 2024 sidecar with `annotations`, an older one with `highlight`, `bookmarks` and
/// `stats.performance_in_pages`, and `statistics.sqlite3`), at SHELF_TODAY=2026-01-12.
@Suite struct KOReaderSyncStatusTests {
    static let environment = ["SHELF_TODAY": "2026-01-12"]

    /// A sidecar as KOReader 2024 writes it (settings of the reader trimmed), `status` and
    /// `percent_finished` given.
    static func sidecar(
        title: String, author: String, status: String?, percent: String, modified: String = "2026-01-01",
        highlight: String = "2026-01-02 11:47:53"
    ) -> String {
        """
        -- /mnt/us/koreader/books/\(title).sdr/metadata.epub.lua
        return {
            ["annotations"] = {
                [1] = {
                    ["chapter"] = "One",
                    ["datetime"] = "\(highlight)",
                    ["drawer"] = "lighten",
                    ["page"] = "/body/DocFragment[7]/body/section/p[9]/text().302",
                    ["pageno"] = 52,
                    ["pos0"] = "/body/DocFragment[7]/body/section/p[9]/text().302",
                    ["pos1"] = "/body/DocFragment[7]/body/section/p[9]/text().640",
                    ["text"] = "A passage of \(title).",
                },
            },
            ["cre_dom_version"] = 20240114,
            ["doc_pages"] = 924,
            ["doc_props"] = {
                ["authors"] = "\(author)",
                ["identifiers"] = "uuid:5ae815e7\\
        calibre:188",
                ["language"] = "en",
                ["title"] = "\(title)",
            },
            ["font_family_fonts"] = {},
            ["last_xpointer"] = "/body/DocFragment[7]/body/section/p[10]/text()[1].421",
            ["partial_md5_checksum"] = "1d1edab2ae679122fbc2741d7df54e3b",
            ["percent_finished"] = \(percent),
            ["stats"] = {
                ["authors"] = "\(author)",
                ["highlights"] = 1,
                ["language"] = "en",
                ["notes"] = 0,
                ["pages"] = 924,
                ["performance_in_pages"] = {},
                ["series"] = "N/A",
                ["title"] = "\(title)",
            },
            ["summary"] = {
                ["modified"] = "\(modified)",\(status.map { "\n            [\"status\"] = \"\($0)\"," } ?? "")
            },
        }
        """
    }

    /// An older sidecar (KOReader 2023): highlights by page, the page turns in `stats`.
    static let olderSidecar = """
        -- we can read Lua syntax here!
        return {
            ["bookmarks_version"] = 20200615,
            ["highlight"] = {
                [13] = {
                    [1] = {
                        ["datetime"] = "2023-05-14 23:36:07",
                        ["chapter"] = "Chapter 1",
                        ["pos0"] = "/body/DocFragment[5]/body/div/p[8]/span/text().83",
                        ["pos1"] = "/body/DocFragment[5]/body/div/p[8]/span/text().90",
                        ["drawer"] = "lighten",
                        ["text"] = "Oceania",
                    },
                },
            },
            ["summary"] = {
                ["status"] = "reading",
                ["modified"] = "2023-05-13",
            },
            ["stats"] = {
                ["highlights"] = 1,
                ["notes"] = 0,
                ["language"] = "en",
                ["series"] = "N/A",
                ["md5"] = "3bf27d096ecf0545894bc1624da4ec60",
                ["pages"] = 564,
                ["performance_in_pages"] = {
                    [1684094400] = 12,
                    [1683921600] = 5,
                },
                ["authors"] = "George Orwell",
                ["title"] = "1984",
            },
            ["doc_pages"] = 564,
            ["percent_finished"] = 0.4822695035461,
            ["doc_props"] = {
                ["authors"] = "George Orwell",
                ["series"] = "",
                ["language"] = "en",
                ["title"] = "1984",
            },
            ["bookmarks"] = {},
        }
        """

    @Test func aBookBeingReadIsStartedOnTheDevicesFirstDayWithItsPercent() throws {
        let library = try TemporaryLibrary(books: [
            ("walk.md", bookFile("title: A Random Walk Down Wall Street\nauthors: [Burton G. Malkiel]\nstatus: to-read")),
            ("1984.md", bookFile("title: \"1984\"\nauthors: [George Orwell]")),
            ("dune.md", bookFile("title: Dune\nauthors: [Frank Herbert]\nstatus: to-read")),
            ("spqr.md", bookFile("title: SPQR\nauthors: [Mary Beard]")),
            ("emma.md", bookFile("title: Emma\nauthors: [Jane Austen]\nstatus: to-read")),
        ])
        try library.write(
            "reader/books/walk.sdr/metadata.epub.lua",
            Self.sidecar(title: "A Random Walk Down Wall Street", author: "Burton G. Malkiel", status: "reading", percent: "0.37"))
        try library.write("reader/books/1984.sdr/metadata.epub.lua", Self.olderSidecar)
        // On hold in KOReader's menus: a read paused, not given up.
        try library.write(
            "reader/books/dune.sdr/metadata.epub.lua",
            Self.sidecar(title: "Dune", author: "Frank Herbert", status: "abandoned", percent: "0.125", highlight: "2026-01-09 08:00:00"))
        // No status: KOReader shows the book as being read.
        try library.write(
            "reader/books/spqr.sdr/metadata.epub.lua",
            Self.sidecar(
                title: "SPQR", author: "Mary Beard", status: nil, percent: "0.2", modified: "2026-01-05",
                highlight: "2026-01-06 08:00:00"))
        try library.write(
            "reader/books/emma.sdr/metadata.epub.lua",
            Self.sidecar(
                title: "Emma", author: "Jane Austen", status: "reading", percent: "0.05", modified: "2026-01-03",
                highlight: "2026-01-07 08:00:00"))
        // The statistics name the Random Walk's first page turn, 2025-12-28, before the sidecar's days.
        try Self.statistics(at: library.makeFolder("reader/settings").appendingPathComponent("statistics.sqlite3").path)

        let result = try library.run(["highlights", "import", "reader", "--sync-status"], environment: Self.environment)
        #expect(result.status == 0, "\(result)")
        #expect(
            result.stdoutLines.contains("Added 1 highlight to walk.md; started 2025-12-28, at 37% (matched by title and author)"),
            "\(result)")
        try Self.expectFrontMatter(
            "walk.md", in: library,
            equals: Self.started(
                "title: A Random Walk Down Wall Street\nauthors: [Burton G. Malkiel]", on: "2025-12-28", percent: "37%"))
        // The first page turn the older sidecar logged: 2023-05-12.
        try Self.expectFrontMatter(
            "1984.md", in: library, equals: Self.started("title: \"1984\"\nauthors: [George Orwell]", on: "2023-05-12", percent: "48%"))
        // The day KOReader set `reading` (on first opening it), before the passage marked.
        try Self.expectFrontMatter(
            "emma.md", in: library, equals: Self.started("title: Emma\nauthors: [Jane Austen]", on: "2026-01-03", percent: "5%"))
        // The day it was put on hold is not its start: the passage marked is.
        try Self.expectFrontMatter(
            "dune.md", in: library, equals: Self.started("title: Dune\nauthors: [Frank Herbert]", on: "2026-01-09", percent: "13%"))
        // No status, so no day it became `reading`: the passage marked is the first day.
        try Self.expectFrontMatter(
            "spqr.md", in: library, equals: Self.started("title: SPQR\nauthors: [Mary Beard]", on: "2026-01-06", percent: "20%"))

        let before = try library.snapshot()
        let again = try library.run(["highlights", "import", "reader", "--sync-status"], environment: Self.environment)
        #expect(again.status == 0, "\(again)")
        #expect(try library.snapshot() == before)
    }

    @Test func onlyAFurtherPositionIsLoggedAndAnEndedReadStaysEnded() throws {
        let library = try TemporaryLibrary(books: [
            // Reading, at 30% on an earlier day: the device's 48% moves it on.
            (
                "behind.md",
                bookFile("title: Behind\nauthors: [Ann Author]\nstatus: reading\nstarted: 2025-11-01\nprogress:\n  - 2025-12-01 30%")
            ),
            // Reading, page 300 of 400 (75%) logged: the device's 48% is behind it.
            (
                "ahead.md",
                bookFile(
                    "title: Ahead\nauthors: [Ann Author]\npages: 400\nstatus: reading\nstarted: 2025-11-01\nprogress:\n  - 2026-01-10 page 300"
                )
            ),
            ("done.md", bookFile("title: Done\nauthors: [Ann Author]\nstatus: read\nfinished: 2025-06-01")),
            ("dropped.md", bookFile("title: Dropped\nauthors: [Ann Author]\nstatus: abandoned\nstarted: 2025-05-01\nfinished: 2025-05-20")),
            ("over.md", bookFile("title: Over\nauthors: [Ann Author]\nstatus: to-read")),
        ])
        for title in ["Behind", "Ahead", "Done", "Dropped"] {
            try library.write(
                "reader/\(title).sdr/metadata.epub.lua",
                Self.sidecar(title: title, author: "Ann Author", status: "reading", percent: "0.48"))
        }
        try library.write(
            "reader/Over.sdr/metadata.epub.lua",
            Self.sidecar(
                title: "Over", author: "Ann Author", status: "complete",
                percent: "1", modified: "2026-01-11"))
        let result = try library.run(["highlights", "import", "reader", "--sync-status"], environment: Self.environment)
        #expect(result.status == 0, "\(result)")
        try Self.expectFrontMatter(
            "behind.md", in: library,
            equals: "title: Behind\nauthors: [Ann Author]\nstatus: reading\nstarted: 2025-11-01\n"
                + "progress:\n  - 2025-12-01 30%\n  - 2026-01-12 48%")
        try Self.expectFrontMatter("over.md", in: library, equals: "title: Over\nauthors: [Ann Author]\nstatus: read\nfinished: 2026-01-11")
        // The passage added, the reading as it was.
        try Self.expectFrontMatter(
            "ahead.md", in: library,
            equals:
                "title: Ahead\nauthors: [Ann Author]\npages: 400\nstatus: reading\nstarted: 2025-11-01\nprogress:\n  - 2026-01-10 page 300")
        try Self.expectFrontMatter("done.md", in: library, equals: "title: Done\nauthors: [Ann Author]\nstatus: read\nfinished: 2025-06-01")
        try Self.expectFrontMatter(
            "dropped.md", in: library,
            equals: "title: Dropped\nauthors: [Ann Author]\nstatus: abandoned\nstarted: 2025-05-01\nfinished: 2025-05-20")
        #expect(result.stdoutLines.contains("Added 1 highlight to ahead.md (matched by title and author)"), "\(result)")
    }

    /// The front matter as `start` and `progress` leave it.
    static func started(_ frontMatter: String, on day: String, percent: String) -> String {
        frontMatter + "\nstatus: reading\nstarted: \(day)\nprogress:\n  - 2026-01-12 \(percent)"
    }

    /// Compares the lines between a file's `---` lines; the body holds the passages imported.
    static func expectFrontMatter(
        _ name: String, in library: TemporaryLibrary, equals expected: String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let text = String(decoding: try library.bytes(name), as: UTF8.self)
        let frontMatter = text.components(separatedBy: "\n---\n").first.map { String($0.dropFirst(4)) }
        #expect(frontMatter == expected, "\(name):\n\(text)", sourceLocation: sourceLocation)
    }

    /// KOReader's statistics database: the Random Walk opened first on 2025-12-28, and again on 2025-12-30.
    static func statistics(at path: String) throws {
        let database = try SQLiteDatabase(path: path, writable: true)
        try database.execute(
            """
            CREATE TABLE book (id integer PRIMARY KEY autoincrement, title text, authors text, notes integer, last_open integer,
              highlights integer, pages integer, series text, language text, md5 text, total_read_time integer, total_read_pages integer);
            CREATE TABLE page_stat_data (id_book integer, page integer NOT NULL DEFAULT 0, start_time integer NOT NULL DEFAULT 0,
              duration integer NOT NULL DEFAULT 0, total_pages integer NOT NULL DEFAULT 0, UNIQUE (id_book, page, start_time));
            INSERT INTO book VALUES (1, 'A Random Walk Down Wall Street', 'Burton G. Malkiel', 0, 1768078800, 1, 924, 'N/A', 'en',
              '1d1edab2ae679122fbc2741d7df54e3b', 5400, 53);
            INSERT INTO page_stat_data VALUES (1, 2, 1767088800, 60, 924);
            INSERT INTO page_stat_data VALUES (1, 1, 1766916000, 45, 924);
            """)
    }
}
