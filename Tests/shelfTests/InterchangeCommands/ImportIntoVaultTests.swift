import Foundation
import Testing

/// `shelf import` into an Obsidian Book Search vault (shelf.yaml from `shelf init --preset
/// obsidian-book-search`): new files and updates are written in the vault's keys and status
/// words, never shelf's own (docs/vocabularies.md).
@Suite struct ImportIntoVaultTests {
    static let header = "Book Id,Title,Author,ISBN13,My Rating,Exclusive Shelf,Bookshelves,Date Read,Date Added,My Review\n"

    @Test func aGoodreadsExportCreatesFilesInTheVaultsKeys() throws {
        let vault = try vaultPlugin()
        let before = try vault.snapshot()
        try vault.vaultRun(["import", "goodreads", InterchangeCommandFixtures.path("goodreads-31-columns.csv")])
        try vaultExpectFile(
            "jemisin-the-fifth-season.md", in: vault,
            equals: """
                ---
                title: The Fifth Season
                author: [N.K. Jemisin]
                isbn: "9780316229296"
                status: read
                myRate: 5
                tag: [favorites, sci-fi, women-authors]
                created: 2020-05-02
                finishReadDate: 2020-06-14
                series: The Broken Earth
                series_index: 1
                publisher: Orbit
                publish: 2015
                total: 468
                format: paperback
                goodreads: "19161852"
                source: goodreads
                reads:
                  - {finished: true}
                read_count: 2
                owned_copies: 1
                imported: goodreads 2024-03-05
                ---

                Stunning. The second-person chapters, & the reveal, wow.

                Essun, Damaya, Syenite: "one" woman, three times.
                Reread *soon*, with **notes** & a [map](https://example.org/map).

                ## Private notes

                Lent to Sam, 2021.

                """)
        // A book on the to-read shelf is `unread`, the vault's word.
        let toRead = try vault.vaultText("carr-it-walks-by-night-a-paris-mystery-british-library-crime-classics-book-1.md")
        #expect(toRead.contains("\nstatus: unread\n"), "\(toRead)")
        #expect(!toRead.contains("status: to-read"), "\(toRead)")
        try vaultExpectBystandersUntouched(before, vault, after: "import")
        // The vault reads them back as books with every field.
        #expect(try vault.vaultTitles(["rating:5", "pages:>400"]).contains("The Fifth Season"))
    }

    @Test func anUpdateWritesTheVaultsKeysAndStatusWords() throws {
        let vault = try vaultPlugin()
        let solaris = "42,Solaris,Stanisław Lem,\"=\"\"9780156027601\"\"\",4,read,\"classics, sci-fi\",2020/01/02,2019/12/01,Ocean.\n"
        try vault.write("v1.csv", Self.header + solaris)
        try vault.vaultRun(["import", "goodreads", "v1.csv"])
        let firstRecord = try #require(try vault.interchangeRecord("goodreads", "42"))
        try vaultExpectFile(
            "lem-solaris.md", in: vault,
            equals: """
                ---
                title: Solaris
                author: [Stanisław Lem]
                isbn: "9780156027601"
                status: read
                myRate: 4
                tag: [classics, sci-fi]
                created: 2019-12-01
                finishReadDate: 2020-01-02
                goodreads: "42"
                source: goodreads
                imported: goodreads 2024-03-05
                ---

                Ocean.

                """)

        // The source now has it on the to-read shelf, rated 5.
        try vault.write("v2.csv", Self.header + solaris.replacingOccurrences(of: ",4,read,", with: ",5,to-read,"))
        let result = try vault.vaultRun(["import", "goodreads", "v2.csv", "--update"])
        #expect(result.stdoutLines == ["updated lem-solaris.md (status, rating)"], "\(result)")
        // The book's line names the service and the day; what was imported moved on beside it.
        let secondRecord = try #require(try vault.interchangeRecord("goodreads", "42"))
        #expect(secondRecord != firstRecord && secondRecord.hasSuffix(" lem-solaris.md"), "\(secondRecord)")
        try vaultExpectFile(
            "lem-solaris.md", in: vault,
            equals: """
                ---
                title: Solaris
                author: [Stanisław Lem]
                isbn: "9780156027601"
                status: unread
                myRate: 5
                tag: [classics, sci-fi]
                created: 2019-12-01
                finishReadDate: 2020-01-02
                goodreads: "42"
                source: goodreads
                imported: goodreads 2024-03-05
                ---

                Ocean.

                """)
        // Importing it again changes nothing: `unread` is read as the source's `to-read`.
        let before = try vault.snapshot()
        let again = try vault.vaultRun(["import", "goodreads", "v2.csv", "--update"])
        #expect(interchangeSummary(again).hasSuffix(": 0 created, 0 updated, 1 unchanged, 0 skipped."), "\(again)")
        #expect(try vault.snapshot() == before)
    }

    @Test func anUpdateFillsTheVaultsOwnEmptyKeys() throws {
        let vault = try vaultPlugin()
        // Piranesi's note has `myRate:` and `finishReadDate:` left empty by the plugin's template.
        try vault.write("v1.csv", Self.header + "7,Piranesi,Susanna Clarke,9781635575637,4,read,,2024/03/01,2024/02/01,\n")
        let result = try vault.vaultRun(["import", "goodreads", "v1.csv", "--update"])
        #expect(result.stdoutLines.first?.hasPrefix("updated Books/piranesi.md (") == true, "\(result)")
        let text = try vault.vaultText("Books/piranesi.md")
        let expected =
            vaultPiranesi
            .replacingOccurrences(of: "\nmyRate:\n", with: "\nmyRate: 4\n")
            .replacingOccurrences(of: "\nfinishReadDate:\n", with: "\nfinishReadDate: 2024-03-01\n")
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        // Everything the note had stays as it was, with the two empty keys filled; what the
        // import adds (the Goodreads id, the baseline) comes after, and no shelf key appears.
        let expectedLines = expected.split(separator: "\n", omittingEmptySubsequences: false)
        let kept = lines.prefix(expectedLines.count - 3)
        #expect(Array(kept) == Array(expectedLines.prefix(expectedLines.count - 3)), "\(text)")
        for shelfKey in ["rating:", "finished:", "authors:", "pages:", "tags:"] {
            #expect(!lines.contains { $0.hasPrefix(shelfKey) }, "\(shelfKey) in \(text)")
        }
        #expect(lines.contains("goodreads: \"7\""), "\(text)")
    }
}
