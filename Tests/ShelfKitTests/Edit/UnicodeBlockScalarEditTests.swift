import Testing
@testable import ShelfKit

/// Edits on `EditCorpus.unicode`: non-Latin text and emoji, an anchor and its alias, `|` and
/// `>-` block scalars, and front matter with no body.
@Suite struct UnicodeBlockScalarEditTests {
    let input = EditCorpus.unicode

    @Test func settingANonLatinTitleKeepsTheComment() {
        expectEdit(
            [.set("title", .string("死神永生"))], on: input,
            gives: """
                ---
                title: 死神永生   # The Three-Body Problem
                authors:
                  - 刘慈欣
                publisher: &pub Chongqing Press
                imprint: *pub
                summary: |
                  Line one.
                  Line two.
                blurb: >-
                  Folded
                  text.
                tags: [科幻, 🚀, hard-sf]
                ---

                """)
    }

    @Test func aLiteralBlockScalarIsReplacedByOneLine() {
        expectEdit(
            [.set("summary", .string("Short."))], on: input,
            gives: """
                ---
                title: 三体   # The Three-Body Problem
                authors:
                  - 刘慈欣
                publisher: &pub Chongqing Press
                imprint: *pub
                summary: Short.
                blurb: >-
                  Folded
                  text.
                tags: [科幻, 🚀, hard-sf]
                ---

                """)
    }

    @Test func aFoldedBlockScalarSetToTwoLinesBecomesDoubleQuoted() {
        expectEdit(
            [.set("blurb", .string("Two\nlines"))], on: input,
            gives: """
                ---
                title: 三体   # The Three-Body Problem
                authors:
                  - 刘慈欣
                publisher: &pub Chongqing Press
                imprint: *pub
                summary: |
                  Line one.
                  Line two.
                blurb: "Two\\nlines"
                tags: [科幻, 🚀, hard-sf]
                ---

                """)
    }

    @Test func anAliasValueIsReplacedByTheNewValue() {
        expectEdit(
            [.set("imprint", .string("Tor"))], on: input,
            gives: """
                ---
                title: 三体   # The Three-Body Problem
                authors:
                  - 刘慈欣
                publisher: &pub Chongqing Press
                imprint: Tor
                summary: |
                  Line one.
                  Line two.
                blurb: >-
                  Folded
                  text.
                tags: [科幻, 🚀, hard-sf]
                ---

                """)
    }

    /// The anchor is not the value: replacing the value must keep `&pub`, or the alias `*pub`
    /// further down silently loses its target (and reads as null).
    @Test
    func settingAnAnchoredValueKeepsTheAnchor() throws {
        expectEdit(
            [.set("publisher", .string("Tor"))], on: input,
            gives: """
                ---
                title: 三体   # The Three-Body Problem
                authors:
                  - 刘慈欣
                publisher: &pub Tor
                imprint: *pub
                summary: |
                  Line one.
                  Line two.
                blurb: >-
                  Folded
                  text.
                tags: [科幻, 🚀, hard-sf]
                ---

                """)
    }

    @Test func anEmojiTagIsAddedToTheFlowList() {
        expectEdit(
            [.add("tags", "📚"), .add("tags", "科幻")], on: input,
            gives: """
                ---
                title: 三体   # The Three-Body Problem
                authors:
                  - 刘慈欣
                publisher: &pub Chongqing Press
                imprint: *pub
                summary: |
                  Line one.
                  Line two.
                blurb: >-
                  Folded
                  text.
                tags: [科幻, 🚀, hard-sf, 📚]
                ---

                """)
    }

    @Test func removingTheMiddleEmojiTag() {
        expectEdit(
            [.remove("tags", "🚀")], on: input,
            gives: """
                ---
                title: 三体   # The Three-Body Problem
                authors:
                  - 刘慈欣
                publisher: &pub Chongqing Press
                imprint: *pub
                summary: |
                  Line one.
                  Line two.
                blurb: >-
                  Folded
                  text.
                tags: [科幻, hard-sf]
                ---

                """)
    }

    @Test func unsetOfBlockScalarsRemovesAllTheirLines() {
        expectEdit(
            [.unset("summary"), .unset("blurb"), .unset("authors")], on: input,
            gives: """
                ---
                title: 三体   # The Three-Body Problem
                publisher: &pub Chongqing Press
                imprint: *pub
                tags: [科幻, 🚀, hard-sf]
                ---

                """)
    }

    @Test func aNoteOnAFileWithNoBodyStartsRightAfterTheFrontMatter() {
        expectEdit(
            [.appendToBody("### 2024-03-02 21:14\n\n読了。🎉\n")], on: input,
            gives: """
                ---
                title: 三体   # The Three-Body Problem
                authors:
                  - 刘慈欣
                publisher: &pub Chongqing Press
                imprint: *pub
                summary: |
                  Line one.
                  Line two.
                blurb: >-
                  Folded
                  text.
                tags: [科幻, 🚀, hard-sf]
                ---
                ### 2024-03-02 21:14

                読了。🎉

                """)
    }

    /// libyaml counts the blank line after a block scalar as part of its token; to the reader it
    /// separates sections. Setting or removing the scalar should leave it.
    @Test
    func aBlockScalarFollowedByABlankLineAndAComment() {
        let file = "---\ntitle: T\nsummary: |\n  Text.\n\n# about the rating\nrating: 3\n---\n"
        expectEdit(
            [.set("summary", .string("S"))], on: file,
            gives: "---\ntitle: T\nsummary: S\n\n# about the rating\nrating: 3\n---\n")
        expectEdit(
            [.unset("summary")], on: file,
            gives: "---\ntitle: T\n\n# about the rating\nrating: 3\n---\n")
    }

    @Test func aBlockScalarInCRLF() {
        let file = "---\r\ntitle: T\r\nsummary: >\r\n  a\r\n  b\r\nrating: 3\r\n---\r\n"
        expectEdit([.set("summary", .string("c"))], on: file, gives: "---\r\ntitle: T\r\nsummary: c\r\nrating: 3\r\n---\r\n")
    }
}
