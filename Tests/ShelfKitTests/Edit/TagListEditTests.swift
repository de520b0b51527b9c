import Testing
@testable import ShelfKit

/// Adding, removing and renaming tags in every shape a tag list is written in: flow, block, a
/// single string, a comma-separated string, empty, null, absent. Whole expected files.
@Suite struct TagListEditTests {
    // MARK: Flow lists

    @Test func addToAFlowListKeepsItOnItsLineBeforeTheComment() {
        expectEdit(
            [.add("tags", "space opera")], on: EditCorpus.commented,
            gives: """
                ---
                # A book I keep coming back to
                title: Dune   # working title
                authors:   # one or more
                  - Frank Herbert  # the author
                isbn: '9780441172719'
                status: reading # to-read | reading | read
                rating: 4  # out of 5
                tags: [scifi, Classics, desert, space opera]   # flow list
                mood: "cozy"
                subtitle:
                extra:
                  shelf: living room   # where it is
                  loans:
                    - Sam
                # trailing comment
                ---
                Notes here.

                """)
    }

    @Test func removeFromAFlowListFirstMiddleLastAndOnly() {
        let flow = "---\ntitle: T\ntags: [scifi, Classics, desert]   # flow list\n---\nB\n"
        expectEdit([.remove("tags", "scifi")], on: flow, gives: "---\ntitle: T\ntags: [Classics, desert]   # flow list\n---\nB\n")
        expectEdit([.remove("tags", "classics")], on: flow, gives: "---\ntitle: T\ntags: [scifi, desert]   # flow list\n---\nB\n")
        expectEdit([.remove("tags", "Desert")], on: flow, gives: "---\ntitle: T\ntags: [scifi, Classics]   # flow list\n---\nB\n")
        expectEdit(
            [.remove("tags", "SCIFI"), .remove("tags", "desert"), .remove("tags", "classics")], on: flow,
            gives: "---\ntitle: T\ntags: []   # flow list\n---\nB\n")
        expectEdit([.remove("tags", "only")], on: "---\ntitle: T\ntags: [only]\n---\n", gives: "---\ntitle: T\ntags: []\n---\n")
    }

    @Test func aFlowListKeepsItsOwnSeparator() {
        expectEdit([.add("tags", "c")], on: "---\ntitle: T\ntags: [a,b]\n---\n", gives: "---\ntitle: T\ntags: [a,b,c]\n---\n")
        expectEdit([.add("tags", "b")], on: "---\ntitle: T\ntags: [ a ]\n---\n", gives: "---\ntitle: T\ntags: [ a, b ]\n---\n")
        expectEdit([.remove("tags", "b")], on: "---\ntitle: T\ntags: [a ,b ,c]\n---\n", gives: "---\ntitle: T\ntags: [a ,c]\n---\n")
    }

    @Test func aTagThatNeedsQuotesInAFlowListGetsThem() {
        expectEdit(
            [.add("tags", "a, b"), .add("tags", "[x]"), .add("tags", "@home"), .add("tags", "1984")],
            on: "---\ntitle: T\ntags: [z]\n---\n",
            gives: "---\ntitle: T\ntags: [z, \"a, b\", \"[x]\", \"@home\", \"1984\"]\n---\n")
    }

    @Test func aFlowListOverSeveralLinesKeepsItsLayout() {
        expectEdit([.add("tags", "c")], on: "---\ntitle: T\ntags: [a,\n  b]\n---\n", gives: "---\ntitle: T\ntags: [a,\n  b,\n  c]\n---\n")
        expectEdit([.remove("tags", "a")], on: "---\ntitle: T\ntags: [a,\n  b]\n---\n", gives: "---\ntitle: T\ntags: [b]\n---\n")
    }

    /// The separator copied from between the first two items carries their comment along.
    @Test
    func addingToAMultiLineFlowListDoesNotCopyAComment() {
        expectEdit(
            [.add("tags", "c")], on: "---\ntitle: T\ntags: [a,   # first\n       b]\n---\n",
            gives: "---\ntitle: T\ntags: [a,   # first\n       b, c]\n---\n")
    }

    @Test func addToAnEmptyFlowList() {
        expectEdit(
            [.add("tags", "first")], on: "---\ntitle: T\ntags: []  # none yet\n---\n",
            gives: "---\ntitle: T\ntags: [first]  # none yet\n---\n")
    }

    // MARK: Block lists

    @Test func addToABlockListAddsALineInItsIndentation() {
        let block = "---\ntitle: T\ntags:\n    - a\n    - 'b'  # fav\nrating: 2\n---\n"
        expectEdit([.add("tags", "c")], on: block, gives: "---\ntitle: T\ntags:\n    - a\n    - 'b'  # fav\n    - c\nrating: 2\n---\n")
        let flush = "---\ntitle: T\ntags:\n- a\n- b\n---\n"
        expectEdit([.add("tags", "No")], on: flush, gives: "---\ntitle: T\ntags:\n- a\n- b\n- \"No\"\n---\n")
    }

    @Test func removeFromABlockListMiddleAndOnlyItem() {
        let block = "---\ntitle: T\ntags:\n  - a\n  # a comment between items\n  - b\n  - c\nrating: 2\n---\n"
        expectEdit(
            [.remove("tags", "B")], on: block,
            gives: "---\ntitle: T\ntags:\n  - a\n  # a comment between items\n  - c\nrating: 2\n---\n")
        expectEdit(
            [.remove("tags", "only")], on: "---\ntitle: T\ntags:\n  - only\nrating: 2\n---\n",
            gives: "---\ntitle: T\ntags: []\nrating: 2\n---\n")
    }

