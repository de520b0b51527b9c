import Testing
@testable import ShelfKit
@testable import ShelfPresentation

/// `ControlCharacters.escaped`: what reaches a terminal from a file is shown, never obeyed.
@Suite struct ControlCharactersTests {
    @Test(arguments: [
        ("Dune\u{1B}]0;owned\u{07}", "Dune\\u{1B}]0;owned\\u{7}"),
        ("\u{1B}[2J\u{1B}[H", "\\u{1B}[2J\\u{1B}[H"),
        ("safe\rFAKE", "safe\\u{D}FAKE"),
        ("back\u{08}space\u{0C}feed\u{0B}tab\u{7F}", "back\\u{8}space\\u{C}feed\\u{B}tab\\u{7F}"),
        ("c1 \u{9B}31m csi, \u{85} nel", "c1 \\u{9B}31m csi, \\u{85} nel"),
        ("abc\u{202E}fed\u{202C} \u{2066}x\u{2069}", "abc\\u{202E}fed\\u{202C} \\u{2066}x\\u{2069}"),
        ("nul\u{0}byte", "nul\\u{0}byte"),
    ])
    func controlCharactersAreShownEscaped(text: String, shown: String) {
        #expect(ControlCharacters.escaped(text) == shown)
    }

    @Test(arguments: [
        "plain ASCII",
        "lines\nand\ttabs\n",
        "crlf lines\r\nstay\r\n",
        "Достоевский — Преступление и наказание",
        "三体 · 刘慈欣 📚",
        "עברית ועربية written right to left with no override",
        "quotes “ ” and dashes – —, NBSP\u{A0}and soft\u{AD}hyphen",
    ])
    func ordinaryTextIsKeptAsIs(text: String) {
        #expect(ControlCharacters.escaped(text) == text)
    }

    @Test func escapingTwiceChangesNothingMore() {
        let once = ControlCharacters.escaped("a\u{1B}b\u{7}c\rd\u{202E}")
        #expect(ControlCharacters.escaped(once) == once)
        #expect(!once.unicodeScalars.contains { ControlCharacters.isDangerous($0) })
    }

    @Test func aLoneCarriageReturnBeforeTheEndIsEscapedButCRLFIsNot() {
        #expect(ControlCharacters.escaped("a\r") == "a\\u{D}")
        #expect(ControlCharacters.escaped("a\r\r\n") == "a\\u{D}\r\n")
    }
}
