import Testing
@testable import shelf

/// A text's width in terminal columns: ASCII is counted by its bytes, and must come out as the
/// sum over its characters does.
struct DisplayWidthTests {
    static func byCharacters(_ text: String) -> Int {
        text.reduce(0) { $0 + DisplayWidth.of($1) }
    }

    @Test func asciiTextIsOneColumnABytePastTheControls() {
        #expect(DisplayWidth.of("") == 0)
        #expect(DisplayWidth.of("Dune") == 4)
        #expect(DisplayWidth.of("a\tb\u{1}c\u{7F}") == 4)
        #expect(DisplayWidth.of("line\r\nnext") == 8)
    }

    @Test func asciiTextCountsAsItsCharactersDo() {
        var generator = SystemRandomNumberGenerator()
        // Controls, CR LF pairs and every printable byte, in random strings.
        let pieces = (0..<0x80).map { String(UnicodeScalar(UInt8($0))) } + ["\r\n", "\r\n\r\n"]
        for _ in 0..<2_000 {
            let text = (0..<Int.random(in: 0...40, using: &generator)).map { _ in pieces.randomElement(using: &generator) ?? "" }.joined()
            #expect(DisplayWidth.of(text) == Self.byCharacters(text), "\(Array(text.utf8))")
        }
    }

    @Test func textBeyondASCIIIsMeasuredByCharacter() {
        #expect(DisplayWidth.of("Die Blechtrommel — Günter Grass") == 31)
        #expect(DisplayWidth.of("三体") == 4)
        #expect(DisplayWidth.of("★★★☆☆") == 5)
        #expect(DisplayWidth.of("e\u{301}tude") == 5)
        #expect(DisplayWidth.of("Война и мир") == 11)
        #expect(DisplayWidth.of("a\u{1F600}") == 3)
        for text in ["Dune ★", "\r\n三体", "x\u{301}\u{7}"] { #expect(DisplayWidth.of(text) == Self.byCharacters(text)) }
    }
}
