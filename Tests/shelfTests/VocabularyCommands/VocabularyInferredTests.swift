import Foundation
import Testing

/// Issue 45: `detect` proposes only keys the files use; a vault without shelf.yaml is read in its
/// own words; `check` says nothing of a vault's consistent habits (docs/vaults.md).
@Suite struct VocabularyInferredTests {
    /// Notes with some of the Book Search plugin's keys (`total`, `category`, `publish`,
    /// `created`) but none of `myRate`, `tag`, `startReadDate`, `finishReadDate`.
    static func partialPluginVault() throws -> TemporaryLibrary {
        let books = ["Dune": "Frank Herbert", "Piranesi": "Susanna Clarke", "Kindred": "Octavia E. Butler"].map { title, author in
            (
                "Books/\(title).md",
                bookFile(
                    "title: \(title)\nauthor: \(author)\ncategory: [Fiction]\npublish: 1979-06-01\ntotal: 264\n"
                        + "isbn13: \"9780807083697\"\nstatus: read\ncreated: 2024-03-02 10:11:12")
            )
        }
        let library = try TemporaryLibrary(config: nil, books: books)
        try vaultAge(library)
        return library
    }

    @Test func detectWriteDeclaresNoKeyTheFilesDoNotUseAndEditsWriteShelfsOwn() throws {
        let vault = try Self.partialPluginVault()
        let result = try vault.vaultRun(["detect", "--write", "--library", vault.root.path])
        // What shelf reads: the comments (the template's examples, the preset's name) are not settings.
        let settings = try vault.vaultText("shelf.yaml").split(separator: "\n", omittingEmptySubsequences: false)
            .filter { !$0.trimmingCharacters(in: .whitespaces).hasPrefix("#") }.joined(separator: "\n")
        for unused in ["myRate", "tag:", "startReadDate", "finishReadDate"] {
            #expect(!settings.contains(unused), "\(unused) declared though no file uses it: \(settings)\n\(result)")
        }
        #expect(settings.contains("  pages: total\n") && settings.contains("  genres: category\n"), "\(settings)")
        // Edits afterwards write shelf's own keys for the fields no file uses.
        try vault.vaultRun(["rate", "dune", "4", "--library", vault.root.path])
        try vault.vaultRun(["tag", "dune", "classic", "--library", vault.root.path])
        let dune = try vault.vaultText("Books/Dune.md")
        #expect(dune.contains("\nrating: 4\n") && dune.contains("tags:"), "\(dune)")
        #expect(!dune.contains("myRate") && !dune.contains("\ntag:"), "\(dune)")
    }

    /// Two notes with a slug in `author` and the name beside it in `author_name`, no shelf.yaml.
    static func slugAndNameVault() throws -> TemporaryLibrary {
        let vault = try TemporaryLibrary(
            config: nil,
            books: [
                ("maps.md", bookFile("title: Maps of Meaning\nauthor: jordan-b-peterson\nauthor_name: Jordan B. Peterson")),
                ("dune.md", bookFile("title: Dune\nauthor: frank-herbert\nauthor_name: Frank Herbert")),
            ])
        try vaultAge(vault)
        return vault
    }

    @Test func lsWithoutShelfYAMLReadsTheNotesOwnKeysAndSaysSoOnce() throws {
        let vault = try Self.slugAndNameVault()
        let before = try vault.snapshot()
        let result = try vault.vaultRun(["ls", "--format", "json", "--library", vault.root.path])
        let books = try parseJSONArray(result.stdout)
        #expect(
            books.compactMap { $0["authors"] as? [String] }.sorted { $0[0] < $1[0] } == [["Frank Herbert"], ["Jordan B. Peterson"]],
            "\(result)")
        let notes = result.stderr.split(separator: "\n").filter { $0.contains("no shelf.yaml here") }
        #expect(
            notes == [
                "shelf: no shelf.yaml here; reading the keys these notes use (author_name for authors); shelf detect --write keeps them"
            ],
            "\(result)")
        // Read, not written: no shelf.yaml appears.
        #expect(try vault.snapshot() == before)
        // A second run reads the same (from the kept inference).
        let again = try vault.vaultRun(["ls", "--format", "json", "--library", vault.root.path])
        #expect(again.stdout == result.stdout, "\(again)")
    }

    @Test func checkOnAConsistentVaultReportsNoMixedVocabulary() throws {
        let vault = try TemporaryLibrary(
            config: nil,
            books: [
                ("tubes.md", bookFile("title: Tubes\nauthor: Colton J. McCurdy\nbook-authors: [Andrew Blum]")),
                ("unix.md", bookFile("title: UNIX\nauthor: Colton J. McCurdy\nbook-authors: [Brian Kernighan]")),
                ("k8s.md", bookFile("title: Kubernetes\nauthor: Colton J. McCurdy\nbook-authors: [Brendan Burns, Joe Beda]")),
            ])
        try vaultAge(vault)
        try vault.vaultRun(["detect", "--write", "--library", vault.root.path])
        let check = try vault.run(["check", "--library", vault.root.path], environment: vaultClock)
        #expect(!check.stdout.contains("mixed-vocabulary"), "\(check)")
        #expect(try vault.vaultTitles(["--library", vault.root.path, "author:Blum"]) == ["Tubes"])
    }

    @Test func realMixingIsReportedOncePerKeyWithACount() throws {
        let vault = try TemporaryLibrary(
            config: "fields:\n  rating: myRate\n",
            books: [
                ("a.md", bookFile("title: A\nmyRate: 4")),
                ("b.md", bookFile("title: B\nrating: 3")), ("c.md", bookFile("title: C\nrating: 5")),
                ("d.md", bookFile("title: D\nrating: 2")),
            ])
        let check = try vault.run(["check"], environment: vaultClock)
        let mixed = check.stdoutLines.filter { $0.contains("[mixed-vocabulary]") }
        #expect(mixed.count == 1, "\(check)")
        #expect(mixed.first?.hasPrefix("b.md:") == true && mixed.first?.contains("`rating` in this file and 2 others") == true, "\(check)")
    }
}
