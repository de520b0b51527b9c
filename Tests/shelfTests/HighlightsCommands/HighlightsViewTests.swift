import Foundation
import Testing
@testable import ShelfKit

/// Highlights once imported: listed, picked at random, found by search, exported.
@Suite struct HighlightsViewTests {
    static func library() throws -> TemporaryLibrary {
        let library = try HighlightsImportTests.library()
        let result = try library.run(["highlights", "import", "device"])
        guard result.status == 0 else { throw ShelfTestError("import failed: \(result)") }
        return library
    }

    @Test func highlightsListsEveryBooksPassagesAndOneBooksByName() throws {
        let library = try Self.library()
        let all = try library.run(["highlights"])
        #expect(all.status == 0)
        #expect(
            all.stdout == """
                Dune — Frank Herbert  (dune.md)

                  > Fear is the mind-killer.
                    p. 8 · loc. 120-121 · 2024-03-04

                The Left Hand of Darkness — Ursula K. Le Guin  (le-guin-left-hand.md)

                  > Light is the left hand of darkness, and darkness the right hand of light.
                    p. 233 · loc. 3540-3542 · 2024-03-03
                    Note: The whole book in one line.

                """)
        let one = try library.run(["highlights", "left", "hand"])
        #expect(one.stdoutLines.first == "The Left Hand of Darkness — Ursula K. Le Guin  (le-guin-left-hand.md)", "\(one)")
        let none = try library.run(["highlights", "tolstoy-anna"])
        #expect(none.stdout == "No highlights in this book.\n")
    }

    @Test func randomShowsOneOfThePassagesAndJSONGivesEveryField() throws {
        let library = try Self.library()
        let random = try library.run(["highlights", "--random"])
        #expect(random.stdout.contains("> Fear is the mind-killer.") != random.stdout.contains("> Light is the left hand"), "\(random)")
        let json = try parseJSONArray(try library.run(["highlights", "--json"]).stdout)
        #expect(json.map { $0["path"] as? String } == ["dune.md", "le-guin-left-hand.md"])
        let light = try #require((json[1]["highlights"] as? [[String: Any]])?.first)
        #expect(light["text"] as? String == "Light is the left hand of darkness, and darkness the right hand of light.")
        #expect(light["note"] as? String == "The whole book in one line.")
        #expect(light["page"] as? String == "233")
        #expect(light["location"] as? String == "3540-3542")
        #expect(light["date"] as? String == "2024-03-03")
        let empty = try TemporaryLibrary(books: [("a.md", bookFile("title: A"))])
        #expect(try empty.run(["highlights", "--random"]).stdout.hasPrefix("No highlights yet."))
        #expect(try empty.run(["highlights", "--json"]).stdout == "[]\n")
    }

    @Test func searchSaysAMatchIsInAHighlight() throws {
        let library = try Self.library()
        let result = try library.run(["search", "mind-killer"])
        #expect(result.stdout.contains("Matched in highlight: \"Fear is the mind-killer."), "\(result)")
        let own = try library.run(["search", "sand"])
        #expect(own.stdout.contains("Matched in notes: \"## Notes Sand."), "\(own)")
    }

    @Test func showAndTheHTMLCatalogHideShelfsRecordButShowThePassages() throws {
        let library = try Self.library()
        let shown = try library.run(["show", "dune"])
        #expect(shown.stdout.contains("> Fear is the mind-killer."))
        #expect(!shown.stdout.contains("shelf:highlights"), "\(shown)")
        let catalog = try library.run(["export", "html", "catalog"])
        #expect(catalog.status == 0, "\(catalog)")
        let pages = try FileManager.default.subpathsOfDirectory(atPath: library.path("catalog")).filter { $0.hasSuffix(".html") }
        let dunePage = try #require(pages.first { $0.contains("dune") }, "\(pages)")
        let html = String(decoding: try library.bytes("catalog/" + dunePage), as: UTF8.self)
        #expect(html.contains("<blockquote>"), "\(html)")
        #expect(html.contains("Fear is the mind-killer."))
        #expect(!html.contains("shelf:highlights"))
    }

    @Test func theJSONExportCarriesHighlightsAndImportsBackToTheSameBytes() throws {
        let library = try Self.library()
        let exported = library.path("export.json")
        #expect(try library.run(["export", "json", "-o", exported]).status == 0)
        let books = try parseJSONArray(String(decoding: try library.bytes("export.json"), as: UTF8.self))
        let dune = try #require(books.first { $0["path"] as? String == "dune.md" })
        #expect((dune["highlights"] as? [[String: Any]])?.first?["text"] as? String == "Fear is the mind-killer.")
        let fresh = try TemporaryLibrary()
        #expect(try fresh.run(["import", "json", exported]).status == 0)
        let notes = { (library: TemporaryLibrary) in
            try parseJSONObject(try library.run(["show", "dune", "--json"]).stdout)["notes"] as? String
        }
        #expect(try notes(fresh) == notes(library))
        #expect(try notes(fresh)?.contains("<!-- shelf:highlights ") == true)
        #expect(!String(decoding: try fresh.bytes("dune.md"), as: UTF8.self).contains("highlights:"))
    }
}
