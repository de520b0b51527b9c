import Testing
@testable import ShelfKit

/// Snippet.around cuts ASCII text byte by byte; it must give exactly what the character-by-character
/// cut gives, which these tests keep as the reference.
@Suite struct SnippetFastPathTests {
    /// The snippet as cut from the words found character by character (the path every non-ASCII
    /// text takes).
    static func reference(_ terms: [[String]], prefixWord: String?, in text: String, before: Int = 6, after: Int = 10) -> String? {
        Snippet.around(
            terms, prefixWord: prefixWord, in: text, words: TextFolding.wordRangesByCharacter(in: text),
            wordsBefore: before, wordsAfter: after)
    }

    static let pieces = [
        "water", "Water", "WATER", "people", "Peoples", "peo", "the", "a", "x1", "42", "don't",
        "well-read", "#", "##", "...", ",", "—", "(", ")", "*",
    ]
    static let spaces = [" ", " ", " ", "  ", "\n", "\r\n", "\t", "\n\n", " \u{0B}", "\u{0C}", "\r"]

    @Test func randomASCIITextsGiveTheReferenceSnippet() {
        var random = CorpusRandom(seed: 22)
        var checked = 0
        var matched = 0
        for _ in 0..<3000 {
            var text = random.chance(0.2) ? random.pick(Self.spaces) : ""
            for _ in 0..<random.below(40) {
                var piece = random.pick(Self.pieces)
                if piece == "—" { piece = "-" }  // kept ASCII: this test is of the ASCII path
                text += piece + random.pick(Self.spaces)
            }
            if random.chance(0.5) { text = String(text.dropLast()) }
            let term = random.pick(["water", "people", "the", "42", "x1", "t", "nowhere"])
            let terms = random.chance(0.3) ? [[term], ["people"]] : [[term]]
            let prefix: String? = random.chance(0.4) ? random.pick(["peo", "wat", "", "x", "zz"]) : nil
            let before = random.below(8), after = random.below(12)
            let fast = Snippet.asciiAround(terms, prefixWord: prefix, in: text, wordsBefore: before, wordsAfter: after)
            let expected = Self.reference(terms, prefixWord: prefix, in: text, before: before, after: after)
            #expect(fast == .some(expected), "text \(text.debugDescription), terms \(terms), prefix \(prefix ?? "nil"), \(before)/\(after)")
            checked += 1
            if expected != nil { matched += 1 }
        }
        #expect(checked == 3000)
        #expect(matched > 1000, "the random texts should mostly hold a match")
    }

    @Test func nonASCIITextOrTermsTakeTheCharacterPath() {
        #expect(Snippet.asciiAround([["godel"]], prefixWord: nil, in: "On Gödel and Escher.", wordsBefore: 6, wordsAfter: 10) == nil)
        #expect(Snippet.asciiAround([["café"]], prefixWord: nil, in: "a cafe", wordsBefore: 6, wordsAfter: 10) == nil)
        #expect(Snippet.around([["godel"]], prefixWord: nil, in: "On Gödel and Escher.") == "On Gödel and Escher.")
    }

    @Test func theHighlightsHeadingScanMissesNoHeading() {
        let headings = ["## Highlights", "## highlights", "##   HIGHLIGHTS  ", "## Highlights ##", "##\tHighLights", "## Highlights #"]
        for heading in headings {
            let notes = "Some notes.\n\n\(heading)\n\n> A passage.\n"
            #expect(HighlightsSection(body: notes).headingLine != nil, "\(heading)")
            #expect(HighlightsSection.mayHoldHeading(notes), "\(heading)")
        }
        #expect(!HighlightsSection.mayHoldHeading("## 2020-03-22\n\nNo such section, highlight or high lights.\n"))
        #expect(!HighlightsSection.mayHoldHeading(""))
        #expect(HighlightsSection.mayHoldHeading("highlights"))
    }

    @Test func aSearchStillNamesAMatchInTheHighlights() throws {
        let notes = "My own notes.\n\n## Highlights\n\n> The water was cold.\n"
        let match = Library.notesMatch([["water"]], prefixWord: nil, in: notes)
        #expect(match == SearchMatch(field: "highlight", snippet: "The water was cold."))
        #expect(Library.notesMatch([["water"]], prefixWord: nil, in: "## 2020\n\nThe water was cold.\n") == nil)
    }
}
