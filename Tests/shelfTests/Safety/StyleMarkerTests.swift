import Testing
@testable import shelf

/// shelf's colour markers become escape sequences in one pass over the bytes, whatever follows
/// them and however many a text holds; anything that only looks like one stays text.
struct StyleMarkerTests {
    static let bold = "\u{1B}[1m"
    static let reset = "\u{1B}[0m"

    @Test func markersBecomeEscapeSequences() {
        #expect(StyleMarker.resolved(StyleMarker.sgr("1") + "Dune" + StyleMarker.sgr("0")) == Self.bold + "Dune" + Self.reset)
        #expect(StyleMarker.resolved(StyleMarker.sgr("1;31") + "é") == "\u{1B}[1;31mé")
        #expect(StyleMarker.resolved("plain, no marker") == "plain, no marker")
    }

    /// A title starting with a combining mark makes one character with the marker's end before
    /// it: the marker is still a marker.
    @Test func aCombiningMarkAfterAMarkerLeavesItAMarker() {
        let text = StyleMarker.sgr("1") + "\u{0301}Combining start" + StyleMarker.sgr("0")
        #expect(StyleMarker.resolved(text) == Self.bold + "\u{0301}Combining start" + Self.reset)
    }

    @Test func whatOnlyLooksLikeAMarkerStaysText() {
        let forged = "\u{E000}not-the-tag:1\u{E001}x"
        #expect(StyleMarker.resolved(forged) == forged)
        let genuine = StyleMarker.sgr("1")
        let prefix = String(genuine.dropLast(2))
        let notACode = prefix + "1x\u{E001}after"
        #expect(StyleMarker.resolved(notACode) == notACode)
        let unclosed = "before " + prefix + "1"
        #expect(StyleMarker.resolved(unclosed) == unclosed)
        #expect(StyleMarker.resolved(notACode + genuine) == notACode + Self.bold, "a marker after a false start")
    }

    /// A whole coloured table at once: 20,000 markers among 40,000 lines, each resolved.
    @Test func everyMarkerOfALongTextIsResolved() {
        let line = StyleMarker.sgr("1") + "A title" + StyleMarker.sgr("0") + "  path/to/book.md\n  Matched in notes: \"…\"\n"
        let text = String(repeating: line, count: 10_000)
        let resolved = StyleMarker.resolved(text)
        #expect(
            resolved
                == String(repeating: Self.bold + "A title" + Self.reset + "  path/to/book.md\n  Matched in notes: \"…\"\n", count: 10_000))
        #expect(!resolved.unicodeScalars.contains("\u{E000}"))
    }
}
