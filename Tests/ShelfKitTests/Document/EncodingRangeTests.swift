import Testing
@testable import ShelfKit

/// Ranges stay byte offsets in the whole file whatever the encoding details: libyaml counts
/// Unicode scalars from the start of the slice it was given, shelf converts.
@Suite struct EncodingRangeTests {
    @Test func nonASCIIOnAnEarlierLineShiftsByBytesNotScalars() throws {
        let m = MarkedText("---\ntitle: Gödel 🎉 ノルウェイ\nauthor: 1️⃣Ünsal2️⃣\ntags: 3️⃣[4️⃣a5️⃣]6️⃣\n---\n")
        let fm = try frontMatter(m.bytes)
        // "Gödel 🎉 ノルウェイ" is 12 scalars and 27 bytes: a scalar count would be 15 short.
        #expect(m[1] == 4 + "title: Gödel 🎉 ノルウェイ\nauthor: ".utf8.count)
        #expect(fm.entry("author")?.value.range == m[1]..<m[2])
        #expect(fm.entry("tags")?.value.range == m[3]..<m[6])
        #expect(fm.entry("tags")?.value.sequence?.items.first?.range == m[4]..<m[5])
    }

    @Test func nonASCIIInsideAValueAndBeforeItOnTheSameLine() throws {
        let m = MarkedText("---\ntags: [1️⃣Gödel2️⃣, 3️⃣🎉4️⃣, 5️⃣'ノルウェイの森'6️⃣]\n---\n")
        let list = try #require(try frontMatter(m.bytes).entry("tags")?.value.sequence)
        #expect(list.items.map(\.range) == [m[1]..<m[2], m[3]..<m[4], m[5]..<m[6]])
        #expect(list.items.compactMap(\.scalar?.value) == ["Gödel", "🎉", "ノルウェイの森"])
    }

    @Test func aNonASCIIKeyHasByteRanges() throws {
        let m = MarkedText("---\n1️⃣título2️⃣: 3️⃣Cien años4️⃣\n---\n")
        let entry = try #require(try frontMatter(m.bytes).entry("título"))
        #expect(entry.keyRange == m[1]..<m[2])
        #expect(entry.value.range == m[3]..<m[4])
    }

    @Test func crlfRangesCountBothBytesOfEachLineBreak() throws {
        let m = MarkedText("---\r\n1️⃣title: 2️⃣Dune3️⃣  # c\r\n4️⃣authors:\r\n  5️⃣- A\r\n  - B6️⃣\r\n7️⃣---\r\nbody\r\n")
        let fm = try frontMatter(m.bytes)
        #expect(fm.layout.lineEnding == .crlf)
        #expect(fm.layout.openingRange == 0..<5)
        let title = try #require(fm.entry("title"))
        #expect(title.value.range == m[2]..<m[3])
        #expect(title.lineRange == m[1]..<m[4])
        let authors = try #require(fm.entry("authors"))
        #expect(authors.value.range == m[5]..<m[6])
        #expect(authors.lineRange == m[4]..<m[7])
    }

    @Test func aCRLFBlockScalarIncludesItsLineBreaksButReadsThemAsLF() throws {
        let m = MarkedText("---\r\nsummary: 1️⃣|\r\n  one\r\n  two\r\n2️⃣next: x\r\n---\r\n")
        let value = try #require(try frontMatter(m.bytes).entry("summary")?.value.scalar)
        #expect(value.range == m[1]..<m[2])
        #expect(value.value == "one\ntwo\n")
    }

    @Test func aBOMShiftsEveryRangeByThreeBytes() throws {
        let m = MarkedText("\u{FEFF}1️⃣---\n2️⃣3️⃣title4️⃣: 5️⃣Dune6️⃣\n7️⃣---\n")
        #expect(m.bytes.prefix(3) == [0xEF, 0xBB, 0xBF])
        let fm = try frontMatter(m.bytes)
        #expect(fm.layout.bomLength == 3)
        #expect(fm.layout.openingRange == m[1]..<m[2])
        #expect(fm.layout.contentRange == m[2]..<m[7])
        let title = try #require(fm.entry("title"))
        #expect(title.keyRange == m[3]..<m[4])
        #expect(title.value.range == m[5]..<m[6])
        #expect(title.lineRange == m[3]..<m[7])
    }

    @Test func aBOMCRLFAndNonASCIIFileTogether() throws {
        let m = MarkedText("\u{FEFF}---\r\ntitle: Солярис\r\nauthors: [1️⃣Stanisław Lem2️⃣]\r\nrating: 3️⃣54️⃣\r\n---\r\nNotes")
        let fm = try frontMatter(m.bytes)
        #expect(fm.entry("authors")?.value.sequence?.items.first?.range == m[1]..<m[2])
        #expect(fm.entry("rating")?.value.range == m[3]..<m[4])
        #expect(try BookDocument(bytes: m.bytes).reassembled() == m.bytes)
    }
}
