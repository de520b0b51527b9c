import Foundation
import Testing

/// Edits in vaults kept by hand: the same value written another way is no change (nothing is
/// written), and a changed value keeps the file's form (quotes, stars, date words, links).
@Suite struct VaultEditTests {
    /// Runs `args` on a one-book library and expects the book untouched, byte for byte, times too.
    /// - Parameter config: the library's `shelf.yaml`; nil for a vault without one.
    func expectUnchanged(
        _ book: String, _ args: [String], config: String? = TemporaryLibrary.defaultConfig,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let library = try TemporaryLibrary(config: config, books: [("book.md", book)])
        try library.editAgeFiles()
        let before = try library.snapshot()
        let result = try library.editRun(args, environment: ["SHELF_LIBRARY": library.root.path])
        #expect(result.status == 0, "\(result)", sourceLocation: sourceLocation)
        #expect(result.stdout == "unchanged book.md\n", "\(result)", sourceLocation: sourceLocation)
        #expect(try library.snapshot() == before, sourceLocation: sourceLocation)
    }

    /// Runs `args` on a one-book library and expects exactly `after`.
    func expectEdit(
        _ book: String, _ args: [String], gives after: String, config: String? = TemporaryLibrary.defaultConfig,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let library = try TemporaryLibrary(config: config, books: [("book.md", book)])
        let result = try library.editRun(args, environment: ["SHELF_LIBRARY": library.root.path])
        #expect(result.status == 0, "\(result)", sourceLocation: sourceLocation)
        try expectEditFile("book.md", in: library, equals: after, sourceLocation: sourceLocation)
    }

    @Test func aQuotedRatingRatedTheSameIsNoChange() throws {
        try expectUnchanged("---\ntitle: Dune\nrating: \"5\"\n---\n", ["rate", "dune", "5"])
    }

    @Test func starsRatedTheSameAreNoChange() throws {
        try expectUnchanged("---\ntitle: Dune\nrating: ★★★★☆\n---\n", ["rate", "dune", "4"])
        try expectUnchanged("---\ntitle: Dune\nrating: 4/5\n---\n", ["set", "dune", "rating=4"])
        try expectUnchanged("---\ntitle: Dune\nrating: 4.5\n---\n", ["rate", "dune", "4.5"])
    }

    @Test func aSingleAuthorSetTheSameIsNoChange() throws {
        try expectUnchanged("---\ntitle: Dune\nauthor: Frank Herbert\n---\n", ["set", "dune", "authors=Frank Herbert"])
        try expectUnchanged("---\ntitle: Dune\nauthor: \"[[Frank Herbert]]\"\n---\n", ["set", "dune", "author=Frank Herbert"])
        try expectUnchanged("---\ntitle: Dune\nauthors: [[Frank Herbert]]\n---\n", ["set", "dune", "authors=Frank Herbert"])
    }

    @Test func theShownAuthorBesideAnEmptyAuthorsKeyIsNoChange() throws {
        // A Goodreads-export vault: `author:` holds the name, `authors:` is kept empty.
        let book = "---\ntitle: Dune\nauthor: Frank Herbert\nauthors: \nshelf: read\n---\n"
        for config in [nil, "fields:\n  authors: author\n"] {
            try expectUnchanged(book, ["set", "dune", "authors=Frank Herbert"], config: config)
            try expectEdit(
                book, ["set", "dune", "authors=Brian Herbert"],
                gives: "---\ntitle: Dune\nauthor: Brian Herbert\nauthors: \nshelf: read\n---\n", config: config)
        }
    }

    @Test func theShownTitleOfAQuotedTitleWithSpacesIsNoChange() throws {
        try expectUnchanged("---\ntitle: \" Cheval de Troie\"\n---\n", ["set", "cheval", "title=Cheval de Troie"], config: nil)
        try expectUnchanged("---\ntitle: 'Dune '\n---\n", ["set", "dune", "title=Dune"], config: nil)
    }

    @Test func theStatusReadFromDatesSetAgainIsNoChange() throws {
        try expectUnchanged("---\ntitle: Dune\ndate_read: \"2013/07/01\"\n---\n", ["set", "dune", "status=read"], config: nil)
        try expectUnchanged("---\ntitle: Dune\nstarted: 2024-01-02\n---\n", ["set", "dune", "status=reading"], config: nil)
    }

