import Foundation
import Testing

/// Interchange with vault-shaped books: a Goodreads title in several series, and a JSON export
/// imported into an empty library giving the same books.
@Suite struct VaultInterchangeTests {
    @Test func aGoodreadsTitleInSeveralSeriesKeepsEverySeries() throws {
        let library = try TemporaryLibrary(books: [])
        try library.write(
            "import.csv",
            "Book Id,Title,Author,My Rating,Exclusive Shelf\n"
                + "7,\"The Gunslinger (The Dark Tower, #1; Stephen King Universe, #3)\",Stephen King,4,read\n")
        let result = try library.run(["import", "goodreads", "import.csv"], environment: ["SHELF_TODAY": "2024-03-02"])
        #expect(result.status == 0, "\(result)")
        let shown = try parseJSONObject(try library.run(["show", "gunslinger", "--format", "json"]).stdout)
        #expect(shown["title"] as? String == "The Gunslinger", "\(shown)")
        #expect(shown["series"] as? String == "The Dark Tower" && shown["series_index"] as? Double == 1, "\(shown)")
        let list = shown["series_list"] as? [[String: Any]]
        #expect(list?.map { $0["name"] as? String } == ["The Dark Tower", "Stephen King Universe"], "\(shown)")
        #expect(list?.map { $0["index"] as? Double } == [1, 3], "\(shown)")
        #expect(try library.run(["ls", "--format", "paths", "series:universe"]).stdoutLines.count == 1)
    }

    @Test func aJSONExportImportedIntoAnEmptyLibraryGivesTheSameBooks() throws {
        let source = try TemporaryLibrary(books: [
            (
                "Books/Dune Messiah.md",
                "---\nauthor: \"[[Frank Herbert]]\"\nseries: {name: Dune, index: 2}\nrating: 4.5\nfinished: April 21, 2025\nisbn: \"9780441172696\"\n---\n# Dune Messiah\n\nPaul, twelve years on.\n"
            ),
            ("a.md", "---\ntitle: Twin A\nisbn: \"9780441172719\"\ntags: [a]\n---\nFirst copy.\n"),
            ("b.md", "---\ntitle: Twin B\nisbn: \"9780441172719\"\nmood: [quiet, slow]\n---\nSecond copy.\n"),
        ])
        let export = try source.run(["export", "json"])
        #expect(export.status == 0, "\(export)")
        let target = try TemporaryLibrary(books: [])
        try target.write("books.json", export.stdout)
        let imported = try target.run(["import", "json", "books.json"], environment: ["SHELF_TODAY": "2024-03-02"])
        #expect(imported.status == 0, "\(imported)")
        try FileManager.default.removeItem(atPath: target.path("books.json"))
        let again = try target.run(["export", "json"])
        let before = try JSONSerialization.jsonObject(with: Data(export.stdout.utf8)) as? [[String: Any]] ?? []
        let after = try JSONSerialization.jsonObject(with: Data(again.stdout.utf8)) as? [[String: Any]] ?? []
        #expect(after.count == 3, "two books sharing an ISBN are two books: \(again)")
        func comparable(_ books: [[String: Any]]) -> [String] {
            books.map { book in
                var book = book
                book["path"] = nil
                return String(
                    decoding: (try? JSONSerialization.data(withJSONObject: book, options: [.sortedKeys])) ?? Data(), as: UTF8.self)
            }.sorted()
        }
        #expect(comparable(after) == comparable(before), "\(export.stdout)\n---\n\(again.stdout)")
    }
}