    /// Removing the last item of a block list rewrites the key's line as `tags: []`; the comment
    /// after `tags:` is the user's and should stay.
    @Test
    func removingTheOnlyBlockItemKeepsTheCommentOnTheKeysLine() {
        expectEdit(
            [.remove("tags", "only")], on: "---\ntitle: T\ntags:   # mine\n  - only\n---\n",
            gives: "---\ntitle: T\ntags: []   # mine\n---\n")
    }

    // MARK: Strings, empty, null, absent

    @Test func addToASingleStringMakesAFlowList() {
        expectEdit(
            [.add("tags", "classics")], on: EditCorpus.noFinalNewline,
            gives: "---\ntitle: Solaris\ntags: [scifi, classics]\nrating: 2\n---")
        expectNoChange([.add("tags", "SciFi")], on: EditCorpus.noFinalNewline)
        expectEdit(
            [.remove("tags", "scifi")], on: EditCorpus.noFinalNewline,
            gives: "---\ntitle: Solaris\ntags: []\nrating: 2\n---")
    }

    @Test func aCommaSeparatedStringStaysAString() {
        let file = "---\ntitle: T\ntags: scifi, classics\n---\n"
        expectEdit([.add("tags", "space")], on: file, gives: "---\ntitle: T\ntags: scifi, classics, space\n---\n")
        expectEdit([.remove("tags", "SCIFI")], on: file, gives: "---\ntitle: T\ntags: classics\n---\n")
        expectEdit([.rename("tags", from: "scifi", to: "sci-fi")], on: file, gives: "---\ntitle: T\ntags: sci-fi, classics\n---\n")
    }

    @Test func addToAnEmptyNullOrAbsentTagsKey() {
        expectEdit(
            [.add("tags", "space")], on: EditCorpus.dashesInBody,
            gives: """
                ---
                title: Solaris
                tags: [space]
                ---
                Part one.
                ---
                title: not front matter
                ---
                """)
        expectEdit([.add("tags", "space")], on: "---\ntitle: T\ntags: ~\n---\n", gives: "---\ntitle: T\ntags: [space]\n---\n")
        expectEdit(
            [.add("tags", "space")], on: "---\ntitle: T\ntags:   # later\nrating: 1\n---\n",
            gives: "---\ntitle: T\ntags: [space]   # later\nrating: 1\n---\n")
        expectEdit(
            [.add("tags", "space"), .add("tags", "Space")], on: "---\ntitle: T\n---\nBody\n",
            gives: "---\ntitle: T\ntags: [space]\n---\nBody\n")
    }

    @Test func aTagEditLandsOnTheTagAlias() {
        expectEdit([.add("tags", "b")], on: "---\ntitle: T\ntag: [a]\n---\n", gives: "---\ntitle: T\ntag: [a, b]\n---\n")
    }

    // MARK: Rename

    @Test func renameInAFlowListKeepsThePositionAndQuoting() {
        expectEdit(
            [.rename("tags", from: "SCIFI", to: "sci-fi")], on: "---\ntitle: T\ntags: [a, 'SciFi', c]\n---\n",
            gives: "---\ntitle: T\ntags: [a, 'sci-fi', c]\n---\n")
        expectEdit(
            [.rename("tags", from: "scifi", to: "sci, fi")], on: "---\ntitle: T\ntags: [scifi, c]\n---\n",
            gives: "---\ntitle: T\ntags: [\"sci, fi\", c]\n---\n")
    }

    @Test func renameOntoATagAlreadyThereRemovesTheOldOne() {
        expectEdit(
            [.rename("tags", from: "scifi", to: "Sci-Fi")], on: "---\ntitle: T\ntags: [scifi, b, sci-fi]\n---\n",
            gives: "---\ntitle: T\ntags: [b, sci-fi]\n---\n")
        expectEdit(
            [.rename("tags", from: "scifi", to: "sci-fi")], on: "---\ntitle: T\ntags:\n  - sci-fi\n  - scifi\n---\n",
            gives: "---\ntitle: T\ntags:\n  - sci-fi\n---\n")
    }

    @Test func renameOnlyChangingTheCase() {
        expectEdit(
            [.rename("tags", from: "scifi", to: "SciFi")], on: "---\ntitle: T\ntags: [scifi]\n---\n",
            gives: "---\ntitle: T\ntags: [SciFi]\n---\n")
    }

    @Test func renameOfAMissingTagChangesNothing() {
        expectNoChange([.rename("tags", from: "nope", to: "yes")], on: EditCorpus.commented)
        expectNoChange([.rename("tags", from: "nope", to: "yes")], on: "---\ntitle: T\n---\n")
    }

    // MARK: Not lists

    @Test func aNestedValueIsNotAList() {
        let file = "---\ntitle: T\ntags:\n  a: 1\n---\n"
        #expect(throws: EditError.self) { try editApplying([.add("tags", "b")], to: file) }
        #expect(throws: EditError.self) { try editApplying([.remove("tags", "a")], to: file) }
        let nested = "---\ntitle: T\ntags:\n  - [a, b]\n---\n"
        #expect(throws: EditError.self) { try editApplying([.add("tags", "c")], to: nested) }
    }

    @Test func anEditOnAFileWithoutFrontMatterThrows() {
        #expect(throws: EditError.self) { try editApplying([.set("title", .string("x"))], to: "Just text.\n") }
    }
}
