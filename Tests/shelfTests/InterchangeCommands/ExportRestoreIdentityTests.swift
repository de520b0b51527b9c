import Foundation
import Testing

/// `export json` then `import json` restores every book, each at its path with its notes: books
/// sharing a title and author (volumes of a series, two editions, two copies of one ISBN) were
/// merged, "row 4: skipped, the same book as row 3", and the second book and its notes lost.
@Suite struct ExportRestoreIdentityTests {
    static let books = [
        (
            "sanderson-mistborn-1.md",
            bookFile("title: Mistborn\nauthors: [Brandon Sanderson]\nseries: Mistborn\nseries_index: 1", body: "\nVolume one.\n")
        ),
        (
            "sanderson-mistborn-2.md",
            bookFile("title: Mistborn\nauthors: [Brandon Sanderson]\nseries: Mistborn\nseries_index: 2", body: "\nVolume two.\n")
        ),
        ("herbert-dune.md", bookFile("title: Dune\nauthors: [Frank Herbert]\nisbn: \"9780441013593\"", body: "\nPaperback.\n")),
        ("herbert-dune-deluxe.md", bookFile("title: Dune\nauthors: [Frank Herbert]\nisbn: \"9780593099322\"", body: "\nDeluxe.\n")),
        ("lem-solaris.md", bookFile("title: Solaris\nauthors: [Stanisław Lem]\nisbn: \"9780156027601\"", body: "\nMy copy.\n")),
        ("lem-solaris-2.md", bookFile("title: Solaris\nauthors: [Stanisław Lem]\nisbn: \"9780156027601\"", body: "\nThe one I lent.\n")),
    ]

    @Test func everyBookComesBackAtItsPathWithItsNotes() throws {
        let original = try TemporaryLibrary(books: Self.books)
        let exported = original.path("export.json")
        let export = try original.run(["export", "json", "-o", exported])
        #expect(export.status == 0, "\(export)")
        let fresh = try TemporaryLibrary()
        let restored = try fresh.run(["import", "json", exported])
        #expect(restored.status == 0, "\(restored)")
        #expect(interchangeSummary(restored).hasSuffix(": 6 created, 0 updated, 0 unchanged, 0 skipped."), "\(restored)")
        // Every book at its path, with its fields and its notes (the YAML is written anew: JSON
        // keeps values, not their layout).
        #expect(Set(fresh.interchangeBookFiles()) == Set(Self.books.map(\.0)), "\(restored)")
        #expect(try fresh.run(["ls", "--format", "json"]).stdout == original.run(["ls", "--format", "json"]).stdout)
        for (path, text) in Self.books {
            let notes = String(text[text.range(of: "---\n\n")!.upperBound...])
            #expect(try fresh.interchangeText(path).hasSuffix("---\n\n" + notes), "\(path)")
        }
        // Imported again into the restored library: every book is found where it is, none added.
        let again = try fresh.run(["import", "json", exported])
        #expect(interchangeSummary(again).hasSuffix(": 0 created, 0 updated, 6 unchanged, 0 skipped."), "\(again)")
    }

    /// Outside a restore, two rows of a title and author that differ in ISBN, or in the number
    /// in their series, are two books too.
    @Test func aTitleMatchNeverJoinsTwoEditionsOrTwoVolumes() throws {
        let library = try TemporaryLibrary(books: [Self.books[0], Self.books[2]])
        var rows = try parseJSONArray(try library.run(["export", "json"]).stdout)
        for index in rows.indices {
            rows[index]["path"] = nil
            if rows[index]["title"] as? String == "Mistborn" { rows[index]["series_index"] = 2 }
            if rows[index]["title"] as? String == "Dune" { rows[index]["isbn"] = "9780593099322" }
        }
        let file = library.path("other.json")
        try JSONSerialization.data(withJSONObject: rows).write(to: URL(fileURLWithPath: file))
        let result = try library.run(["import", "json", file])
        #expect(interchangeSummary(result).hasSuffix(": 2 created, 0 updated, 0 unchanged, 0 skipped."), "\(result)")
    }
}
