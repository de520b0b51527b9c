import Foundation
import Testing

/// `shelf import` on the built binary, over the project's own exports of each service.
@Suite struct ImportCommandTests {
    static let fixtures: [(source: String, file: String, created: Int, skipped: Int)] = [
        ("goodreads", "goodreads-31-columns.csv", 7, 1),
        ("goodreads", "goodreads-23-columns.csv", 3, 0),
        ("storygraph", "storygraph.csv", 4, 0),
        ("librarything", "librarything.tsv", 3, 0),
        ("calibre", "calibre-catalog.csv", 2, 0),
        ("calibre", "calibre-list.json", 2, 1),
    ]

    @Test(arguments: fixtures.indices)
    func everyExportImportsAndImportingItAgainChangesNothing(_ index: Int) throws {
        let fixture = Self.fixtures[index]
        let library = try TemporaryLibrary()
        let path = InterchangeCommandFixtures.path(fixture.file)
        let first = try library.interchangeRun(["import", fixture.source, path])
        #expect(
            interchangeSummary(first).hasSuffix(": \(fixture.created) created, 0 updated, 0 unchanged, \(fixture.skipped) skipped."),
            "\(first)")
        #expect(first.stdoutLines.filter { $0.hasPrefix("created ") }.count == fixture.created)
        #expect(library.interchangeBookFiles().count == fixture.created)
        let listed = try parseJSONArray(try library.interchangeRun(["ls", "--format", "json"]).stdout)
        #expect(listed.count == fixture.created)

