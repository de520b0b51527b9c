import Foundation
import Testing

/// The edit form posted after the file changed elsewhere (docs/serve.md, "Conflicts"): merged
/// three ways, so a change made from the command line meanwhile is kept, and only a field both
/// changed is asked about.
@Suite struct ServeMergeTests {
    /// The fields a browser would post from the form whose action starts with `action`: every
    /// hidden and text input with its value as the page holds it, radio buttons left out (the
    /// caller chooses), with the radio buttons offered as (name, value).
    static func form(_ action: String, in page: String) throws -> (fields: [(String, String)], radios: [(String, String)]) {
        guard let start = page.range(of: "<form method=\"post\" action=\"\(action)"),
            let end = page[start.upperBound...].range(of: "</form>")
        else { throw ShelfTestError("no form \(action) in \(page)") }
        var fields: [(String, String)] = []
        var radios: [(String, String)] = []
        for tag in page[start.upperBound..<end.lowerBound].components(separatedBy: "<input").dropFirst() {
            let name = attribute("name", in: tag), value = attribute("value", in: tag)
            guard let name else { continue }
            if attribute("type", in: tag) == "radio" { radios.append((name, value ?? "")) } else { fields.append((name, value ?? "")) }
        }
        return (fields, radios)
    }

    static func attribute(_ name: String, in tag: String) -> String? {
        guard let range = tag.range(of: " \(name)=\"") else { return nil }
        let raw = tag[range.upperBound...].prefix { $0 != "\"" }
        return raw.replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&#39;", with: "'")
            .replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">").replacingOccurrences(
                of: "&amp;", with: "&")
    }

    /// The form's fields with some set to other values.
    static func changing(_ fields: [(String, String)], _ changes: [String: String]) -> [(String, String)] {
        fields.map { name, value in (name, changes[name] ?? value) }
    }

    @Test func aTagAddedFromTheCommandLineStaysWhenTheFormChangesOnlyTheTitle() throws {
        let library = try ServeCommandTests.library()
        let server = try ServeProcess(library: library)
        let form = try Self.form("/book/edit?p=dune.md", in: try server.request("/book?p=dune.md").body)
        let set = try library.run(["set", "dune.md", "tags+=x"])
        #expect(set.status == 0, "\(set)")
        let afterCommand = String(decoding: try library.bytes("dune.md"), as: UTF8.self)
        #expect(afterCommand == ServeCommandTests.dune.replacingOccurrences(of: "tags: [sci-fi]", with: "tags: [sci-fi, x]"))

        let saved = try server.request("/book/edit?p=dune.md", form: Self.changing(form.fields, ["title": "Dune Messiah"]))
        #expect(saved.status == 303, "\(saved.body)")
        let location = try #require(saved.location)
        #expect(location == "/book?p=dune.md&merged=tags")
        // Exactly the title's splice into the file as the command line left it.
        #expect(
            String(decoding: try library.bytes("dune.md"), as: UTF8.self)
                == afterCommand.replacingOccurrences(of: "title: Dune  #", with: "title: Dune Messiah  #"))
        let page = try server.request(location).body
        #expect(
            page.contains("The file had changed since the form was opened (tags); your changes were saved and the file&#39;s were kept."),
            "\(page)")
    }

    @Test func aFieldBothChangedIsTheOnlyOneAskedAndChoosingMineWritesExactlyThat() throws {
        let library = try ServeCommandTests.library()
        let server = try ServeProcess(library: library)
        let form = try Self.form("/book/edit?p=dune.md", in: try server.request("/book?p=dune.md").body)
        let set = try library.run(["set", "dune.md", "pages=412", "tags+=x"])
        #expect(set.status == 0, "\(set)")
        let afterCommand = try library.bytes("dune.md")

        let mine = Self.changing(form.fields, ["title": "Dune Messiah", "pages": "500"])
        let conflict = try server.request("/book/edit?p=dune.md", form: mine)
        #expect(conflict.status == 409, "\(conflict.body)")
        #expect(try library.bytes("dune.md") == afterCommand)
        let asked = try Self.form("/book/edit?p=dune.md", in: conflict.body)
        #expect(asked.radios.map { "\($0.0)=\($0.1)" } == ["pages=500", "pages=412"])
        #expect(
            conflict.body.contains("<td>pages</td>") && !conflict.body.contains("<td>title</td>")
                && !conflict.body.contains("<td>tags</td>"),
            "\(conflict.body)")

        let saved = try server.request("/book/edit?p=dune.md", form: asked.fields + [("pages", "500")])
        #expect(saved.status == 303, "\(saved.body)")
        #expect(
            String(decoding: try library.bytes("dune.md"), as: UTF8.self)
                == String(decoding: afterCommand, as: UTF8.self).replacingOccurrences(of: "title: Dune  #", with: "title: Dune Messiah  #")
                .replacingOccurrences(of: "pages: 412", with: "pages: 500"))
    }

    @Test func choosingTheFilesValueKeepsItAndStillSavesTheFormsOtherChanges() throws {
        let library = try ServeCommandTests.library()
        let server = try ServeProcess(library: library)
        let form = try Self.form("/book/edit?p=dune.md", in: try server.request("/book?p=dune.md").body)
        #expect(try library.run(["set", "dune.md", "pages=412"]).status == 0)
        let afterCommand = String(decoding: try library.bytes("dune.md"), as: UTF8.self)
        let conflict = try server.request(
            "/book/edit?p=dune.md", form: Self.changing(form.fields, ["publisher": "Chilton", "pages": "500"]))
        #expect(conflict.status == 409, "\(conflict.body)")
        let asked = try Self.form("/book/edit?p=dune.md", in: conflict.body)
        let saved = try server.request("/book/edit?p=dune.md", form: asked.fields + [("pages", "412")])
        #expect(saved.status == 303, "\(saved.body)")
        #expect(
            String(decoding: try library.bytes("dune.md"), as: UTF8.self)
                == afterCommand.replacingOccurrences(of: "pages: 412\n", with: "pages: 412\npublisher: Chilton\n"))
    }
}
