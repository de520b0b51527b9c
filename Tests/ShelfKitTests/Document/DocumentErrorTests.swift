import Testing
@testable import ShelfKit

/// Files that cannot be read say where (1-based line and column in the file) and why.
@Suite struct DocumentErrorTests {
    func error(_ text: String) throws -> DocumentError {
        try #require(documentError(Array(text.utf8)), "expected \(text.debugDescription) to fail")
    }

    @Test func anUnclosedBracketIsReportedWhereItOpens() throws {
        // libyaml notices the missing `]` only at the end of the slice (3:1, the closing line);
        // shelf points at the `[` on line 2 of the file, where the fix goes.
        let failure = try error("---\ntitle: [unclosed\n---\n")
        #expect((failure.line, failure.column) == (2, 8))
        #expect(failure.message == "the '[' opened here is never closed (libyaml: did not find expected ',' or ']' at line 3, column 1)")
        #expect(failure.path == "")
        #expect(failure.description.hasPrefix("2:8: the '[' opened here is never closed"))
        #expect(failure.at(path: "books/dune.md").description.hasPrefix("books/dune.md:2:8: the '[' opened"))
    }

    @Test func anUnclosedBraceOrQuoteIsReportedWhereItOpens() throws {
        let brace = try error("---\ntitle: x\nplan: {when: winter\nnext: 1\n---\n")
        #expect((brace.line, brace.column) == (3, 7))
        #expect(brace.message.hasPrefix("the '{' opened here is never closed"))
        let quote = try error("---\ntitle: x\nsubtitle: \"Gödel, Escher\nnext: 1\n---\n")
        #expect((quote.line, quote.column) == (3, 11))
        #expect(quote.message.hasPrefix("the quote opened here is never closed"))
    }

    @Test func theColumnCountsScalarsNotBytes() throws {
        // The second `:` is the 13th character of line 2 (and its 14th byte).
        let failure = try error("---\ntitle: Gödel: Escher\n---\n")
        #expect((failure.line, failure.column) == (2, 13))
        #expect(failure.message == "mapping values are not allowed in this context")
    }

    @Test func aBOMAndCRLFDoNotShiftTheErrorPosition() throws {
        let failure = try error("\u{FEFF}---\r\nrating: 5\r\ntitle: Gödel: Escher\r\n---\r\n")
        #expect((failure.line, failure.column) == (3, 13))
    }

    @Test func aBadIndentDeeperInTheFrontMatter() throws {
        let failure = try error("---\ntitle: x\nauthors:\n  - A\n bad: indent\n---\n")
        #expect(failure.line == 5)
        #expect(failure.column == 2)
    }

    @Test func invalidUTF8InTheBodyIsReportedAtItsByte() throws {
        let bytes = Array("---\ntitle: ok\n---\nline one\nbad ".utf8) + [0xFF] + Array(" here\n".utf8)
        let failure = try #require(documentError(bytes))
        #expect((failure.line, failure.column) == (5, 5))
        #expect(failure.message == "invalid UTF-8 (byte 0xFF)")
    }

    @Test func invalidUTF8InTheFrontMatterIsReportedAtItsByte() throws {
        // 0xC3 must be followed by a continuation byte; `(` is not one.
        let bytes = Array("---\ntitle: é G".utf8) + [0xC3, 0x28] + Array("del\n---\n".utf8)
        let failure = try #require(documentError(bytes))
        #expect((failure.line, failure.column) == (2, 11))
        #expect(failure.message == "invalid UTF-8 (byte 0xC3)")
    }

    @Test(
        arguments: [
            ([0xC0, 0x80], 0xC0),  // overlong NUL
            ([0xED, 0xA0, 0x80], 0xED),  // a UTF-16 surrogate
            ([0xF4, 0x90, 0x80, 0x80], 0xF4),  // above U+10FFFF
            ([0x80], 0x80),  // a lone continuation byte
            ([0xF0, 0x9F, 0x8E], 0xF0),  // truncated at the end of the file
        ] as [([UInt8], UInt8)])
    func malformedSequencesAreInvalidUTF8(sequence: [UInt8], reported: UInt8) throws {
        let bytes = Array("---\ntitle: ok\n---\nx".utf8) + sequence
        let failure = try #require(documentError(bytes))
        #expect((failure.line, failure.column) == (4, 2))
        #expect(failure.message == "invalid UTF-8 (byte 0x\(String(reported, radix: 16, uppercase: true)))")
    }

    @Test func validMultiByteSequencesAtTheLimitsAreAccepted() throws {
        // In the body, which only shelf's validation sees: U+0080, U+07FF, U+0800, U+D7FF,
        // U+E000, U+FFFF, U+10000, U+10FFFF.
        let body = "---\ntitle: ok\n---\n\u{80}\u{7FF}\u{800}\u{D7FF}\u{E000}\u{FFFF}\u{10000}\u{10FFFF}\n"
        #expect(documentError(Array(body.utf8)) == nil)
        // In the front matter, the same limits among the characters YAML allows there.
        let front = "---\ntitle: \u{A0}\u{7FF}\u{800}\u{D7FF}\u{E000}\u{FFFD}\u{10000}\u{10FFFF}\n---\n"
        #expect(documentError(Array(front.utf8)) == nil)
    }

    @Test func aControlCharacterInTheFrontMatterIsAnError() throws {
        let failure = try error("---\ntitle: ok\nnote: a\u{7}b\n---\n")
        #expect(failure.message == "control characters are not allowed")
    }

    @Test
    func aControlCharacterInTheFrontMatterIsReportedWhereItIs() throws {
        let failure = try error("---\ntitle: ok\nnote: a\u{7}b\n---\n")
        #expect((failure.line, failure.column) == (3, 8))
    }

    @Test func frontMatterThatIsAListIsAnError() throws {
        let failure = try error("---\n# books\n- Dune\n- Solaris\n---\n")
        #expect((failure.line, failure.column) == (3, 1))
        #expect(failure.message == "front matter must be a mapping of keys to values")
    }

    @Test func frontMatterThatIsAScalarIsAnError() throws {
        let failure = try error("---\n  just some text\n---\n")
        #expect((failure.line, failure.column) == (2, 3))
        #expect(failure.message == "front matter must be a mapping of keys to values")
    }

    @Test func anUnclosedFrontMatterIsAnErrorOnItsFirstLine() throws {
        for text in ["---\ntitle: x\n", "\u{FEFF}---\r\ntitle: x", "---\n"] {
            let failure = try error(text)
            #expect((failure.line, failure.column) == (1, 1), "\(text.debugDescription)")
            #expect(failure.message == "front matter opened here is never closed (expected a line '---' or '...')")
        }
    }

    @Test func aSecondYAMLDocumentInTheFrontMatterIsAnError() throws {
        // `--- # x` is no closing line, so libyaml sees it as the start of a second document.
        let failure = try error("---\ntitle: a\n--- # x\nb: c\n---\n")
        #expect((failure.line, failure.column) == (3, 1))
        #expect(failure.message == "front matter holds more than one YAML document")
    }

    @Test func aControlCharacterInTheBodyDoesNotFailTheFrontMatter() throws {
        // libyaml is only given the front matter slice.
        let bytes = Array("---\ntitle: ok\n---\n".utf8) + [0x01, 0x07, 0x1B] + Array("notes\n".utf8)
        let document = try BookDocument(bytes: bytes)
        #expect(document.frontMatter?.entry("title")?.value.scalar?.value == "ok")
    }
}