        let before = try library.snapshot()
        for extra in [[], ["--update"]] {
            let again = try library.interchangeRun(["import", fixture.source, path] + extra)
            #expect(
                interchangeSummary(again).hasSuffix(": 0 created, 0 updated, \(fixture.created) unchanged, \(fixture.skipped) skipped."),
                "\(again)")
            #expect(again.stdout == "")
            let after = try library.snapshot()
            #expect(after == before, "\(after.differences(from: before))")
        }
    }

    @Test func aGoodreadsBookIsWrittenAsShelfWritesNewBooks() throws {
        let library = try TemporaryLibrary()
        try library.interchangeRun(["import", "goodreads", InterchangeCommandFixtures.path("goodreads-31-columns.csv")])
        let text = try library.interchangeText("jemisin-the-fifth-season.md")
        // The service and the day of the import (today's), nothing else: what was imported is
        // recorded beside shelf.yaml.
        let imported = try #require(text.split(separator: "\n").first { $0.hasPrefix("imported: goodreads ") })
        #expect(imported.split(separator: " ").count == 3 && imported.count == "imported: goodreads 2026-11-28".count, "\(imported)")
        #expect(try library.interchangeRecord("goodreads", "19161852")?.hasSuffix(" jemisin-the-fifth-season.md") == true)
        #expect(
            text == """
                ---
                title: The Fifth Season
                authors:
                  - N.K. Jemisin
                isbn: "9780316229296"
                status: read
                rating: 5
                tags: [favorites, sci-fi, women-authors]
                added: 2020-05-02
                finished: 2020-06-14
                series: The Broken Earth
                series_index: 1
                publisher: Orbit
                published: 2015
                pages: 468
                format: paperback
                goodreads: "19161852"
                source: goodreads
                reads:
                  - {finished: true}
                read_count: 2
                owned_copies: 1
                \(imported)
                ---

                Stunning. The second-person chapters, & the reveal, wow.

                Essun, Damaya, Syenite: "one" woman, three times.
                Reread *soon*, with **notes** & a [map](https://example.org/map).

                ## Private notes

                Lent to Sam, 2021.

                """)
    }

    @Test func skippedRowsAreListedWithTheirRowNumberAndReason() throws {
        let library = try TemporaryLibrary()
        let result = try library.interchangeRun(["import", "goodreads", InterchangeCommandFixtures.path("goodreads-31-columns.csv")])
        #expect(result.stderrLines.contains("  row 7: skipped, no title"), "\(result)")
    }

    @Test func aDryRunSaysWhatWouldHappenAndWritesNothing() throws {
        let library = try TemporaryLibrary()
        let before = try library.snapshot()
        let result = try library.interchangeRun(["import", "storygraph", InterchangeCommandFixtures.path("storygraph.csv"), "--dry-run"])
        #expect(result.stdoutLines.first == "would create le-guin-always-coming-home.md")
        #expect(interchangeSummary(result).hasPrefix("Dry run, nothing written. StoryGraph import of "))
        #expect(interchangeSummary(result).hasSuffix(": 4 would be created, 0 would be updated, 0 unchanged, 0 skipped."))
        #expect(try library.snapshot() == before)
    }

    @Test func updateWritesWhatChangedAtTheSourceAndKeepsWhatYouChanged() throws {
        let library = try TemporaryLibrary()
        let header = "Book Id,Title,Author,ISBN13,My Rating,Exclusive Shelf,Bookshelves,Date Read,My Review\n"
        let solaris = "42,Solaris,Stanisław Lem,\"=\"\"9780156027601\"\"\",4,read,\"classics, sci-fi\",2020/01/02,Ocean.\n"
        let dune = "7,Dune (Dune #1),Frank Herbert,,3,to-read,,,\n"
        try library.write("v1.csv", header + solaris + dune)
        #expect(try library.run(["import", "goodreads", "v1.csv"], environment: ["SHELF_TODAY": "2024-03-02"]).status == 0)
        // A local change: Dune's rating. Then the source changes both books' ratings.
        try library.interchangeRun(["rate", "herbert-dune.md", "5"])
        let solarisBefore = try library.interchangeText("lem-solaris.md")
        let duneBefore = try library.interchangeText("herbert-dune.md")
        try library.write(
            "v2.csv",
            header + solaris.replacingOccurrences(of: ",4,read,", with: ",5,read,")
                + dune.replacingOccurrences(of: ",3,to-read,", with: ",2,read,"))

        let plain = try library.interchangeRun(["import", "goodreads", "v2.csv"])
        #expect(interchangeSummary(plain).hasSuffix(": 0 created, 0 updated, 2 unchanged, 0 skipped."))

        let recordsBefore = try library.interchangeRecords()
        let result = try library.run(["import", "goodreads", "v2.csv", "--update"], environment: ["SHELF_TODAY": "2024-03-09"])
        #expect(
            result.stdoutLines == ["updated lem-solaris.md (rating)", "updated herbert-dune.md (status; kept yours: rating)"], "\(result)")
        #expect(interchangeSummary(result).hasSuffix(": 0 created, 2 updated, 0 unchanged, 0 skipped."))
        // Each book's line gets the day of the import that wrote it; the records move on with it.
        let solarisAfter = try library.interchangeText("lem-solaris.md")
        #expect(interchangeChangedLines(solarisBefore, solarisAfter) == ["rating: 5", "imported: goodreads 2024-03-09"])
        let duneAfter = try library.interchangeText("herbert-dune.md")
        #expect(interchangeChangedLines(duneBefore, duneAfter) == ["status: read", "imported: goodreads 2024-03-09"])
        let recordsAfter = try library.interchangeRecords()
        #expect(recordsBefore.map { $0.prefix(24) } == ["goodreads 42 2024-03-02 ", "goodreads 7 2024-03-02 v"], "\(recordsBefore)")
        #expect(recordsAfter.map { $0.prefix(24) } == ["goodreads 42 2024-03-09 ", "goodreads 7 2024-03-09 v"], "\(recordsAfter)")
        #expect(duneAfter.contains("\nrating: 5\n"))

        let before = try library.snapshot()
        let again = try library.interchangeRun(["import", "goodreads", "v2.csv", "--update"])
        #expect(interchangeSummary(again).hasSuffix(": 0 created, 0 updated, 2 unchanged, 0 skipped."))
        #expect(try library.snapshot() == before)
    }

    @Test func anExportFromStandardInputImports() throws {
        let library = try TemporaryLibrary()
        let csv = try String(contentsOfFile: InterchangeCommandFixtures.path("storygraph.csv"), encoding: .utf8)
        let result = try library.interchangeRun(["import", "storygraph", "-"], stdin: csv)
        #expect(interchangeSummary(result) == "StoryGraph import of standard input: 4 created, 0 updated, 0 unchanged, 0 skipped.")
    }

    @Test func aFileOfTheWrongShapeIsRefusedAndNothingIsWritten() throws {
        let library = try TemporaryLibrary()
        let before = try library.snapshot()
        let result = try library.run(["import", "goodreads", InterchangeCommandFixtures.path("storygraph.csv")])
        #expect(result.status == 1)
        #expect(result.stderr.contains("this is not a Goodreads export"), "\(result)")
        #expect(try library.snapshot() == before)
    }
}

/// The lines of `after` that differ from `before` (same number of lines assumed), in order.
func interchangeChangedLines(_ before: String, _ after: String) -> [String] {
    let old = before.components(separatedBy: "\n")
    let new = after.components(separatedBy: "\n")
    guard old.count == new.count else { return ["line count \(old.count) → \(new.count)"] }
    return zip(old, new).filter { $0 != $1 }.map(\.1)
}
