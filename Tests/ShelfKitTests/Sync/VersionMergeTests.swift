import Testing
@testable import ShelfKit

/// Merging two versions of a book key by key (docs/sync.md: the merge driver and
/// `conflicts resolve`), checked on the exact bytes of the result.
@Suite("Sync: VersionMerge")
struct VersionMergeTests {
    static let base = """
        ---
        title: Dune  # the first one
        authors:
          - Frank Herbert
        rating: 4
        status: reading
        tags: [sci-fi, classics, desert]
        ---
        Line one.
        Line two.
        Line three.

        """

    /// Merges `theirs` into `ours` (with `base` when given) and returns the new bytes of ours.
    func merged(ours: String, theirs: String, base: String?, preferTheirs: Bool = false) throws
        -> (text: String, conflicts: [VersionMerge.Conflict]) {
        let merger = VersionMerge(ours: try syncDocument(ours), theirs: try syncDocument(theirs),
                                base: try base.map(syncDocument), vocabulary: .standard)
        let merge = merger.fieldEdits { _ in preferTheirs }
        return (try syncApplying(merge.edits, to: merger.ours), merge.conflicts)
    }

    func replacing(_ text: String, _ pairs: (String, String)...) -> String {
        pairs.reduce(text) { $0.replacingOccurrences(of: $1.0, with: $1.1) }
    }

    @Test func aKeyOnlyTheirsChangedTakesTheirsInPlace() throws {
        let theirs = replacing(Self.base, ("rating: 4", "rating: 5"))
        let result = try merged(ours: Self.base, theirs: theirs, base: Self.base)
        #expect(result.text == theirs)
        #expect(result.conflicts.isEmpty)
    }

    @Test func aKeyOnlyOursChangedKeepsOurs() throws {
        let ours = replacing(Self.base, ("status: reading", "status: read"))
        let result = try merged(ours: ours, theirs: Self.base, base: Self.base)
        #expect(result.text == ours)
        #expect(result.conflicts.isEmpty)
    }

