import Testing
@testable import ShelfKit

/// `note` appends at the very end of the body: one blank line before the new text (unless the
/// body already ends with one), the file's own line endings, a final newline only if the file
/// had one. Everything before stays byte for byte.
@Suite struct BodyNoteEditTests {
    let note = "### 2024-03-02 21:14\n\nThe desert as an ecology."

    @Test func appendsAfterABlankLine() {
        expectEdit(
            [.appendToBody(note)], on: "---\ntitle: T\n---\nBody\n",
            gives: "---\ntitle: T\n---\nBody\n\n### 2024-03-02 21:14\n\nThe desert as an ecology.\n")
    }

    @Test func aBodyEndingInABlankLineGetsNoSecondOne() {
        expectEdit(
            [.appendToBody(note)], on: "---\ntitle: T\n---\nBody\n\n",
            gives: "---\ntitle: T\n---\nBody\n\n### 2024-03-02 21:14\n\nThe desert as an ecology.\n")
        expectEdit(
            [.appendToBody(note)], on: "---\r\ntitle: T\r\n---\r\nBody\r\n\r\n",
            gives: "---\r\ntitle: T\r\n---\r\nBody\r\n\r\n### 2024-03-02 21:14\r\n\r\nThe desert as an ecology.\r\n")
    }

    @Test func crlfFileWithFinalNewline() {
        expectEdit(
            [.appendToBody(note)], on: "\u{FEFF}---\r\ntitle: T\r\n---\r\nBody\r\n",
            gives: "\u{FEFF}---\r\ntitle: T\r\n---\r\nBody\r\n\r\n### 2024-03-02 21:14\r\n\r\nThe desert as an ecology.\r\n")
    }

    @Test func noFinalNewlineStaysSo() {
        expectEdit(
            [.appendToBody(note)], on: "---\ntitle: T\n---\nBody",
            gives: "---\ntitle: T\n---\nBody\n\n### 2024-03-02 21:14\n\nThe desert as an ecology.")
        expectEdit(
            [.appendToBody(note)], on: EditCorpus.noFinalNewline,
            gives: "---\ntitle: Solaris\ntags: scifi\nrating: 2\n---\n### 2024-03-02 21:14\n\nThe desert as an ecology.")
    }

    @Test func dashesInTheBodyStayBodyAndTheNoteGoesAfterThem() {
        expectEdit(
            [.appendToBody(note)], on: EditCorpus.dashesInBody,
            gives: """
                ---
                title: Solaris
                tags:
                ---
                Part one.
                ---
                title: not front matter
                ---

                ### 2024-03-02 21:14

                The desert as an ecology.
                """)
    }

    @Test func trailingBlankLinesOfTheNoteGo() {
        expectEdit(
            [.appendToBody("### h\n\none\n\n\n")], on: "---\ntitle: T\n---\nBody\n", gives: "---\ntitle: T\n---\nBody\n\n### h\n\none\n")
        expectEdit(
            [.appendToBody("### h\n\none\n\n")], on: "---\r\ntitle: T\r\n---\r\nBody\r\n",
            gives: "---\r\ntitle: T\r\n---\r\nBody\r\n\r\n### h\r\n\r\none\r\n")
    }

    /// Swift's `split(separator: "\n")` works on Characters, and "\r\n" is one Character: a note
    /// with CRLF line breaks (pasted from Windows, or an editor set to CRLF) is not split, so its
    /// CRLFs go into an LF file as they are and its trailing blank lines stay.
    @Test
    func theNotesLineBreaksBecomeTheFilesAndTrailingBlankLinesGo() {
        expectEdit(
            [.appendToBody("### 2024-03-02 21:14\r\n\r\none\ntwo\r\n\n\n")], on: "---\r\ntitle: T\r\n---\r\nBody\r\n",
            gives: "---\r\ntitle: T\r\n---\r\nBody\r\n\r\n### 2024-03-02 21:14\r\n\r\none\r\ntwo\r\n")
        expectEdit(
            [.appendToBody("### h\r\n\r\none\r\ntwo")], on: "---\ntitle: T\n---\nBody\n",
            gives: "---\ntitle: T\n---\nBody\n\n### h\n\none\ntwo\n")
    }

    @Test func aFileWithoutFrontMatterGetsTheNoteToo() {
        expectEdit([.appendToBody("### h\n\nx")], on: "Just text.\n", gives: "Just text.\n\n### h\n\nx\n")
    }

    @Test func markdownInTheNoteIsKeptAsWritten() {
        let markdown = "### 2024-03-02 21:14\n\n> a quote\n\n- item with `code` and *stars*\n---\n"
        expectEdit(
            [.appendToBody(markdown)], on: "---\ntitle: T\n---\n",
            gives: "---\ntitle: T\n---\n### 2024-03-02 21:14\n\n> a quote\n\n- item with `code` and *stars*\n---\n")
    }

    @Test func theOriginalBytesAreAPrefixOfTheResultForEveryCorpusFile() throws {
        for input in [EditCorpus.commented, EditCorpus.crlf, EditCorpus.unicode, EditCorpus.noFinalNewline, EditCorpus.dashesInBody] {
            let before = Array(input.utf8)
            let after = try editApplying([.appendToBody(note)], to: before)
            #expect(after.starts(with: before), "\(editVisible(after))")
            // The front matter reads the same afterwards.
            #expect(
                try BookDocument(bytes: after).frontMatter?.entries.map(\.key)
                    == BookDocument(bytes: before).frontMatter?.entries.map(\.key))
        }
    }

    @Test func notesAreReadBackWithTheirTimestamps() throws {
        let once = try editApplying([.appendToBody("### 2024-03-02 21:14\n\nFirst.")], to: "---\ntitle: T\n---\nFree text.\n")
        let twice = try editApplying([.appendToBody("### 2024-03-03 08:05\n\nSecond\nline.")], to: once)
        let notes = BookNote.notes(in: try BookDocument(bytes: twice).body)
        #expect(
            notes == [
                BookNote(timestamp: nil, text: "Free text."),
                BookNote(timestamp: "2024-03-02 21:14", text: "First."),
                BookNote(timestamp: "2024-03-03 08:05", text: "Second\nline."),
            ])
        #expect(BookNote.heading(date: BookDate(year: 2024, month: 3, day: 2), time: "21:14") == "### 2024-03-02 21:14")
    }

    /// `BookNote.notes` splits the body on "\n" Characters; in a CRLF file every line ends in the
    /// single Character "\r\n", so no heading is found and all notes come back as one free text.
    @Test
    func notesInACRLFFileAreReadBackWithTheirTimestamps() throws {
        let once = try editApplying([.appendToBody("### 2024-03-02 21:14\n\nFirst.")], to: "---\r\ntitle: T\r\n---\r\nFree text.\r\n")
        let twice = try editApplying([.appendToBody("### 2024-03-03 08:05\n\nSecond\nline.")], to: once)
        let notes = BookNote.notes(in: try BookDocument(bytes: twice).body)
        #expect(
            notes == [
                BookNote(timestamp: nil, text: "Free text."),
                BookNote(timestamp: "2024-03-02 21:14", text: "First."),
                BookNote(timestamp: "2024-03-03 08:05", text: "Second\nline."),
            ])
    }
}
