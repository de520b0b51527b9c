import Testing
@testable import ShelfKit

/// A clippings file read a piece at a time, a line at a time, reads as the whole text does.
@Suite struct KindleClippingsChunksTests {
    static func clipping(_ title: String, _ meta: String, _ text: String) -> String {
        KindleClippingsTests.clipping(title, meta, text)
    }

    static let text =
        clipping(
            "The Left Hand of Darkness (Le Guin, Ursula K.)",
            "- Your Highlight on page 233 | Location 3540-3542 | Added on Sunday, March 3, 2024 10:15:32 PM",
            "Light is the left hand of darkness,\r\nand darkness the right hand of light.")
        + clipping(
            "The Left Hand of Darkness (Le Guin, Ursula K.)",
            "- Your Note on page 233 | Location 3542 | Added on Sunday, March 3, 2024 10:16:00 PM", "The whole book in one line.")
        + clipping("挪威的森林 (村上春树)", "- 您在位置 #120-121的标注 | 添加于 2024年3月3日星期日 下午10:15:32", "每个人都有属于自己的一片森林。")
        + clipping("Dune (Frank Herbert)", "- Your Bookmark on page 12 | Location 170 | Added on Sunday, March 3, 2024 9:00:00 PM", "")
        + "Meditations (Marcus Aurelius)\n- Highlight Loc. 1170-72  | Added on Sunday, March 03, 2024, 10:15 PM\n\nWaste no more time.\n=========="

    @Test func everyCutReadsAsTheWholeText() throws {
        let whole = KindleClippings.parse(Self.text)
        #expect(whole.books.count == 3 && whole.bookmarks == 1)
        for size in [1, 2, 3, 5, 64, 1 << 20] {
            let parsed = try KindleClippings.read(ImportChunks(bytes: Array(Self.text.utf8), size: size), path: "My Clippings.txt")
            #expect(parsed == whole, "pieces of \(size) bytes")
        }
    }

    @Test func randomClippingsReadAsTheWholeText() throws {
        var generator = CorpusRandom(seed: 7)
        let parts = [
            "Dune (Frank Herbert)", "- Your Highlight at location 120-125 | Added on Monday, 4 March 2024 08:01:00",
            "- Your Note at location 125 | Added on Monday, 4 March 2024 08:02:00", "Fear é 🦋", "==========", "", "\u{FEFF}",
        ]
        for _ in 0..<100 {
            let text = (0..<Int.random(in: 0...30, using: &generator)).map { _ in
                (parts.randomElement(using: &generator) ?? "") + (Bool.random(using: &generator) ? "\r\n" : "\n")
            }.joined()
            for size in [1, 3, 1 << 20] {
                #expect(
                    try KindleClippings.read(ImportChunks(bytes: Array(text.utf8), size: size), path: "x") == KindleClippings.parse(text))
            }
        }
    }

    @Test func bytesThatAreNotUTF8AreReportedWithTheirLineAndColumn() throws {
        let bytes =
            Array("Dune (Frank Herbert)\r\n- Your Highlight at location 1-2\r\n\r\nFé".utf8) + [0xFF] + Array("ar\r\n==========\r\n".utf8)
        #expect {
            try KindleClippings.read(ImportChunks(bytes: bytes, size: 2), path: "My Clippings.txt")
        } throws: { error in
            (error as? HighlightSourceError)?.description
                == "My Clippings.txt: line 4, column 3: not UTF-8 text; save it as UTF-8 and import it again"
        }
    }
}
