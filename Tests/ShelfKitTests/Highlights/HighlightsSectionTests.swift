import Testing
@testable import ShelfKit

/// The `## Highlights` section: what an import adds, byte for byte, and what it leaves alone.
@Suite struct HighlightsSectionTests {
    static let light = Highlight(
        text: "Light is the left hand of darkness.", note: "The whole book.", page: "233",
        location: "3540-3542", date: BookDate(year: 2024, month: 3, day: 3))
    static let ice = Highlight(text: "On the Ice.\nTwo people, a sledge.", chapter: "Chapter 16")

    func adding(_ highlights: [Highlight], to text: String) throws -> String {
        var editor = FrontMatterEditor(document: try BookDocument(bytes: Array(text.utf8)), vocabulary: .standard)
        try editor.apply(.addHighlights(highlights))
        return String(decoding: editor.document.bytes, as: UTF8.self)
    }

    @Test func aBookWithoutTheSectionGetsItAtTheEndOfItsNotes() throws {
        let book = "---\ntitle: Left Hand\n---\n\nMy own notes.\n"
        #expect(
            try adding([Self.light, Self.ice], to: book) == book + """

                ## Highlights

                > Light is the left hand of darkness.
                >
                > — p. 233 · loc. 3540–3542 · 2024-03-03

                The whole book.

                > On the Ice.
                > Two people, a sledge.
                >
                > — Chapter 16

                <!-- shelf:highlights \(Self.light.id) \(Self.ice.id) -->

                """)
    }

    @Test func addingTheSameHighlightsAgainChangesNothingEvenAfterTheReaderDeletedOne() throws {
        let book = "---\ntitle: Left Hand\n---\n"
        let once = try adding([Self.light, Self.ice], to: book)
        #expect(try adding([Self.light, Self.ice], to: once) == once)
        // The reader deletes the first quote and its note: it stays deleted.
        let edited = once.replacingOccurrences(
            of: "> Light is the left hand of darkness.\n>\n> — p. 233 · loc. 3540–3542 · 2024-03-03\n\nThe whole book.\n\n", with: "")
        #expect(edited != once)
        #expect(try adding([Self.light, Self.ice], to: edited) == edited)
    }

    @Test func newHighlightsGoBeforeTheRecordAndTheReadersTextAroundStaysByteForByte() throws {
        let book = "---\ntitle: Left Hand\n---\n"
        let once = try adding([Self.light], to: book)
        let withOwnText =
            once.replacingOccurrences(of: "The whole book.\n", with: "The whole book.\n\nMy thought, in between.\n")
            + "\n## Later\n\nAfter the section.\n"
        let twice = try adding([Self.light, Self.ice], to: withOwnText)
        let expected = withOwnText.replacingOccurrences(
            of: "<!-- shelf:highlights \(Self.light.id) -->",
            with: "> On the Ice.\n> Two people, a sledge.\n>\n> — Chapter 16\n\n<!-- shelf:highlights \(Self.light.id) \(Self.ice.id) -->")
        #expect(twice == expected)
    }

    @Test func aSectionWrittenByHandGetsNewHighlightsAfterItsLastLineAndBeforeTheNextHeading() throws {
        let book = "---\ntitle: Left Hand\n---\n\n## Highlights\n\n> Light is the left hand of darkness.\n\n\n## Thoughts\n\nMine.\n"
        let result = try adding([Self.light, Self.ice], to: book)
        #expect(
            result == "---\ntitle: Left Hand\n---\n\n## Highlights\n\n> Light is the left hand of darkness.\n\n"
                + "> On the Ice.\n> Two people, a sledge.\n>\n> — Chapter 16\n\n<!-- shelf:highlights \(Self.ice.id) -->\n\n\n## Thoughts\n\nMine.\n"
        )
    }

    @Test func aCRLFFileWithoutAFinalNewlineKeepsItsLineEnds() throws {
        let book = "---\r\ntitle: Left Hand\r\n---\r\n\r\nNotes."
        let result = try adding([Self.ice], to: book)
        #expect(
            result == book + "\r\n\r\n## Highlights\r\n\r\n> On the Ice.\r\n> Two people, a sledge.\r\n>\r\n> — Chapter 16\r\n\r\n"
                + "<!-- shelf:highlights \(Self.ice.id) -->")
        #expect(try adding([Self.ice], to: result) == result)
    }

    @Test func aPassageTheReaderQuotedElsewhereInTheNotesIsNotAddedTwice() throws {
        let book = "---\ntitle: Left Hand\n---\n\n> Light is the left hand of darkness.\n\nWhat a line.\n"
        #expect(try adding([Self.light], to: book) == book)
    }

    @Test func aHighlightExtendedOnTheDeviceReplacesTheQuoteShelfImportedAndKeepsTheNoteUnderIt() throws {
        let first = Highlight(text: "Fear is the mind-killer.", location: "120-121")
        let extended = Highlight(text: "I must not fear. Fear is the mind-killer.", location: "120-125")
        let once = try adding([first], to: "---\ntitle: Dune\n---\n")
        let withNote = once.replacingOccurrences(of: "— loc. 120–121\n", with: "— loc. 120–121\n\nThe litany.\n")
        let result = try adding([extended], to: withNote)
        #expect(
            result
                == withNote
                .replacingOccurrences(
                    of: "> Fear is the mind-killer.\n>\n> — loc. 120–121",
                    with: "> I must not fear. Fear is the mind-killer.\n>\n> — loc. 120–125"
                )
                .replacingOccurrences(of: "\(first.id) -->", with: "\(first.id) \(extended.id) -->"))
        // Imported again (the clippings file still holds the first version): nothing changes.
        #expect(try adding([first, extended], to: result) == result)
    }

    @Test func theSectionReadsBackAsTheHighlightsItHolds() throws {
        let text = try adding([Self.light, Self.ice], to: "---\ntitle: x\n---\n")
        let body = try BookDocument(bytes: Array(text.utf8)).body
        #expect(Highlight.all(inNotes: body) == [Self.light, Self.ice])
        #expect(!HighlightsSection.hidingImportRecord(body).contains("shelf:highlights"))
    }

    @Test func aNoteThatLooksLikeAHeadingQuoteOrTheRecordCannotBreakTheSection() throws {
        let tricky = Highlight(text: "Passage.", note: "# Big idea\n> not a quote\n<!-- shelf:highlights 00000000 -->")
        let once = try adding([tricky, Self.ice], to: "---\ntitle: x\n---\n")
        #expect(once.contains("\n\\# Big idea\n\\> not a quote\n\\<!-- shelf:highlights 00000000 -->\n"))
        #expect(try adding([tricky, Self.ice], to: once) == once)
        let body = try BookDocument(bytes: Array(once.utf8)).body
        #expect(Highlight.all(inNotes: body).map(\.text) == ["Passage.", "On the Ice.\nTwo people, a sledge."])
    }

    @Test func aHeadingInsideACodeFenceIsNotTheSection() throws {
        let book = "---\ntitle: x\n---\n\n```\n## Highlights\n```\n"
        let result = try adding([Self.ice], to: book)
        #expect(result.hasPrefix(book + "\n## Highlights\n"))
    }

    @Test(arguments: [
        ("## Highlights", true), ("## highlights ##", true), ("##   HIGHLIGHTS   ###  ", true), ("## Highlights\t#", true),
        ("## Highlights#", false), ("## Highlights # ##", false), ("## ##", false), ("### Highlights", false),
        ("##Highlights", false), ("## Highlights and notes", false),
    ])
    func theHeadingIsFoundWithOrWithoutClosingHashes(line: String, isHeading: Bool) {
        #expect(HighlightsSection.isHighlightsHeading(Substring(line)) == isHeading)
    }
}
