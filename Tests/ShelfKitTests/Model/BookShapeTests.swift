import Testing
@testable import ShelfKit

/// Which notes are books, and their titles, in the shapes real vaults write (issue 45;
/// docs/vaults.md).
@Suite struct BookShapeTests {
    func read(_ frontMatter: String, body: String = "", path: String = "Books/note.md") throws -> Book? {
        Book(path: path, document: try BookDocument(bytes: Array("---\n\(frontMatter)---\n\(body)".utf8)), vocabulary: .standard)
    }

    @Test func nameIsTheTitleWhenThereIsNoTitle() throws {
        let book = try #require(try read("name: 三体\nauthor: 刘慈欣\nstatus: 想读\n", path: "a.md"))
        #expect(book.title == "三体")
        #expect(book.status == .toRead)
        // A title key still wins.
        #expect(try read("title: The Three-Body Problem\nname: 三体\nauthor: 刘慈欣\n")?.title == "The Three-Body Problem")
    }

    @Test func aTemplateIsNoBook() throws {
        #expect(try read("title: \"{{title}}\"\nauthor: \"{{VALUE:author}}\"\nstatus: to-read\n", path: "zzz-template/book.md") == nil)
        #expect(try read("title: \"<% tp.file.title %>\"\nstatus: to-read\n") == nil)
        // Without a title key, a note whose book keys are all placeholders is a template too.
        #expect(try read("author: \"{{author}}\"\nisbn: \"{{isbn}}\"\n") == nil)
        // A real book that kept one placeholder is a book.
        #expect(try read("title: Dune\nfinished: \"{{date}}\"\n")?.title == "Dune")
    }

    @Test func aPageAboutAPersonIsNoBook() throws {
        #expect(try read("name: Ursula K. Le Guin\ntitle: Ursula K. Le Guin\n", path: "_authors/ukl.md") == nil)
        #expect(try read("title: Ursula K. Le Guin\n", path: "people/ukl.md") == nil)
        // A book kept in such a folder, with a book's keys, is a book.
        #expect(try read("title: The Dispossessed\nisbn: \"9780060512750\"\n", path: "authors/ukl/dispossessed.md")?.title == "The Dispossessed")
        // Elsewhere, a note with a title is a book.
        #expect(try read("title: Ursula K. Le Guin\n", path: "notes/ukl.md") != nil)
    }
}
