import Foundation
import Testing

/// The web's edit form edits every field a line of text can show — the common ones and the
/// file's own keys — writes only what the form changed, keeps a name holding a comma as one
/// name, and adds a key the file does not have yet.
@Suite struct ServeEditFormTests {
    static let book = bookFile(
        "title: Piranesi\nauthors: [\"Le Guin, Ursula K.\", Susanna Clarke]\nrating: 4\nstatus: reading\n"
            + "mood: cosy  # on the train\npublishyear: 2016年10月\ngenre: [Fantasy, \"Sword, sorcery\"]\n"
            + "params:\n  isbn: \"9781526622426\"\nprogress:\n  - 2026-11-02 page 40\n"
            + "reads:\n  - {started: 2025-01-02, finished: 2025-02-03}",
        body: "\nThe house.\n")

    private func library() throws -> (TemporaryLibrary, ServeProcess, page: String) {
        let library = try TemporaryLibrary(books: [("piranesi.md", Self.book)])
        let server = try ServeProcess(library: library)
        return (library, server, try server.request("/book?p=piranesi.md").body)
    }

    private func text(_ library: TemporaryLibrary) throws -> String {
        String(decoding: try library.bytes("piranesi.md"), as: UTF8.self)
    }

    @Test func theFormShowsTheFilesOwnKeysAndLeavesStructuresToOtherForms() throws {
        let (_, _, page) = try library()
        let fields = try ServeMergeTests.form("/book/edit?p=piranesi.md", in: page).fields
        let names = fields.map(\.0).filter { !$0.hasPrefix("original-") && !$0.hasPrefix("items-") }
        // `publishyear` is read as the published date: the common Published field shows it.
        #expect(Array(names.suffix(4)) == ["mood", "genre", "new-key", "new-value"], "\(names)")
        #expect(names.contains("language") && names.contains("authors"))
        for owned in ["rating", "status", "params", "progress", "reads"] { #expect(!names.contains(owned), "\(owned): \(names)") }
        let values = Dictionary(fields, uniquingKeysWith: { first, _ in first })
        #expect(values["authors"] == "\"Le Guin, Ursula K.\", Susanna Clarke")
        #expect(values["genre"] == "Fantasy, \"Sword, sorcery\"")
        #expect(values["published"] == "2016年10月" && values["publishyear"] == nil)
        #expect(values["items-genre"] == "1" && values["items-mood"] == nil)
    }

    @Test func changingAnOwnKeyWritesOnlyItsValue() throws {
        let (library, server, page) = try library()
        let form = try ServeMergeTests.form("/book/edit?p=piranesi.md", in: page)
        let saved = try server.request("/book/edit?p=piranesi.md", form: ServeMergeTests.changing(form.fields, ["mood": "tense"]))
        #expect(saved.status == 303, "\(saved.body)")
        #expect(try text(library) == Self.book.replacingOccurrences(of: "mood: cosy  #", with: "mood: tense  #"))
    }

    @Test func anUnchangedFormWritesNothing() throws {
        let (library, server, page) = try library()
        let before = try library.snapshot()
        let form = try ServeMergeTests.form("/book/edit?p=piranesi.md", in: page)
        let saved = try server.request("/book/edit?p=piranesi.md", form: form.fields)
        #expect(saved.status == 303, "\(saved.body)")
        #expect(try text(library) == Self.book)
        #expect(try library.snapshot().differences(from: before).isEmpty)
    }

    @Test func aNameWithACommaStaysOneNameWhenAnotherAuthorIsAdded() throws {
        let (library, server, page) = try library()
        let form = try ServeMergeTests.form("/book/edit?p=piranesi.md", in: page)
        let changed = ServeMergeTests.changing(form.fields, ["authors": "\"Le Guin, Ursula K.\", Susanna Clarke, Jorge Luis Borges"])
        let saved = try server.request("/book/edit?p=piranesi.md", form: changed)
        #expect(saved.status == 303, "\(saved.body)")
        let shown = try library.run(["show", "piranesi.md", "--format", "json"])
        let book = try #require(try JSONSerialization.jsonObject(with: Data(shown.stdout.utf8)) as? [String: Any])
        #expect(book["authors"] as? [String] == ["Le Guin, Ursula K.", "Susanna Clarke", "Jorge Luis Borges"], "\(shown.stdout)")
    }

    @Test func anOwnListKeyTakesItsItemsAsTheFormWroteThem() throws {
        let (library, server, page) = try library()
        let form = try ServeMergeTests.form("/book/edit?p=piranesi.md", in: page)
        let changed = ServeMergeTests.changing(form.fields, ["genre": "Fantasy, \"Sword, sorcery\", Mystery"])
        #expect(try server.request("/book/edit?p=piranesi.md", form: changed).status == 303)
        let value = try library.run(["show", "piranesi.md", "--format", "json"]).stdout
        #expect(value.contains("\"Sword, sorcery\"") && value.contains("\"Mystery\""), "\(value)")
        #expect(!(try text(library)).contains("mood: tense"))
    }

    @Test func theLastLineAddsAKeyTheFileDoesNotHave() throws {
        let (library, server, page) = try library()
        let form = try ServeMergeTests.form("/book/edit?p=piranesi.md", in: page)
        let added = ServeMergeTests.changing(form.fields, ["new-key": "shelf", "new-value": "attic, left"])
        let saved = try server.request("/book/edit?p=piranesi.md", form: added)
        #expect(saved.status == 303, "\(saved.body)")
        let written = try text(library)
        #expect(written.contains("\nshelf: attic, left\n"), "\(written)")
        let again = try server.request("/book?p=piranesi.md").body
        let values = Dictionary(try ServeMergeTests.form("/book/edit?p=piranesi.md", in: again).fields, uniquingKeysWith: { a, _ in a })
        #expect(values["shelf"] == "attic, left")
    }

    @Test func addingAKeyTheFormAlreadyShowsIsRefusedAndWritesNothing() throws {
        let (library, server, page) = try library()
        let form = try ServeMergeTests.form("/book/edit?p=piranesi.md", in: page)
        let refused = try server.request(
            "/book/edit?p=piranesi.md", form: ServeMergeTests.changing(form.fields, ["new-key": "mood", "new-value": "grim"]))
        #expect(refused.status == 400, "\(refused.body)")
        #expect(refused.body.contains("mood is already a field of the form"), "\(refused.body)")
        #expect(try text(library) == Self.book)
    }

    @Test func anOwnKeyChangedBothInAnEditorAndInTheFormIsAskedAbout() throws {
        let (library, server, page) = try library()
        let form = try ServeMergeTests.form("/book/edit?p=piranesi.md", in: page)
        #expect(try library.run(["set", "piranesi.md", "mood=grim"]).status == 0)
        let afterCommand = try library.bytes("piranesi.md")
        let conflict = try server.request(
            "/book/edit?p=piranesi.md", form: ServeMergeTests.changing(form.fields, ["mood": "tense", "published": "2020"]))
        #expect(conflict.status == 409, "\(conflict.body)")
        #expect(try library.bytes("piranesi.md") == afterCommand)
        let asked = try ServeMergeTests.form("/book/edit?p=piranesi.md", in: conflict.body)
        #expect(asked.radios.map { "\($0.0)=\($0.1)" } == ["mood=tense", "mood=grim"])
        let saved = try server.request("/book/edit?p=piranesi.md", form: asked.fields + [("mood", "tense")])
        #expect(saved.status == 303, "\(saved.body)")
        let written = try text(library)
        #expect(
            written
                == String(decoding: afterCommand, as: UTF8.self).replacingOccurrences(of: "mood: grim", with: "mood: tense")
                // In the file's own style of date, as `shelf set published=2020` writes it.
                .replacingOccurrences(of: "publishyear: 2016年10月", with: "publishyear: 2020年"), "\(written)")
    }
}
