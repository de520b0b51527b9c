import Foundation
import Testing

/// `shelf ls --format json|csv|paths|plain|table`.
@Suite struct ListFormatTests {
    static let devotions = bookFile(
        """
        title: Devotions
        author: Mary Oliver
        isbn: "9780399563249"
        status: finished
        rating: 4
        tags: poetry
        added: 2024-05-03 22:10
        finished: 2024-06-01
        series: Selected Poems
        series_index: 2
        publisher: Penguin Press
        published: 2017
        pages: 480
        mood: cozy
        """, body: "Notes that ls never prints.\n")

    static let kahneman = bookFile(
        """
        title: Thinking, Fast and Slow
        authors: [Daniel Kahneman]
        publisher: Farrar, Straus and Giroux
        tags: [psychology, non-fiction]
        rating: 4
        series_index: 1.5
        pages: 499
        """)

    static let quoted = bookFile(
        """
        title: 'He Said "Hi", Then Left'
        authors: [A. Writer, B. Writer]
        """)

    @Test func jsonIsOneArrayWithCanonicalFieldsAndTypedValues() throws {
        let library = try TemporaryLibrary(books: [
            ("shelves/poetry/oliver-devotions.md", Self.devotions),
            ("kahneman-thinking.md", Self.kahneman),
        ])
        let result = try library.run(["ls", "--format", "json"])
        #expect(result.status == 0, "\(result)")
        #expect(result.stderr == "")
        let books = try parseJSONArray(result.stdout)
        try #require(books.count == 2)

        let devotions = books[0]
        #expect(devotions["path"] as? String == "shelves/poetry/oliver-devotions.md")
        #expect(devotions["title"] as? String == "Devotions")
        #expect(devotions["authors"] as? [String] == ["Mary Oliver"])
        #expect(devotions["author"] == nil, "the alias is shown under its canonical name only")
        #expect(devotions["tags"] as? [String] == ["poetry"])
        #expect(devotions["isbn"] as? String == "9780399563249")
        #expect(devotions["status"] as? String == "read")
        #expect(isJSONNumber(devotions["rating"]) && (devotions["rating"] as? Int) == 4)
        #expect(isJSONNumber(devotions["pages"]) && (devotions["pages"] as? Int) == 480)
        #expect(isJSONNumber(devotions["series_index"]) && (devotions["series_index"] as? Double) == 2)
        #expect(devotions["added"] as? String == "2024-05-03 22:10")
        #expect(devotions["finished"] as? String == "2024-06-01")
        #expect(devotions["series"] as? String == "Selected Poems")
        #expect(devotions["publisher"] as? String == "Penguin Press")
        #expect(devotions["mood"] as? String == "cozy", "the user's own keys are kept")
        #expect(devotions["notes"] == nil, "ls does not print notes")

        let thinking = books[1]
        #expect(thinking["path"] as? String == "kahneman-thinking.md")
        #expect(thinking["title"] as? String == "Thinking, Fast and Slow")
        #expect(thinking["authors"] as? [String] == ["Daniel Kahneman"])
        #expect(thinking["tags"] as? [String] == ["psychology", "non-fiction"])
        #expect(isJSONNumber(thinking["series_index"]) && (thinking["series_index"] as? Double) == 1.5)
        #expect(thinking["status"] == nil)
    }

    @Test func jsonFlagIsShortForFormatJSON() throws {
        let library = try TemporaryLibrary(books: [("a/b.md", Self.devotions), ("c.md", Self.kahneman)])
        let long = try library.run(["ls", "--format", "json"])
        let short = try library.run(["ls", "--json"])
        #expect(short.status == 0, "\(short)")
        #expect(short.stdout == long.stdout)
        #expect(try parseJSONArray(short.stdout).count == 2)
    }

    @Test func jsonPathsAreRelativeToTheRootWhereverShelfRuns() throws {
        let library = try TemporaryLibrary(books: [("shelves/poetry/oliver-devotions.md", Self.devotions)])
        for folder in ["", "shelves", "shelves/poetry"] {
            let result = try library.run(["ls", "--json"], in: folder)
            let books = try parseJSONArray(result.stdout)
            #expect(books.first?["path"] as? String == "shelves/poetry/oliver-devotions.md", "in \(folder): \(result)")
        }
    }

