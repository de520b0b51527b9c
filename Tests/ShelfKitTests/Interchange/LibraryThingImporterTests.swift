import Testing
@testable import ShelfKit

/// LibraryThing's tab-delimited export: brackets, last-first names, `|` lists, collections.
@Suite struct LibraryThingImporterTests {
    static let file = "librarything.tsv"

    @Test func aCataloguedBookMapsEveryColumnItHas() throws {
        let record = try interchangeRecord(InterchangeFixtures.rows(.librarything, Self.file), titled: "Marelle")
        #expect(
            interchangeLines(record) == [
                "title: \"Marelle\"", "authors: [Julio Cortazar]", "isbn: \"9782070291342\"", "favorite: true", "status: \"read\"",
                "rating: 5", "rating_exact: 4.5", "tags: [roman, espagnol, expérimental]", "added: 2006-08-09",
                "started: 2007-04-16", "finished: 2007-05-08", "publisher: \"Gallimard\"", "published: 1979", "pages: 590",
                "language: \"French\"", "format: \"paperback\"", "librarything: \"5498194\"", "source: \"librarything\"",
                "contributors: [Laure Guille-Bataillon (Translator), Françoise Rosset (Translator)]",
                "original_language: \"Spanish\"", "subjects: [Argentine fiction, Paris (France) > Fiction]", "dewey: \"863\"",
                "lcc: \"PQ7797 .C7145\"", "oclc: \"6144386\"",
            ])
        #expect(record.notes == "chef d'oeuvre")
    }

    @Test func commentsAndPrivateCommentsGoToTheNotesAndCollectionsGiveTheStatus() throws {
        let record = try interchangeRecord(InterchangeFixtures.rows(.librarything, Self.file), titled: "Le Maître et Marguerite")
        #expect(record.text(of: "status") == "reading")
        #expect(record.text(of: "format") == "ebook")
        #expect(record.notes == "## Comments\n\nBought in Lyon.\n\n## Private notes\n\nSpine cracked.")
    }

    @Test func aStrayLatin1ByteIsReadAndAWishlistIsToReadOnTheWishlist() throws {
        let record = try interchangeRecord(InterchangeFixtures.rows(.librarything, Self.file), titled: "Cortézar Stories")
        #expect(record.value(of: "authors") == .list(["Martin Luther King, Jr."]))
        #expect(record.text(of: "status") == "to-read")
        #expect(record.text(of: "ownership") == "wishlist")
        #expect(record.value(of: "tags") == nil)
        #expect(record.value(of: "isbn") == nil)
    }

    @Test func namesWrittenLastFirstAreTurnedAround() {
        #expect(ImportCells.nameFirstLast("Le Guin, Ursula K.") == "Ursula K. Le Guin")
        #expect(ImportCells.nameFirstLast("Homer") == "Homer")
        #expect(ImportCells.nameFirstLast("King, Martin Luther, Jr.") == "Martin Luther King, Jr.")
    }
}
