import Testing
@testable import shelf

/// A table row stays one line whatever a field holds, and its columns line up.
struct TableCellTests {
    @Test func everyLineBreakAndTabInACellBecomesASpace() {
        let broken = ["a\tb", "a\nb", "a\r\nb", "a\rb", "a\u{0B}b", "a\u{0C}b", "a\u{85}b", "a\u{2028}b", "a\u{2029}b"]
        for text in broken { #expect(BookListRenderer.oneLine(text) == "a b", "\(Array(text.unicodeScalars))") }
        #expect(BookListRenderer.oneLine("Dune\n\nMessiah\t") == "Dune Messiah")
        for text in ["Dune", "", "Война и мир", "三体", "e\u{301}"] { #expect(BookListRenderer.oneLine(text) == text) }
    }

    @Test func paddedCellsLineUpAndTheLastIsNotPadded() {
        let table = TableRenderer(
            columns: [.init(header: "A", minimumWidth: 1, shrinks: true), .init(header: "B", minimumWidth: 1, shrinks: true)],
            rows: [["Dune", "x"], ["三体", "y"], ["é", ""]])
        #expect(table.render(width: nil) == "A     B\nDune  x\n三体  y\né\n")
        // Five columns: the first shrinks to two; a wide character that no longer fits is cut whole.
        #expect(table.render(width: 5) == "A   B\nD…  x\n…   y\né\n")
    }
}
