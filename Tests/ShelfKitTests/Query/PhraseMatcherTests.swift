import Testing
@testable import ShelfKit

/// The streaming phrase check over notes must agree with the word-list one it replaced.
@Suite struct PhraseMatcherTests {
    static let vocabulary = ["the", "The", "reader", "READER", "ice", "Ice-", "gobrin", "Estraven", "Estravén", "Stanisław",
                             "stanislaw", "ß", "ss", "9", "b2", "…", "—", ",", " ", "\n", "\r\n", "  ", "🙂", "e\u{301}"]

    @Test func agreesWithTheWordListCheck() {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<3_000 {
            let body = (0..<Int.random(in: 0...30, using: &generator)).map { _ in
                Self.vocabulary.randomElement(using: &generator) ?? ""
            }.joined(separator: Bool.random(using: &generator) ? " " : "")
            let phraseLength = Int.random(in: 1...3, using: &generator)
            let phrase = (0..<phraseLength).compactMap { _ in
                TextFolding.words(Self.vocabulary.randomElement(using: &generator) ?? "").first
            }
            guard !phrase.isEmpty else { continue }
            #expect(PhraseMatcher.phraseIn(body, phrase) == PhraseMatcher.text(TextFolding.words(body), holds: phrase),
                    "\(body.debugDescription) \(phrase)")
        }
    }

    @Test func findsPhrasesAcrossLinesAndPunctuation() {
        #expect(PhraseMatcher.phraseIn("the long crossing of the\r\nGobrin — ICE.", ["gobrin", "ice"]))
        #expect(PhraseMatcher.phraseIn("Stanisław Lem", ["stanislaw", "lem"]))
        #expect(!PhraseMatcher.phraseIn("ice gobrin", ["gobrin", "ice"]))
        #expect(!PhraseMatcher.phraseIn("gobrinice", ["gobrin", "ice"]))
        #expect(PhraseMatcher.phraseIn("the the reader", ["the", "reader"]))
    }
}