    @Test func theShownTitleOfAGoodreadsTitleIsNoChangeAndANewOneKeepsTheSeries() throws {
        let book = "---\ntitle: \"A Feast for Crows (A Song of Ice and Fire, #4)\"\n---\n"
        try expectUnchanged(book, ["set", "feast", "title=A Feast for Crows"], config: nil)
        try expectEdit(
            book, ["set", "feast", "title=A Feast of Crows"],
            gives: "---\ntitle: \"A Feast of Crows (A Song of Ice and Fire, #4)\"\n---\n", config: nil)
    }

    @Test func aTagAlreadyThereIsNoChange() throws {
        try expectUnchanged("---\ntitle: Dune\ntags: [a, b]\n---\n", ["tag", "dune", "a"])
        try expectUnchanged("---\ntitle: Dune\ntags: a, b\n---\n", ["tag", "dune", "b"])
    }

    @Test func theSameDateWrittenAnotherWayIsNoChange() throws {
        try expectUnchanged("---\ntitle: Dune\nfinished: April 21, 2025\n---\n", ["set", "dune", "finished=2025-04-21"])
        try expectUnchanged("---\ntitle: Dune\nfinished: \"[[2025-04-21]]\"\n---\n", ["set", "dune", "finished=2025-04-21"])
        try expectUnchanged("---\ntitle: Dune\nfinished: 21.04.2025\n---\n", ["set", "dune", "finished=2025/4/21"])
    }

    @Test func aNewRatingKeepsTheFilesForm() throws {
        try expectEdit("---\ntitle: Dune\nrating: \"3\"\n---\n", ["rate", "dune", "4"], gives: "---\ntitle: Dune\nrating: \"4\"\n---\n")
        try expectEdit("---\ntitle: Dune\nrating: ★★★☆☆\n---\n", ["rate", "dune", "4.5"], gives: "---\ntitle: Dune\nrating: ★★★★½\n---\n")
        try expectEdit("---\ntitle: Dune\nrating: ★★★☆☆\n---\n", ["rate", "dune", "2"], gives: "---\ntitle: Dune\nrating: ★★☆☆☆\n---\n")
        try expectEdit("---\ntitle: Dune\nrating: 6/10\n---\n", ["rate", "dune", "4"], gives: "---\ntitle: Dune\nrating: 8/10\n---\n")
        try expectEdit("---\ntitle: Dune\nrating: 0\n---\n", ["rate", "dune", "3.5"], gives: "---\ntitle: Dune\nrating: 3.5\n---\n")
    }

    @Test func aNewDateIsWrittenInTheBooksStyle() throws {
        try expectEdit(
            "---\ntitle: Dune\nfinished: April 2, 2025\n---\n", ["set", "dune", "finished=2025-04-21"],
            gives: "---\ntitle: Dune\nfinished: April 21, 2025\n---\n")
        try expectEdit(
            "---\ntitle: Dune\nfinished: '[[2025-04-02]]'\n---\n", ["set", "dune", "finished=2025-04-21"],
            gives: "---\ntitle: Dune\nfinished: '[[2025-04-21]]'\n---\n")
        try expectEdit(
            "---\ntitle: Dune\nfinished: [[2025-04-02]]\n---\n", ["set", "dune", "finished=2025-04-21"],
            gives: "---\ntitle: Dune\nfinished: [[2025-04-21]]\n---\n")
        // A date the book does not have yet takes the style of its other dates.
        try expectEdit(
            "---\ntitle: Dune\nstatus: reading\nstarted: 02.03.2024\n---\n", ["finish", "dune"],
            gives: "---\ntitle: Dune\nstatus: read\nstarted: 02.03.2024\nfinished: 02.03.2024\n---\n")
    }

    @Test func aNewSingleAuthorStaysOneValue() throws {
        try expectEdit(
            "---\ntitle: Dune\nauthor: \"[[Frank Herbert]]\"\n---\n", ["set", "dune", "authors=Brian Herbert"],
            gives: "---\ntitle: Dune\nauthor: \"[[Brian Herbert]]\"\n---\n")
        try expectEdit(
            "---\ntitle: Dune\nauthor: Frank Herbert\n---\n", ["set", "dune", "authors=Brian Herbert"],
            gives: "---\ntitle: Dune\nauthor: Brian Herbert\n---\n")
    }

    @Test func aQuotedPageCountStaysQuoted() throws {
        try expectUnchanged("---\ntitle: Dune\npages: \"412\"\n---\n", ["set", "dune", "pages=412"])
        try expectEdit(
            "---\ntitle: Dune\npages: '412'\n---\n", ["set", "dune", "pages=500"], gives: "---\ntitle: Dune\npages: '500'\n---\n")
    }
}
