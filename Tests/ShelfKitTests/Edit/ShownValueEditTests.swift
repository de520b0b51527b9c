import Testing
@testable import ShelfKit

/// Setting the value shelf shows writes nothing, and a new value goes to the key it was read from
/// (docs/vaults.md, "No-op writes").
@Suite struct ShownValueEditTests {
    /// A Goodreads-export vault note: the name in `author:`, an empty `authors:` kept beside it.
    static let exportNote = "---\ntitle: Dune\nauthor: Frank Herbert\nauthors: \nshelf: read\n---\n"
    static let authorVocabulary = Vocabulary(keys: [.authors: "author"])

    @Test func theShownAuthorsSetAgainIsNoChange() throws {
        let book = try #require(
            Book(
                path: "dune.md", document: try BookDocument(bytes: Array(Self.exportNote.utf8)),
                vocabulary: Self.authorVocabulary))
        #expect(book.authors == ["Frank Herbert"])
        #expect(try vocabEdit([.set("authors", .list(book.authors))], on: Self.exportNote, Self.authorVocabulary) == Self.exportNote)
    }

    @Test func aNewAuthorGoesToTheKeyTheAuthorsWereReadFrom() throws {
        let actual = try vocabEdit([.set("authors", .list(["Brian Herbert"]))], on: Self.exportNote, Self.authorVocabulary)
        #expect(actual == "---\ntitle: Dune\nauthor: Brian Herbert\nauthors: \nshelf: read\n---\n")
    }

    @Test(arguments: ["title: \" Cheval de Troie\"", "title: 'Cheval de Troie  '", "title: \"\\tCheval de Troie\""])
    func aQuotedTitleWithSpacesSetAsShownIsNoChange(line: String) throws {
        let note = "---\n\(line)\n---\n"
        let book = try #require(try editBook(Array(note.utf8)))
        #expect(book.title == "Cheval de Troie")
        expectNoChange([.set("title", .string(book.title))], on: note)
    }

    @Test func aNewTitleOverAQuotedTitleWithSpacesIsWritten() {
        expectEdit(
            [.set("title", .string("Cheval de Troie 2"))], on: "---\ntitle: \" Cheval de Troie\"\n---\n",
            gives: "---\ntitle: \"Cheval de Troie 2\"\n---\n")
    }
}
