import Foundation
import Testing
@testable import ShelfKit

/// The hidden record of imported highlights stays in short lines however many a book has, reads
/// back across them, and a second import changes nothing.
@Suite struct HighlightsRecordTests {
    static func clippings(_ range: ClosedRange<Int>) -> String {
        range.map { number in
            HighlightsImportTests.clipping(
                "Dune (Herbert, Frank)",
                "- Your Highlight on page \(number) | Location \(number * 10)-\(number * 10 + 1) | Added on Monday, March 4, 2024 8:00:00 AM",
                "Passage number \(number) of the book.")
        }.joined()
    }

    @Test func aRecordOfManyHighlightsIsWrappedAndReadBack() throws {
        let library = try TemporaryLibrary(books: [("dune.md", HighlightsImportTests.dune)])
        try library.write("device/documents/My Clippings.txt", Self.clippings(1...20))
        let first = try library.run(["highlights", "import", "device/documents/My Clippings.txt"])
        #expect(first.status == 0, "\(first)")
        let ids = (1...20).map { Highlight(text: "Passage number \($0) of the book.").id }
        let text = String(decoding: try library.bytes("dune.md"), as: UTF8.self)
        #expect(
            text.hasSuffix(
                """

                <!-- shelf:highlights \(ids[0..<6].joined(separator: " "))
                \(ids[6..<14].joined(separator: " "))
                \(ids[14..<20].joined(separator: " ")) -->

                """), "\(text)")
        #expect(text.split(separator: "\n").allSatisfy { $0.count <= 80 }, "\(text)")
        // Read back: nothing is added again, not even a highlight the reader deleted.
        let deleted = text.replacingOccurrences(of: "> Passage number 3 of the book.\n>\n> — p. 3 · loc. 30–31 · 2024-03-04\n\n", with: "")
        #expect(deleted != text)
        try library.write("dune.md", deleted)
        let before = try library.snapshot()
        let again = try library.run(["highlights", "import", "device/documents/My Clippings.txt"])
        #expect(again.status == 0, "\(again)")
        #expect(try library.snapshot() == before)
        // A new highlight goes before the record, which grows by one id.
        try library.write("device/documents/My Clippings.txt", Self.clippings(1...21))
        let before21 = try library.snapshot()
        let third = try library.run(["highlights", "import", "device/documents/My Clippings.txt"])
        #expect(third.status == 0, "\(third)")
        let grown = String(decoding: try library.bytes("dune.md"), as: UTF8.self)
        let id21 = Highlight(text: "Passage number 21 of the book.").id
        #expect(
            grown.hasSuffix(
                """
                > Passage number 21 of the book.
                >
                > — p. 21 · loc. 210–211 · 2024-03-04

                <!-- shelf:highlights \(ids[0..<6].joined(separator: " "))
                \(ids[6..<14].joined(separator: " "))
                \(ids[14..<20].joined(separator: " ")) \(id21) -->

                """), "\(grown)")
        #expect(before21 != (try library.snapshot()))
        // `show` hides the whole record.
        let shown = try library.run(["show", "dune"])
        #expect(!shown.stdout.contains("shelf:highlights") && !shown.stdout.contains(ids[10]), "\(shown)")
    }
}