    @Test func differentKeysOnEachSideBothSurvive() throws {
        let ours = replacing(Self.base, ("status: reading", "status: read"))
        let theirs = replacing(Self.base, ("rating: 4", "rating: 5"), ("title: Dune  # the first one", "title: Dune\nmood: cozy"))
        let result = try merged(ours: ours, theirs: theirs, base: Self.base)
        #expect(result.text == replacing(Self.base, ("status: reading", "status: read"), ("rating: 4", "rating: 5"),
                                         ("desert]\n---", "desert]\nmood: cozy\n---")))
        #expect(result.conflicts.isEmpty)
    }

    @Test func bothSidesMakingTheSameChangeIsNoConflict() throws {
        let both = replacing(Self.base, ("rating: 4", "rating: 5"))
        let result = try merged(ours: both, theirs: both, base: Self.base)
        #expect(result.text == both)
        #expect(result.conflicts.isEmpty)
        // The same list written in another style, and a different comment, are equal too.
        let restyled = replacing(Self.base, ("authors:\n  - Frank Herbert", "authors: [Frank Herbert]"),
                                 ("rating: 4", "rating: 4  # good"))
        let noBase = try merged(ours: Self.base, theirs: restyled, base: nil)
        #expect(noBase.text == Self.base)
        #expect(noBase.conflicts.isEmpty)
    }

    @Test func aKeyRemovedOnOneSideIsRemoved() throws {
        let theirs = replacing(Self.base, ("rating: 4\n", ""))
        #expect(try merged(ours: Self.base, theirs: theirs, base: Self.base).text == theirs)
        // Removed on our side and unchanged on theirs: stays removed.
        #expect(try merged(ours: theirs, theirs: Self.base, base: Self.base).text == theirs)
    }

    @Test func listsMergeItemByItemWithABase() throws {
        // Ours adds `epic`; theirs removes `classics` and adds `space`.
        let ours = replacing(Self.base, ("desert]", "desert, epic]"))
        let theirs = replacing(Self.base, ("[sci-fi, classics, desert]", "[sci-fi, desert, space]"))
        let result = try merged(ours: ours, theirs: theirs, base: Self.base)
        #expect(result.text == replacing(Self.base, ("[sci-fi, classics, desert]", "[sci-fi, desert, epic, space]")))
        #expect(result.conflicts.isEmpty)
        // A block list gains a line per new item.
        let blockOurs = replacing(Self.base, ("  - Frank Herbert", "  - Frank Herbert\n  - Brian Herbert"))
        let blockTheirs = replacing(Self.base, ("  - Frank Herbert", "  - Frank Herbert\n  - Kevin J. Anderson"))
        #expect(try merged(ours: blockOurs, theirs: blockTheirs, base: Self.base).text
            == replacing(Self.base, ("  - Frank Herbert", "  - Frank Herbert\n  - Brian Herbert\n  - Kevin J. Anderson")))
    }

    @Test func listsWithoutABaseBecomeTheirUnion() throws {
        let ours = replacing(Self.base, ("[sci-fi, classics, desert]", "[sci-fi, classics]"))
        let theirs = replacing(Self.base, ("[sci-fi, classics, desert]", "[space, Classics, sci-fi, epic]"))
        let result = try merged(ours: ours, theirs: theirs, base: nil)
        // Ours in order, then theirs' new ones in theirs' order; `Classics` is `classics`.
        #expect(result.text == replacing(Self.base, ("[sci-fi, classics, desert]", "[sci-fi, classics, space, epic]")))
    }

    @Test func aScalarBothChangedKeepsThePreferredSideAndReportsTheOther() throws {
        let ours = replacing(Self.base, ("rating: 4", "rating: 3"))
        let theirs = replacing(Self.base, ("rating: 4", "rating: 5"))
        let keepOurs = try merged(ours: ours, theirs: theirs, base: Self.base)
        #expect(keepOurs.text == ours)
        #expect(keepOurs.conflicts == [VersionMerge.Conflict(key: "rating", kept: "3", setAside: "5")])
        let keepTheirs = try merged(ours: ours, theirs: theirs, base: Self.base, preferTheirs: true)
        #expect(keepTheirs.text == theirs)
        #expect(keepTheirs.conflicts == [VersionMerge.Conflict(key: "rating", kept: "5", setAside: "3")])
    }

    @Test func withoutABaseAnyDifferentScalarIsAConflict() throws {
        let ours = replacing(Self.base, ("status: reading", "status: read"))
        let result = try merged(ours: ours, theirs: Self.base, base: nil)
        #expect(result.text == ours)
        #expect(result.conflicts == [VersionMerge.Conflict(key: "status", kept: "read", setAside: "reading")])
    }

    @Test func theirsValueIsCopiedVerbatimAndOursCommentStays() throws {
        let ours = replacing(Self.base, ("rating: 4", "rating: 4  # good"))
        let theirs = replacing(Self.base, ("title: Dune  # the first one", "title: 'Dune: Messiah'"))
        let result = try merged(ours: ours, theirs: theirs, base: Self.base)
        #expect(result.text == replacing(ours, ("title: Dune  # the first one", "title: 'Dune: Messiah'  # the first one")))
    }

    @Test
    func aListOnlyTheirsChangedStaysInItsPlace() throws {
        let theirs = replacing(Self.base, ("  - Frank Herbert", "  - Frank Herbert\n  - Brian Herbert"))
        let ours = replacing(Self.base, ("status: reading", "status: read"))
        let result = try merged(ours: ours, theirs: theirs, base: Self.base)
        #expect(result.text == replacing(ours, ("  - Frank Herbert", "  - Frank Herbert\n  - Brian Herbert")))
    }

    @Test func bodyMergesThreeWayWithMarkersOrTwoWayAsAUnion() throws {
        let base = try syncDocument(Self.base)
        let ours = try syncDocument(replacing(Self.base, ("Line one.", "Line one, ours.")))
        let theirs = try syncDocument(replacing(Self.base, ("Line three.", "Line three, theirs.")))
        let clean = VersionMerge(ours: ours, theirs: theirs, base: base, vocabulary: .standard).mergedBody(markers: ("ours", "theirs"))
        #expect(clean == LineMerge.Result(lines: ["Line one, ours.", "Line two.", "Line three, theirs.", ""], conflicts: 0))

        let clash = try syncDocument(replacing(Self.base, ("Line one.", "Line one, theirs.")))
        let marked = VersionMerge(ours: ours, theirs: clash, base: base, vocabulary: .standard).mergedBody(markers: ("ours", "theirs"))
        #expect(marked.conflicts == 1)
        #expect(marked.lines == ["<<<<<<< ours", "Line one, ours.", "=======", "Line one, theirs.", ">>>>>>> theirs",
                                 "Line two.", "Line three.", ""])

        // No base: every line of theirs that ours lacks is added in place; nothing is deleted.
        let shorter = try syncDocument(replacing(Self.base, ("Line one.\n", "")))
        let twoWay = VersionMerge(ours: shorter, theirs: theirs, base: nil, vocabulary: .standard).mergedBody(markers: nil)
        #expect(twoWay == LineMerge.Result(lines: ["Line one.", "Line two.", "Line three.", "Line three, theirs.", ""], conflicts: 0))
    }

    /// A quoted and a plain spelling of one string read the same; merging them is no conflict.
    @Test
    func quotingAloneIsNoDifference() throws {
        let quoted = replacing(Self.base, ("title: Dune  # the first one", "title: \"Dune\""))
        let result = try merged(ours: Self.base, theirs: quoted, base: nil)
        #expect(result.text == Self.base)
        #expect(result.conflicts.isEmpty)
    }
}
