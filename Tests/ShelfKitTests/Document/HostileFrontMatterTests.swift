import Testing
@testable import ShelfKit

/// Files written to hurt a YAML reader: they must read in bounded time and memory, and never crash.
@Suite struct HostileFrontMatterTests {
    /// "Billion laughs": nine levels, each a list of nine aliases to the level below
    /// (9^9 `lol`s if expanded).
    static let billionLaughs: String = {
        var lines = ["---", "title: lol", #"a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]"#]
        let levels = Array("abcdefghi")
        for (below, level) in zip(levels, levels.dropFirst()) {
            lines.append("\(level): &\(level) [" + Array(repeating: "*\(below)", count: 9).joined(separator: ",") + "]")
        }
        return lines.joined(separator: "\n") + "\n---\nNotes.\n"
    }()

    /// The number of nodes in a value, and how many of them are null.
    func census(_ value: FieldValue) -> (nodes: Int, nulls: Int) {
        switch value {
        case .null: return (1, 1)
        case .scalar: return (1, 0)
        case .list(let items):
            return items.map(census).reduce((1, 0)) { ($0.0 + $1.0, $0.1 + $1.1) }
        case .map(let entries):
            return entries.map { census($0.value) }.reduce((1, 0)) { ($0.0 + $1.0, $0.1 + $1.1) }
        }
    }

    @Test func billionLaughsParsesWithAliasesKeptUnexpanded() throws {
        let fm = try frontMatter(Array(Self.billionLaughs.utf8))
        #expect(fm.entries.map(\.key) == ["title", "a", "b", "c", "d", "e", "f", "g", "h", "i"])
        let last = try #require(fm.entry("i")?.value.sequence)
        #expect(last.items.count == 9)
        #expect(last.items.allSatisfy { if case .alias(let alias) = $0 { alias.name == "h" } else { false } })
        #expect(fm.anchors.count == 9)
    }

    @Test func billionLaughsConversionStopsAtTheNodeBudget() throws {
        let fm = try frontMatter(Array(Self.billionLaughs.utf8))
        let value = FieldValue(try #require(fm.entry("i")).value)
        let (nodes, nulls) = census(value)
        // At most 10,000 real nodes are made; every node past the budget is a null leaf.
        #expect(nodes - nulls <= 10_000)
        #expect(nulls > 0)
        // What was converted before the budget ran out is the real thing.
        guard case .list(let top) = value, case .list(let second) = top.first else {
            Issue.record("expected a list of lists, got \(String(describing: value).prefix(200))")
            return
        }
        #expect(top.count == 9)
        #expect(second.count == 9)
        // A level small enough for the budget converts in full: 9 × 9 lols.
        let b = FieldValue(try #require(fm.entry("b")).value)
        #expect(census(b) == (1 + 9 + 81, 0))
    }

    @Test func billionLaughsStillReadsAsABook() throws {
        let fm = try frontMatter(Array(Self.billionLaughs.utf8))
        let book = try #require(Book(path: "lol.md", frontMatter: fm))
        #expect(book.title == "lol")
        #expect(book.value(of: "a")?.texts.count == 9)
    }

    @Test
    func anAliasInsideItsOwnAnchorDoesNotRecurseForever() throws {
        let fm = try frontMatter(Array("---\ntitle: x\na: &a [*a, 1]\n---\n".utf8))
        let value = FieldValue(try #require(fm.entry("a")).value)
        #expect(census(value).nodes <= 10_001)
    }

    @Test func moderatelyDeepNestingReads() throws {
        let depth = 1_000
        let text = "---\ntitle: x\ndeep: " + String(repeating: "[", count: depth) + String(repeating: "]", count: depth) + "\n---\n"
        let fm = try frontMatter(Array(text.utf8))
        var value = FieldValue(try #require(fm.entry("deep")).value)
        var levels = 0
        while case .list(let items) = value, let first = items.first {
            levels += 1
            value = first
        }
        #expect(levels == depth - 1)
    }

    @Test
    func veryDeepNestingIsAnErrorNotACrash() throws {
        let depth = 100_000
        let text = "---\ntitle: x\ndeep: " + String(repeating: "[", count: depth) + String(repeating: "]", count: depth) + "\n---\n"
        let failure = documentError(Array(text.utf8))
        #expect(failure != nil)
    }

    @Test
    func anAliasResolvesToTheMostRecentAnchorBeforeIt() throws {
        let fm = try frontMatter(Array("---\na: &x 1\nb: *x\nc: &x 2\n---\n".utf8))
        let b = try #require(fm.entry("b")).value
        #expect(FieldValue(b) == .scalar("1", isPlain: true))
        #expect(fm.resolved(b).scalar?.value == "1")
    }
}