    @Test func csvHasAHeaderAndQuotesFieldsWithCommasAndQuotes() throws {
        let library = try TemporaryLibrary(books: [
            ("kahneman-thinking.md", Self.kahneman),
            ("quoted.md", Self.quoted),
            ("poetry/oliver-devotions.md", Self.devotions),
        ])
        let result = try library.run(["ls", "--format", "csv"])
        #expect(result.status == 0, "\(result)")
        let lines = result.stdout.replacingOccurrences(of: "\r\n", with: "\n").split(separator: "\n").map(String.init)
        #expect(
            lines == [
                "path,title,authors,isbn,status,rating,tags,added,started,finished,series,series_index,publisher,published,pages",
                "poetry/oliver-devotions.md,Devotions,Mary Oliver,9780399563249,read,4,poetry,2024-05-03 22:10,,2024-06-01,"
                    + "Selected Poems,2,Penguin Press,2017,480",
                "quoted.md,\"He Said \"\"Hi\"\", Then Left\",A. Writer; B. Writer,,,,,,,,,,,,",
                "kahneman-thinking.md,\"Thinking, Fast and Slow\",Daniel Kahneman,,,4,psychology; non-fiction,,,,,1.5,"
                    + "\"Farrar, Straus and Giroux\",,499",
            ], "\(result)")
    }

    @Test func pathsAreRelativeToTheCurrentFolderAndOpenable() throws {
        let parent = try TemporaryLibrary(config: nil)
        try parent.write("lib/shelf.yaml", "")
        try parent.write("lib/poetry/oliver-devotions.md", Self.devotions)
        try parent.write("lib/kahneman.md", Self.kahneman)
        try parent.makeFolder("elsewhere")

        let atRoot = try parent.run(["ls", "--format", "paths"], in: "lib")
        #expect(atRoot.stdoutLines == ["poetry/oliver-devotions.md", "kahneman.md"], "\(atRoot)")

        let above = try parent.run(["ls", "--library", "lib", "--format", "paths"])
        #expect(above.stdoutLines == ["lib/poetry/oliver-devotions.md", "lib/kahneman.md"], "\(above)")

        for folder in ["lib/poetry", "elsewhere"] {
            let result = try parent.run(["ls", "--library", parent.path("lib"), "--format", "paths"], in: folder)
            #expect(result.stdoutLines.count == 2, "\(result)")
            for shown in result.stdoutLines {
                let resolved = URL(fileURLWithPath: shown, relativeTo: parent.url(folder)).standardizedFileURL.path
                #expect(FileManager.default.fileExists(atPath: resolved), "\(shown) from \(folder) names no file")
            }
        }
    }

    @Test func plainIsTitleAndAuthors() throws {
        let library = try TemporaryLibrary(books: [
            ("quoted.md", Self.quoted),
            ("no-author.md", bookFile("title: Anonymous Letters")),
            ("oliver.md", Self.devotions),
        ])
        let result = try library.run(["ls", "--format", "plain"])
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout == "Anonymous Letters\nDevotions — Mary Oliver\nHe Said \"Hi\", Then Left — A. Writer, B. Writer\n")
    }

    @Test func tableHasAHeaderAndAlignedRows() throws {
        let library = try TemporaryLibrary(books: [
            ("oliver.md", Self.devotions),
            ("kitchen.md", bookFile("title: Kitchen\nauthor: Banana Yoshimoto")),
        ])
        for args in [["ls"], ["ls", "--format", "table"]] {
            let result = try library.run(args)
            #expect(result.status == 0, "\(result)")
            let lines = result.stdoutLines
            try #require(lines.count == 3, "\(result)")
            let header = lines[0].split(separator: " ").map(String.init)
            #expect(header.first == "TITLE")
            #expect(header.contains("AUTHOR"))
            #expect(lines[1].hasPrefix("Devotions "))
            #expect(lines[2].hasPrefix("Kitchen "))
            // The author column starts at the same place on every line.
            let column = lines[0].range(of: "AUTHOR").map { lines[0].distance(from: lines[0].startIndex, to: $0.lowerBound) }
            for (line, author) in [(lines[1], "Mary Oliver"), (lines[2], "Banana Yoshimoto")] {
                let start = line.range(of: author).map { line.distance(from: line.startIndex, to: $0.lowerBound) }
                #expect(start != nil && start == column, "\(result)")
            }
        }
    }

    @Test func narrowTableCutsLongTextWithAnEllipsisAndFits() throws {
        let long = "The Restaurant at the End of the Universe and Everything After It Volume Two"
        let library = try TemporaryLibrary(books: [
            (
                "long.md",
                bookFile(
                    "title: \(long)\nauthors: [Douglas Noël Adams, Somebody Else Entirely]\n"
                        + "tags: [sci-fi, humour, comedy, british, favourites]\nrating: 5\nstatus: read")
            ),
            ("cjk.md", bookFile("title: 吾輩は猫である吾輩は猫である吾輩は猫である\nauthor: 夏目漱石夏目漱石夏目漱石夏目漱石")),
            ("short.md", bookFile("title: Dune\nauthor: Frank Herbert")),
        ])
        let result = try library.run(["ls"], environment: ["COLUMNS": "60"])
        #expect(result.status == 0, "\(result)")
        let lines = result.stdoutLines
        try #require(lines.count == 4, "\(result)")
        #expect(lines[0].hasPrefix("TITLE"))
        for line in lines {
            #expect(displayColumns(line) <= 60, "\(displayColumns(line)) columns: \(line)")
        }
        let longRow = try #require(lines.first { $0.hasPrefix("The Restaurant") }, "\(result)")
        #expect(longRow.contains("…"))
        #expect(!longRow.contains(long))
        let cjkRow = try #require(lines.first { $0.hasPrefix("吾輩") }, "\(result)")
        #expect(cjkRow.contains("…"))
        #expect(lines.contains { $0.hasPrefix("Dune ") })

        let wide = try library.run(["ls"])
        #expect(wide.stdout.contains(long), "with COLUMNS=200 nothing is cut: \(wide)")
    }

    @Test func unknownFormatIsAnError() throws {
        let library = try TemporaryLibrary(books: [("oliver.md", Self.devotions)])
        let result = try library.run(["ls", "--format", "xml"])
        #expect(result.status != 0, "\(result)")
        #expect(result.stdout == "")
        #expect(result.stderr.contains("xml"), "\(result)")
    }

    @Test
    func titleWithALineBreakStaysOnOneLine() throws {
        let library = try TemporaryLibrary(books: [
            ("literal.md", "---\ntitle: |\n  Literal\n  Two Lines\nauthor: Y\n---\n"),
            ("dune.md", bookFile("title: Dune\nauthor: Frank Herbert")),
        ])
        let plain = try library.run(["ls", "--format", "plain"])
        #expect(plain.stdoutLines.count == 2, "\(plain)")
        let table = try library.run(["ls"])
        #expect(table.stdoutLines.count == 3, "\(table)")
    }
}
