import Testing
@testable import ShelfKit

/// The byte ranges of lists, maps and block scalars, checked against position markers.
@Suite struct CollectionRangeTests {
    @Test func aFlowListsRangeIsItsBracketsAndEachItemHasItsOwn() throws {
        let m = MarkedText("---\ntags: 1️⃣[2️⃣sci-fi3️⃣, 4️⃣\"classics\"5️⃣]6️⃣  # c\n---\n")
        let list = try #require(try frontMatter(m.bytes).entry("tags")?.value.sequence)
        #expect(list.isFlow)
        #expect(list.range == m[1]..<m[6])
        #expect(list.items.map(\.range) == [m[2]..<m[3], m[4]..<m[5]])
        #expect(list.items.compactMap(\.scalar?.value) == ["sci-fi", "classics"])
    }

    @Test func anEmptyFlowListIsItsBrackets() throws {
        let m = MarkedText("---\ntags: 1️⃣[]2️⃣\n---\n")
        let list = try #require(try frontMatter(m.bytes).entry("tags")?.value.sequence)
        #expect(list.range == m[1]..<m[2])
        #expect(list.items.isEmpty)
    }

    @Test func aBlockListRunsFromTheFirstDashToTheEndOfTheLastItem() throws {
        let m = MarkedText("---\nauthors:  # c\n  1️⃣- 2️⃣A3️⃣\n  - 4️⃣'B'5️⃣6️⃣   # b\n  # after the list\nnext: x\n---\n")
        let list = try #require(try frontMatter(m.bytes).entry("authors")?.value.sequence)
        #expect(!list.isFlow)
        #expect(list.range == m[1]..<m[6])
        #expect(list.items.map(\.range) == [m[2]..<m[3], m[4]..<m[5]])
    }

    @Test func aBlockListAtTheEndOfTheFrontMatterEndsWithItsLastItem() throws {
        let m = MarkedText("---\ntitle: x\nauthors:\n1️⃣- A\n- B2️⃣\n# the end\n---\n")
        let list = try #require(try frontMatter(m.bytes).entry("authors")?.value.sequence)
        #expect(list.range == m[1]..<m[2])
    }

    @Test func aListOfMapsHasRangesAtEveryLevel() throws {
        let m = MarkedText(
            """
            ---
            title: x
            copies:
              1️⃣- 2️⃣where: 3️⃣home4️⃣
                format: 5️⃣paper6️⃣7️⃣
              - 8️⃣where: office9️⃣  # c
            # after
            ---

            """)
        let copies = try #require(try frontMatter(m.bytes).entry("copies")?.value.sequence)
        #expect(copies.range == m[1]..<m[9])
        let first = try #require(copies.items.first?.mapping)
        #expect(first.range == m[2]..<m[7])
        #expect(first.entries.map { $0.key.scalar?.value } == ["where", "format"])
        #expect(first.entries.map(\.value.range) == [m[3]..<m[4], m[5]..<m[6]])
        #expect(copies.items.last?.range == m[8]..<m[9])
    }

    @Test func aFlowMapsRangeIsItsBraces() throws {
        let m = MarkedText("---\nplan: 1️⃣{when: 2️⃣winter3️⃣, with: [tea]}4️⃣\n---\n")
        let map = try #require(try frontMatter(m.bytes).entry("plan")?.value.mapping)
        #expect(map.isFlow)
        #expect(map.range == m[1]..<m[4])
        #expect(map.entries.first?.value.range == m[2]..<m[3])
    }

    @Test func aLiteralBlockScalarRunsFromItsHeaderThroughItsLastLineBreak() throws {
        let m = MarkedText("---\nsummary: 1️⃣|\n  First.\n    Indented.\n2️⃣# a comment\nnext: x\n---\n")
        let entry = try #require(try frontMatter(m.bytes).entry("summary"))
        let value = try #require(entry.value.scalar)
        #expect(value.range == m[1]..<m[2])
        #expect(value.style == .literal)
        #expect(value.value == "First.\n  Indented.\n")
        // The token already ends with its line break: the entry's lines end there too.
        #expect(entry.lineRange.upperBound == m[2])
    }

    @Test func aBlockScalarsRangeStopsAfterItsLastLineNotTheBlankLinesAfterIt() throws {
        // libyaml's block scalar token swallows trailing blank lines; shelf's range stops after the
        // last line with content, so an edit of the value leaves the file's blank lines alone.
        let m = MarkedText("---\nsummary: 1️⃣|\n  text\n2️⃣\n\n# c\nnext: x\n---\n")
        #expect(try frontMatter(m.bytes).entry("summary")?.value.range == m[1]..<m[2])
    }

    @Test func aFoldedBlockScalarsRangeIncludesItsHeaderAndChompingIndicator() throws {
        let m = MarkedText("---\ndescription: 1️⃣>-\n  Folded\n  text.\n2️⃣next: x\n---\n")
        let value = try #require(try frontMatter(m.bytes).entry("description")?.value.scalar)
        #expect(value.range == m[1]..<m[2])
        #expect(value.style == .folded)
        #expect(value.value == "Folded text.")
    }

    @Test func aListOfBlockScalarsEndsWithItsLastBlock() throws {
        let m = MarkedText("---\nquotes:\n  1️⃣- |\n    one\n  - 2️⃣>\n    two\n3️⃣next: x\n---\n")
        let list = try #require(try frontMatter(m.bytes).entry("quotes")?.value.sequence)
        #expect(list.range == m[1]..<m[3])
        #expect(list.items.last?.range == m[2]..<m[3])
    }

    @Test func anAnchoredListsRangeIncludesTheAnchorAndAnAliasResolvesToIt() throws {
        let m = MarkedText("---\ntags: 1️⃣&t [a, b]2️⃣\nalso: 3️⃣*t4️⃣\n---\n")
        let fm = try frontMatter(m.bytes)
        let tags = try #require(fm.entry("tags")?.value.sequence)
        #expect(tags.range == m[1]..<m[2])
        #expect(tags.anchor == "t")
        let also = try #require(fm.entry("also")?.value)
        #expect(also.range == m[3]..<m[4])
        #expect(fm.resolved(also) == .sequence(tags))
        #expect(FieldValue(also) == .list([.scalar("a", isPlain: true), .scalar("b", isPlain: true)]))
    }

    @Test func anAliasToAnUnknownAnchorReadsAsNull() throws {
        // libyaml's event parser does not check anchors (PyYAML would fail: "found undefined alias").
        let fm = try frontMatter(Array("---\ntitle: x\nref: *nowhere\n---\n".utf8))
        let ref = try #require(fm.entry("ref")?.value)
        #expect(FieldValue(ref) == .null)
    }
}
