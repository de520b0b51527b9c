import Testing
@testable import ShelfKit

/// The streaming phrase check over notes must agree with the word-list one it replaced.
@Suite struct PhraseMatcherTests {
    static let vocabulary = [
        "the", "The", "reader", "READER", "ice", "Ice-", "gobrin", "Estraven", "Estravén", "Stanisław",
        "stanislaw", "ß", "ss", "9", "b2", "…", "—", ",", " ", "\n", "\r\n", "  ", "🙂", "e\u{301}",
        "naïve", "naive", "Ёлка", "ёлка", "村上春樹", "春", "樹", "ÆON", "aeon", "x86", "Ice—", "été",
    ]

    @Test func agreesWithTheWordListCheck() {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<3_000 {
            let body = (0..<Int.random(in: 0...30, using: &generator)).map { _ in
                Self.vocabulary.randomElement(using: &generator) ?? ""
            }.joined(separator: Bool.random(using: &generator) ? " " : "")
            let phraseLength = Int.random(in: 1...4, using: &generator)
            let phrase = (0..<phraseLength).compactMap { _ in
                TextFolding.words(Self.vocabulary.randomElement(using: &generator) ?? "").first
            }
            guard !phrase.isEmpty else { continue }
            #expect(
                PhraseMatcher.phraseIn(body, phrase) == PhraseMatcher.text(TextFolding.words(body), holds: phrase),
                "\(body.debugDescription) \(phrase)")
        }
    }

    /// A phrase is found within one of the book's texts, never across two of them.
    @Test func aBookHoldsAPhraseWithinOneOfItsTexts() {
        var generator = SystemRandomNumberGenerator()
        func text() -> String {
            (0..<Int.random(in: 0...6, using: &generator)).map { _ in
                Self.vocabulary.randomElement(using: &generator) ?? ""
            }.joined(separator: " ")
        }
        for _ in 0..<2_000 {
            var book = Book(path: "b.md", title: text())
            book.subtitle = Bool.random(using: &generator) ? text() : nil
            book.authors = (0..<Int.random(in: 0...2, using: &generator)).map { _ in text() }
            book.series = Bool.random(using: &generator) ? text() : nil
            book.tags = (0..<Int.random(in: 0...2, using: &generator)).map { _ in text() }
            book.publisher = Bool.random(using: &generator) ? text() : nil
            let notes = Bool.random(using: &generator) ? text() : nil
            let phrase = (0..<Int.random(in: 1...3, using: &generator)).compactMap { _ in
                TextFolding.words(Self.vocabulary.randomElement(using: &generator) ?? "").first
            }
            guard !phrase.isEmpty else { continue }
            let texts = [book.title, book.subtitle, book.series, book.publisher, notes].compactMap { $0 } + book.authors + book.tags
            let expected = texts.contains { PhraseMatcher.text(TextFolding.words($0), holds: phrase) }
            #expect(PhraseMatcher.book(book, holds: phrase, notes: { notes }) == expected, "\(texts) \(phrase)")
        }
        var book = Book(path: "b.md", title: "The Left Hand")
        book.authors = ["Ursula K. Le Guin"]
        book.tags = ["sci-fi"]
        #expect(!PhraseMatcher.book(book, holds: ["hand", "ursula"], notes: { nil }))
        #expect(PhraseMatcher.book(book, holds: ["le", "guin"], notes: { nil }))
        #expect(PhraseMatcher.book(book, holds: ["sci", "fi"], notes: { nil }))
        #expect(PhraseMatcher.book(book, holds: ["ice", "again"], notes: { "On the ice, again." }))
        #expect(!PhraseMatcher.book(book, holds: [], notes: { "anything" }))
    }

    @Test func findsPhrasesAcrossLinesAndPunctuation() {
        #expect(PhraseMatcher.phraseIn("the long crossing of the\r\nGobrin — ICE.", ["gobrin", "ice"]))
        #expect(PhraseMatcher.phraseIn("Stanisław Lem", ["stanislaw", "lem"]))
        #expect(!PhraseMatcher.phraseIn("ice gobrin", ["gobrin", "ice"]))
        #expect(!PhraseMatcher.phraseIn("gobrinice", ["gobrin", "ice"]))
        #expect(PhraseMatcher.phraseIn("the the reader", ["the", "reader"]))
        #expect(PhraseMatcher.phraseIn("Ёлка, Ice—Gobrin ice", ["gobrin", "ice"]))
        #expect(PhraseMatcher.phraseIn("村上春樹の森", ["春", "樹"]))
        #expect(!PhraseMatcher.phraseIn("the reade", ["the", "reader"]))
        #expect(!PhraseMatcher.phraseIn("the readers", ["the", "reader"]))
    }
}
