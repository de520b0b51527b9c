import Foundation
import Testing

/// Reads from Goodreads, StoryGraph and LibraryThing exports: the latest read in started/finished,
/// earlier ones as lines of reads:, a book read once in its simple form; a second import writes
/// nothing, with or without --update.
@Suite struct ImportReadsTests {
    /// The file with its `imported:` line (the service and today's date, whichever day the test
    /// runs) left out.
    func withoutBaseline(_ text: String) -> String {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.filter { $0.hasPrefix("imported: ") }.map { $0.split(separator: " ").count } == [3], "\(text)")
        return lines.filter { !$0.hasPrefix("imported: ") }.joined(separator: "\n")
    }

    /// Imports `file`, checks the books' bytes, then imports again (plain and --update) and
    /// checks nothing changed.
    func importTwice(
        _ source: String, _ file: String, _ text: String, expect files: [String: String],
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let library = try TemporaryLibrary()
        try library.write(file, text)
        try library.interchangeRun(["import", source, file], sourceLocation: sourceLocation)
        for (path, expected) in files {
            #expect(withoutBaseline(try library.interchangeText(path)) == expected, "\(path)", sourceLocation: sourceLocation)
        }
        try library.editAgeFiles()
        let before = try library.snapshot()
        try library.interchangeRun(["import", source, file], sourceLocation: sourceLocation)
        try library.interchangeRun(["import", source, file, "--update"], sourceLocation: sourceLocation)
        let after = try library.snapshot()
        #expect(after == before, "a second import changed \(after.differences(from: before))", sourceLocation: sourceLocation)
    }

    @Test func goodreadsReadCountAndDatesBecomeReads() throws {
        let csv = """
            Book Id,Title,Author,ISBN13,My Rating,Exclusive Shelf,Date Read,Date Added,Read Count
            1,Solaris,Stanisław Lem,,4,read,2020/01/02,2019/12/01,3
            2,Dune,Frank Herbert,,5,read,2021/05/06,2021/04/01,1
            3,Emma,Jane Austen,,0,currently-reading,,2022/01/01,2
            4,Ice,Anna Kavan,,0,to-read,,2022/02/02,0

            """
        try importTwice(
            "goodreads", "export.csv", csv,
            expect: [
                // Read three times, one date known: two reads without a day, then the known one.
                "lem-solaris.md": """
                ---
                title: Solaris
                authors:
                  - Stanisław Lem
                status: read
                rating: 4
                added: 2019-12-01
                finished: 2020-01-02
                goodreads: "1"
                source: goodreads
                reads:
                  - {finished: true}
                  - {finished: true}
                read_count: 3
                ---

                """,
                // Read once: the simple form.
                "herbert-dune.md": """
                ---
                title: Dune
                authors:
                  - Frank Herbert
                status: read
                rating: 5
                added: 2021-04-01
                finished: 2021-05-06
                goodreads: "2"
                source: goodreads
                read_count: 1
                ---

                """,
                // Being read a second time: the first read is in reads:.
                "austen-emma.md": """
                ---
                title: Emma
                authors:
                  - Jane Austen
                status: reading
                added: 2022-01-01
                goodreads: "3"
                source: goodreads
                reads:
                  - {finished: true}
                read_count: 2
                ---

                """,
            ])
        let library = try TemporaryLibrary()
        try library.write("export.csv", csv)
        try library.interchangeRun(["import", "goodreads", "export.csv"])
        let stats = try library.interchangeRun(["show", "lem-solaris.md", "--json"]).stdout
        #expect(stats.contains("\"title\": \"Solaris\""), "\(stats)")
    }

    @Test func aGoodreadsDateStartedColumnIsTheLatestReadsStart() throws {
        let csv =
            "Book Id,Title,Author,Exclusive Shelf,Date Started,Date Read,Read Count\n"
            + "5,Kindred,Octavia E. Butler,read,2023/07/01,2023/07/09,2\n"
        try importTwice(
            "goodreads", "started.csv", csv,
            expect: [
                "butler-kindred.md": """
                ---
                title: Kindred
                authors:
                  - Octavia E. Butler
                status: read
                started: 2023-07-01
                finished: 2023-07-09
                goodreads: "5"
                source: goodreads
                reads:
                  - {finished: true}
                read_count: 2
                ---

                """
            ])
    }

    @Test func storyGraphDatesReadRangesBecomeReadsOldestFirst() throws {
        let csv = """
            Title,Authors,ISBN/UID,Read Status,Date Added,Last Date Read,Dates Read,Read Count,Star Rating,Owned?
            Piranesi,Susanna Clarke,9781635575637,read,2021/01/04,2023/03/02,"2023/02/20-2023/03/02, 2021/01/05-2021/01/12",2,4.5,Yes
            Circe,Madeline Miller,,read,2020/01/01,2020/02/02,2020/01/20-2020/02/02,1,,No
            Beloved,Toni Morrison,,currently-reading,2020/01/01,,"2019/03/01-2019/03/15, 2022/05/01-",3,,No

            """
        try importTwice(
            "storygraph", "sg.csv", csv,
            expect: [
                "clarke-piranesi.md": """
                ---
                title: Piranesi
                authors:
                  - Susanna Clarke
                isbn: "9781635575637"
                status: read
                rating: 5
                added: 2021-01-04
                started: 2023-02-20
                finished: 2023-03-02
                source: storygraph
                ownership: owned
                rating_exact: 4.5
                reads:
                  - {started: 2021-01-05, finished: 2021-01-12}
                read_count: 2
                ---

                """,
                "miller-circe.md": """
                ---
                title: Circe
                authors:
                  - Madeline Miller
                status: read
                added: 2020-01-01
                started: 2020-01-20
                finished: 2020-02-02
                source: storygraph
                read_count: 1
                ---

                """,
                // Three reads, two with dates: one without a day, the 2019 read, and the one going on.
                "morrison-beloved.md": """
                ---
                title: Beloved
                authors:
                  - Toni Morrison
                status: reading
                added: 2020-01-01
                started: 2022-05-01
                source: storygraph
                reads:
                  - {finished: true}
                  - {started: 2019-03-01, finished: 2019-03-15}
                read_count: 3
                ---

                """,
            ])
    }

    @Test func libraryThingDatesBecomeReads() throws {
        let tsv =
            "Book Id\tTitle\tPrimary Author\tCollections\tDate Started\tDate Read\tEntry Date\n"
            + "1\tMarelle\tCortazar, Julio\tYour library\t[2007-04-16]\t[2007-05-08]\t[2006-08-09]\n"
            + "2\tEmma\tAusten, Jane\tYour library\t[2001-01-02], [2015-03-01]\t[2001-02-03], [2015-04-01]\t\n"
        try importTwice(
            "librarything", "lt.tsv", tsv,
            expect: [
                "cortazar-marelle.md": """
                ---
                title: Marelle
                authors:
                  - Julio Cortazar
                status: read
                added: 2006-08-09
                started: 2007-04-16
                finished: 2007-05-08
                source: librarything
                librarything: "1"
                ---

                """,
                "austen-emma.md": """
                ---
                title: Emma
                authors:
                  - Jane Austen
                status: read
                started: 2015-03-01
                finished: 2015-04-01
                source: librarything
                reads:
                  - {started: 2001-01-02, finished: 2001-02-03}
                librarything: "2"
                ---

                """,
            ])
    }
}
