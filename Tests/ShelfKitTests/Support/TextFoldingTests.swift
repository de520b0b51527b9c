import Testing
@testable import ShelfKit

/// Folding for matching: `godel` finds `Gödel`, `ESTRAVEN` finds `Estraven`.
@Suite struct TextFoldingTests {
    @Test(arguments: [
        ("Gödel", "godel"), ("ESTRAVEN", "estraven"), ("Le Guin", "le guin"), ("Café-Crème", "cafe-creme"),
        ("Stanisław Lem", "stanislaw lem"), ("Straße", "strasse"), ("Ærø", "aero"), ("ＦＵＬＬ", "full"),
        ("ノルウェイの森", "ノルウェイの森"), ("ﾉﾙｳｪｲ", "ノルウェイ"), ("村上春樹", "村上春樹"), ("e\u{301}te\u{301}", "ete"),
        ("Норвежский", "норвежскии"), ("", ""),
    ])
    func foldsCaseDiacriticsAndWidth(text: String, folded: String) {
        #expect(TextFolding.fold(text) == folded)
    }

    @Test func wordsAreFoldedRunsOfLettersAndDigits() {
        #expect(TextFolding.words("Le Guin's 1984: café-crème!") == ["le", "guin", "s", "1984", "cafe", "creme"])
        #expect(TextFolding.words("  ...  ") == [])
        #expect(TextFolding.words("Gödel, Escher, Bach") == ["godel", "escher", "bach"])
        #expect(TextFolding.words("snake_case and tab\tseparated") == ["snake", "case", "and", "tab", "separated"])
    }

    @Test func chineseAndJapaneseCharactersAreWordsEachAndEmojiSeparate() {
        // Written without spaces: each character is a word, so a search finds any part of a name.
        #expect(TextFolding.words("村上春樹 ノルウェイの森") == ["村", "上", "春", "樹", "ノ", "ル", "ウ", "ェ", "イ", "の", "森"])
        #expect(TextFolding.words("한국어 책") == ["한국어", "책"], "Korean is written with spaces: words stay whole")
        #expect(TextFolding.words("read🎉twice") == ["read", "twice"])
        #expect(TextFolding.words("Ｆｕｌｌ ｗｉｄｔｈ") == ["full", "width"])
    }

    @Test func combiningMarksStayInTheirWord() {
        #expect(TextFolding.words("de\u{301}ja\u{300} vu") == ["deja", "vu"])
    }

    @Test func bytesAndStringsGiveTheSameWords() {
        let text = "Notes on Gödel 🎉 ノルウェイ, ESTRAVEN & Genly Ai."
        var fromBytes: [String] = []
        Array(text.utf8).withUnsafeBufferPointer { buffer in
            TextFolding.forEachWord(in: buffer) { fromBytes.append($0) }
        }
        #expect(fromBytes == TextFolding.words(text))
        #expect(fromBytes == ["notes", "on", "godel", "ノ", "ル", "ウ", "ェ", "イ", "estraven", "genly", "ai"])
    }

    @Test func tagsFoldWithoutTheirHash() {
        #expect(TextFolding.foldTag("  #Sci-Fi ") == "sci-fi")
        #expect(TextFolding.foldTag("Café/Paris") == "cafe/paris")
        #expect(TextFolding.foldTag("##double") == "#double")
    }

    @Test func aTagMatchesItselfAndTheTagsBelowIt() {
        #expect(TextFolding.tag("sci-fi", matches: "sci-fi"))
        #expect(TextFolding.tag("sci-fi/space", matches: "sci-fi"))
        #expect(TextFolding.tag("sci-fi/space/opera", matches: "sci-fi/space"))
        #expect(!TextFolding.tag("sci-fiction", matches: "sci-fi"))
        #expect(!TextFolding.tag("sci", matches: "sci-fi"))
        #expect(!TextFolding.tag("space", matches: "sci-fi/space"))
        #expect(TextFolding.tag("日本文学/現代", matches: "日本文学"))
    }
}
