import Testing
@testable import ShelfKit

/// The byte ranges of scalar values, keys and whole entry lines, checked against position markers.
@Suite struct ScalarRangeTests {
    /// The entry `key` of the marked file's front matter.
    func entry(_ key: String, in m: MarkedText) throws -> FrontMatterEntry {
        try #require(try frontMatter(m.bytes).entry(key))
    }

    @Test func aPlainScalarEndsBeforeTrailingSpacesAndAComment() throws {
        let m = MarkedText("---\ntitle: 1️⃣Dune2️⃣  # note\n---\n")
        let value = try #require(try entry("title", in: m).value.scalar)
        #expect(value.range == m[1]..<m[2])
        #expect(value.value == "Dune")
        #expect(value.style == .plain)
    }

    @Test func aSingleQuotedScalarsRangeIncludesItsQuotes() throws {
        let m = MarkedText("---\ntitle: x\nsubtitle: 1️⃣'It''s a trap: two'2️⃣ # c\n---\n")
        let value = try #require(try entry("subtitle", in: m).value.scalar)
        #expect(value.range == m[1]..<m[2])
        #expect(value.value == "It's a trap: two")
        #expect(value.style == .singleQuoted)
    }

    @Test func aDoubleQuotedScalarsRangeIncludesItsQuotes() throws {
        let m = MarkedText("---\ntitle: 1️⃣\"Dune: \\\"Messiah\\\"\"2️⃣   \n---\n")
        let value = try #require(try entry("title", in: m).value.scalar)
        #expect(value.range == m[1]..<m[2])
        #expect(value.value == "Dune: \"Messiah\"")
        #expect(value.style == .doubleQuoted)
    }

    @Test func aKeyWithNoValueHasAnEmptyRangeRightAfterTheColon() throws {
        let m = MarkedText("---\ntitle: x\nsubtitle:1️⃣\nseries:2️⃣   # none yet\nlast:3️⃣\n---\n")
        for (key, marker) in [("subtitle", 1), ("series", 2), ("last", 3)] {
            let value = try #require(try entry(key, in: m).value.scalar, "\(key)")
            #expect(value.range == m[marker]..<m[marker], "\(key)")
            #expect(value.isEmptyPlain, "\(key)")
            #expect(value.isNull, "\(key)")
        }
    }

    @Test func aValueOnTheNextLineStartsThere() throws {
        let m = MarkedText("---\ntitle:\n  1️⃣Dune2️⃣\n---\n")
        #expect(try entry("title", in: m).value.range == m[1]..<m[2])
    }

    @Test func aMultiLinePlainScalarSpansItsLines() throws {
        let m = MarkedText("---\ntitle: 1️⃣The Left Hand\n  of Darkness2️⃣  # c\n---\n")
        let value = try #require(try entry("title", in: m).value.scalar)
        #expect(value.range == m[1]..<m[2])
        #expect(value.value == "The Left Hand of Darkness")
    }

    @Test func anAnchoredScalarsRangeIncludesTheAnchorAndAnAliasIsItsOwnToken() throws {
        let m = MarkedText("---\nauthor: 1️⃣&le Ursula K. Le Guin2️⃣\nillustrator: 3️⃣*le4️⃣ # same\n---\n")
        let fm = try frontMatter(m.bytes)
        let author = try #require(fm.entry("author")?.value.scalar)
        #expect(author.range == m[1]..<m[2])
        #expect(author.anchor == "le")
        #expect(author.value == "Ursula K. Le Guin")
        let illustrator = try #require(fm.entry("illustrator")?.value)
        guard case .alias(let alias) = illustrator else {
            Issue.record("expected an alias, got \(illustrator)")
            return
        }
        #expect(alias.name == "le")
        #expect(alias.range == m[3]..<m[4])
        #expect(fm.resolved(illustrator) == .scalar(author))
    }

    @Test func aTaggedScalarsRangeIncludesTheTag() throws {
        let m = MarkedText("---\ntitle: 1️⃣!!str 19842️⃣\n---\n")
        let value = try #require(try entry("title", in: m).value.scalar)
        #expect(value.range == m[1]..<m[2])
        #expect(value.tag == "tag:yaml.org,2002:str")
        #expect(value.value == "1984")
    }

    @Test func theKeyRangeCoversTheKeysToken() throws {
        let m = MarkedText("---\n1️⃣title2️⃣: Dune\n3️⃣\"my key\"4️⃣: v\n5️⃣'it''s'6️⃣: w\n---\n")
        let fm = try frontMatter(m.bytes)
        #expect(fm.entries.map(\.key) == ["title", "my key", "it's"])
        #expect(fm.entries.map(\.keyRange) == [m[1]..<m[2], m[3]..<m[4], m[5]..<m[6]])
    }

    @Test func theLineRangeIsTheWholeLineWithItsCommentAndLineBreak() throws {
        let m = MarkedText("---\n1️⃣title: Dune   # a comment\n2️⃣subtitle:\n3️⃣# between\n4️⃣isbn: \"x\"\n5️⃣---\n")
        let fm = try frontMatter(m.bytes)
        #expect(fm.entry("title")?.lineRange == m[1]..<m[2])
        #expect(fm.entry("subtitle")?.lineRange == m[2]..<m[3])
        #expect(fm.entry("isbn")?.lineRange == m[4]..<m[5])
    }

    @Test func theLineRangeOfAMultiLineEntryStopsBeforeTheCommentLinesAfterIt() throws {
        let m = MarkedText("---\n1️⃣authors:   # c\n  - A\n  - B  # b\n2️⃣  # trailing comment line\n3️⃣title: x\n4️⃣---\n")
        let fm = try frontMatter(m.bytes)
        #expect(fm.entry("authors")?.lineRange == m[1]..<m[2])
        #expect(fm.entry("title")?.lineRange == m[3]..<m[4])
    }

    @Test func theLineRangeOfAnExplicitKeyStartsAtTheQuestionMark() throws {
        let m = MarkedText("---\n1️⃣? 2️⃣title3️⃣\n: Dune\n4️⃣---\n")
        let entry = try #require(try frontMatter(m.bytes).entry("title"))
        #expect(entry.keyRange == m[2]..<m[3])
        #expect(entry.lineRange == m[1]..<m[4])
    }

    @Test func aKeyWrittenTwiceAppearsTwiceAndTheLastOneIsTheEntry() throws {
        let m = MarkedText("---\ntitle: 1️⃣First2️⃣\ntitle: 3️⃣Second4️⃣\n---\n")
        let fm = try frontMatter(m.bytes)
        #expect(fm.entries.map(\.value.range) == [m[1]..<m[2], m[3]..<m[4]])
        #expect(fm.entry("title")?.value.scalar?.value == "Second")
    }

    @Test func aNonScalarKeyIsNotATopLevelEntry() throws {
        let fm = try frontMatter(Array("---\n[a, b]: list key\ntitle: x\n---\n".utf8))
        #expect(fm.entries.map(\.key) == ["title"])
    }

    @Test func theTextOfARangeIsTheTokenAsWritten() throws {
        let m = MarkedText("---\ntitle: 1️⃣'It''s'2️⃣\n---\n")
        let document = try BookDocument(bytes: m.bytes)
        #expect(document.text(m[1]..<m[2]) == "'It''s'")
        #expect(document.frontMatter?.entry("title")?.value.range == m[1]..<m[2])
    }
}
