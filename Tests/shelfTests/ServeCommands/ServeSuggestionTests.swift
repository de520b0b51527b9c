import Foundation
import Testing

/// Suggestions from the library: the search box's (`/suggest`), and the edit and add forms'
/// lists of the tags, authors and series the books hold; a book added by hand with them is the
/// book `shelf add` makes.
@Suite struct ServeSuggestionTests {
    static let environment = ["SHELF_TODAY": "2026-11-25"]
    static let books = [
        ("dune.md", bookFile("title: Dune\nauthors: [Frank Herbert]\ntags: [sci-fi, classics]\nseries: Dune")),
        ("lem.md", bookFile("title: Solaris\nauthors: [Stanisław Lem]\ntags: [sci-fi]")),
        ("clarke.md", bookFile("title: Piranesi\nauthors: [Susanna Clarke]\ntags: [fantasy]")),
    ]

    @Test func theSearchBoxIsOfferedTheQueryWithItsLastTermCompleted() throws {
        let library = try TemporaryLibrary(books: Self.books)
        let server = try ServeProcess(library: library)
        let reply = try server.request("/suggest?q=dune%20tag%3Acl")
        #expect(reply.status == 200)
        #expect(reply.body == "[\"dune tag:classics\"]", "\(reply.body)")
        #expect(try server.request("/suggest?q=author%3Astan").body == "[\"author:\\\"Stanisław Lem\\\"\"]")
        // Without the script, the box still offers the fields.
        #expect(try server.request("/").body.contains("<datalist id=\"query-suggestions\"><option value=\"tag:\"></option>"))
    }

    @Test func theEditAndAddFormsOfferTheLibrarysValues() throws {
        let library = try TemporaryLibrary(books: Self.books)
        let server = try ServeProcess(library: library)
        for page in ["/book?p=dune.md", "/add"] {
            let body = try server.request(page).body
            #expect(body.contains("<datalist id=\"tag-choices\"><option value=\"sci-fi\"></option><option value=\"classics\">"), "\(page)")
            #expect(body.contains("<option value=\"Stanisław Lem\"></option>"), "\(page)")
            #expect(body.contains("<datalist id=\"series-choices\"><option value=\"Dune\"></option></datalist>"), "\(page)")
        }
        let book = try server.request("/book?p=dune.md").body
        #expect(book.contains("<input name=\"tags\" value=\"sci-fi, classics\" list=\"tag-choices\" autocomplete=\"off\" data-items>"))
    }

    @Test func aBookAddedByHandWithSuggestedValuesIsTheBookShelfAddMakes() throws {
        let served = try TemporaryLibrary(books: Self.books)
        let typed = try TemporaryLibrary(books: Self.books)
        let server = try ServeProcess(library: served, environment: Self.environment)
        let token = try server.token(try server.request("/add").body)
        let added = try server.request(
            "/add",
            form: [
                ("token", token), ("title", "Dune Messiah"), ("author", "Frank Herbert"), ("authors", ""),
                ("tags", "sci-fi, classics"), ("series", "Dune"), ("isbn", ""),
            ])
        #expect(added.status == 303, "\(added.body)")
        let path = try #require(added.location?.replacingOccurrences(of: "/book?p=", with: "").removingPercentEncoding)
        let command = try typed.run(
            ["add", "--title", "Dune Messiah", "--author", "Frank Herbert", "--tag", "sci-fi", "--tag", "classics", "--series", "Dune"],
            environment: Self.environment)
        #expect(command.status == 0, "\(command)")
        let web = String(decoding: try served.bytes(path), as: UTF8.self)
        #expect(web == String(decoding: try typed.bytes(path), as: UTF8.self))
        #expect(web.contains("series: Dune") && web.contains("Frank Herbert"), "\(web)")
    }
}
