import Foundation
import Testing

/// docs/vocabularies.md, end to end: listing and querying a Book Search vault by either name, and
/// `shelf check` on a folder that mixes hand-written notes with the plugin's.
@Suite struct VocabularyVaultReadTests {
    @Test func lsListsThePluginNotesOnly() throws {
        let vault = try vaultPlugin()
        let before = try vault.snapshot()
        let result = try vault.vaultRun(["ls", "--format", "json"])
        #expect(result.stderr.isEmpty, "\(result)")
        let books = try parseJSONArray(result.stdout)
        #expect(books.compactMap { $0["title"] as? String }.sorted() == ["Dune", "Piranesi", "The Left Hand of Darkness"])
        #expect(!result.stdout.contains("{{title}}"))
        #expect(!result.stdout.contains("Daily"))
        #expect(try vault.snapshot() == before, "ls wrote something")
    }

    @Test func theJSONHoldsTheFieldsReadFromThePluginsKeys() throws {
        let vault = try vaultPlugin()
        let result = try vault.vaultRun(["show", "left hand", "--format", "json"])
        let book = try parseJSONObject(result.stdout)
        #expect(book["pages"] as? Int == 304, "\(result)")
        #expect(book["status"] as? String == "to-read", "\(result)")
        #expect(book["authors"] as? [String] == ["Ursula K. Le Guin"], "\(result)")
        #expect(book["tags"] as? [String] == ["📚Book"], "\(result)")
    }

    @Test func queriesAcceptBothNames() throws {
        let vault = try vaultPlugin()
        let byShelfsName = try vault.vaultTitles(["pages:>300"])
        #expect(byShelfsName == ["Dune", "The Left Hand of Darkness"])
        #expect(try vault.vaultTitles(["total:>300"]) == byShelfsName)
        #expect(try vault.vaultTitles(["rating:5"]) == ["Dune"])
        #expect(try vault.vaultTitles(["myRate:5"]) == ["Dune"])
        #expect(try vault.vaultTitles(["status:to-read"]) == ["The Left Hand of Darkness"])
        #expect(try vault.vaultTitles(["status:unread"]) == ["The Left Hand of Darkness"])
        #expect(try vault.vaultTitles(["genres:fantasy"]) == ["Piranesi"])
        #expect(try vault.vaultTitles(["category:fantasy"]) == ["Piranesi"])
    }

    @Test(arguments: ["0441478123", "9780441478125", "978-0-441-47812-5"])
    func isbnFindsTheBookByEitherForm(isbn: String) throws {
        let vault = try vaultPlugin()
        #expect(try vault.vaultTitles(["isbn:" + isbn]) == ["The Left Hand of Darkness"])
    }

    @Test func showFindsTheBookByEitherISBN() throws {
        let vault = try vaultPlugin()
        for isbn in ["0441172717", "9780441172719"] {
            let result = try vault.vaultRun(["show", isbn, "--format", "json"])
            #expect(try parseJSONObject(result.stdout)["title"] as? String == "Dune", "\(isbn): \(result)")
        }
    }

    @Test func aCanonicalLibraryNeedsNoMap() throws {
        let library = try TemporaryLibrary(books: [
            ("piranesi.md", bookFile("title: Piranesi\nauthors:\n  - Susanna Clarke\npages: 272\nstatus: to-read"))
        ])
        #expect(try library.vaultTitles(["pages:>200"]) == ["Piranesi"])
        #expect(try library.vaultTitles(["status:to-read"]) == ["Piranesi"])
    }
}

/// A mixed folder: plugin notes and hand-written notes in shelf's own names, under the plugin's map.
@Suite struct VocabularyMixedFolderTests {
    static let handWritten = """
        ---
        title: The Dispossessed
        authors:
          - Ursula K. Le Guin
        status: to-read
        ---

        """

    static func mixed() throws -> TemporaryLibrary {
        let vault = try vaultPlugin()
        try vault.write("Books/dispossessed.md", Self.handWritten)
        try vault.write("Books/lathe.md", bookFile("title: The Lathe of Heaven\nauthor: [Ursula K. Le Guin]\nstatus: finished"))
        try vaultAge(vault)
        return vault
    }

    @Test func everyFileReadsInWhateverWordsItUses() throws {
        let vault = try Self.mixed()
        #expect(try vault.vaultTitles(["author:\"Le Guin\""]).count == 3)
        #expect(try vault.vaultTitles(["status:to-read"]) == ["The Dispossessed", "The Left Hand of Darkness"])
        #expect(try vault.vaultTitles(["status:read"]) == ["Dune", "The Lathe of Heaven"])
    }

    @Test func checkReportsMixedVocabularyAndStatusSpelling() throws {
        let vault = try Self.mixed()
        let before = try vault.snapshot()
        let result = try vault.run(["check"], environment: vaultClock)
        #expect(result.status == 0, "\(result)")
        let lines = result.stdoutLines
        #expect(
            lines.contains { $0.hasPrefix("Books/dispossessed.md:") && $0.contains("[mixed-vocabulary]") && $0.contains("`authors`") },
            "\(result)")
        // `status: to-read` is read as to-read, which this vault writes `unread`.
        #expect(lines.contains { $0.hasPrefix("Books/dispossessed.md:") && $0.contains("[status-spelling]") }, "\(result)")
        #expect(lines.contains { $0.hasPrefix("Books/lathe.md:") && $0.contains("[status-spelling]") }, "\(result)")
        // The plugin's notes use the map's keys and words: nothing to report.
        for plugin in ["left-hand.md", "piranesi.md", "dune.md"] {
            #expect(!lines.contains { $0.hasPrefix("Books/\(plugin)") }, "\(plugin): \(result)")
        }
        // The daily note is no book: at most a `missing-title` warning, never a vocabulary finding.
        #expect(!lines.contains { $0.hasPrefix("Daily/") && !$0.contains("[missing-title]") }, "\(result)")
        #expect(try vault.snapshot() == before, "check wrote something")
    }

    @Test func checkFixWritesTheVaultsStatusWord() throws {
        let vault = try Self.mixed()
        let before = try vault.snapshot()
        _ = try vault.run(["check", "--fix"], environment: vaultClock)
        try vaultExpectFile(
            "Books/lathe.md", in: vault,
            equals: bookFile("title: The Lathe of Heaven\nauthor: [Ursula K. Le Guin]\nstatus: read"))
        try vaultExpectFile(
            "Books/dispossessed.md", in: vault,
            equals: Self.handWritten.replacingOccurrences(of: "status: to-read", with: "status: unread"))
        try vaultExpectBystandersUntouched(before, vault, after: "check --fix")
    }
}
