import Testing
@testable import ShelfKit

/// Where front matter starts and ends: a first line (after an optional BOM) that is exactly
/// `---`, up to the next line that is exactly `---` or `...`.
@Suite struct FrontMatterSplitterTests {
    func split(_ text: String) -> FrontMatterSplitter.Outcome {
        Array(text.utf8).withUnsafeBufferPointer { FrontMatterSplitter.split($0) }
    }

    func layout(_ text: String) throws -> FrontMatterLayout {
        guard case .found(let layout) = split(text) else {
            throw TestFailure("no front matter found in \(text.debugDescription): \(split(text))")
        }
        return layout
    }

    @Test func findsLFFrontMatter() throws {
        let layout = try layout("---\ntitle: x\n---\nbody\n")
        #expect(
            layout
                == FrontMatterLayout(
                    bomLength: 0, openingRange: 0..<4, contentRange: 4..<13, closingRange: 13..<17, lineEnding: .lf))
        #expect(layout.bodyStart == 17)
    }

    @Test func findsCRLFFrontMatter() throws {
        let layout = try layout("---\r\ntitle: x\r\n---\r\nbody\r\n")
        #expect(
            layout
                == FrontMatterLayout(
                    bomLength: 0, openingRange: 0..<5, contentRange: 5..<15, closingRange: 15..<20, lineEnding: .crlf))
    }

    @Test func skipsAByteOrderMark() throws {
        let layout = try layout("\u{FEFF}---\ntitle: x\n---\n")
        #expect(
            layout
                == FrontMatterLayout(
                    bomLength: 3, openingRange: 3..<7, contentRange: 7..<16, closingRange: 16..<20, lineEnding: .lf))
    }

    @Test func closesOnThreeDots() throws {
        let layout = try layout("---\ntitle: x\n...\nbody\n")
        #expect(layout.closingRange == 13..<17)
    }

    @Test func aLaterDashesLineStaysInTheBody() throws {
        let text = "---\na: 1\n---\nbody\n---\nmore\n---\n"
        let layout = try layout(text)
        #expect(layout.closingRange == 9..<13)
        #expect(Array(text.utf8)[layout.bodyStart...].elementsEqual("body\n---\nmore\n---\n".utf8))
    }

    @Test func aFileNotStartingWithDashesHasNone() {
        #expect(split("title: x\n---\n") == .none(bomLength: 0))
        #expect(split("") == .none(bomLength: 0))
        #expect(split("# Notes\n") == .none(bomLength: 0))
        #expect(split(" ---\na: 1\n---\n") == .none(bomLength: 0))
        #expect(split("----\na: 1\n----\n") == .none(bomLength: 0))
        #expect(split("...\na: 1\n...\n") == .none(bomLength: 0))
        #expect(split("\n---\na: 1\n---\n") == .none(bomLength: 0))
        #expect(split("\u{FEFF}# Notes\n") == .none(bomLength: 3))
    }

    @Test func anOpeningLineWithTrailingSpaceIsNotAnOpener() {
        #expect(split("--- \ntitle: x\n---\n") == .none(bomLength: 0))
        #expect(split("---\t\ntitle: x\n---\n") == .none(bomLength: 0))
        #expect(split("--- # comment\ntitle: x\n---\n") == .none(bomLength: 0))
        #expect(split("---\rtitle: x\n---\n") == .none(bomLength: 0))
    }

    @Test func aClosingLineWithTrailingSpaceDoesNotClose() throws {
        let layout = try layout("---\na: 1\n--- \nb: 2\n---\n")
        #expect(layout.closingRange == 19..<23)
    }

    @Test func anOpenerWithNoCloserIsUnclosed() {
        #expect(split("---\ntitle: x\n") == .unclosed(bomLength: 0))
        #expect(split("---\ntitle: x\n-- \n") == .unclosed(bomLength: 0))
        #expect(split("---") == .unclosed(bomLength: 0))
        #expect(split("---\n") == .unclosed(bomLength: 0))
        #expect(split("---\r\n") == .unclosed(bomLength: 0))
        #expect(split("\u{FEFF}---\ntitle: x") == .unclosed(bomLength: 3))
    }

    @Test func aClosingLineAtTheEndOfTheFileNeedsNoLineBreak() throws {
        let layout = try layout("---\ntitle: x\n---")
        #expect(layout.contentRange == 4..<13)
        #expect(layout.closingRange == 13..<16)
        #expect(layout.bodyStart == 16)
    }

    @Test func emptyFrontMatterHasAnEmptyContentRange() throws {
        let layout = try layout("---\n---\n")
        #expect(layout.contentRange == 4..<4)
        #expect(layout.closingRange == 4..<8)
        let document = try BookDocument(bytes: Array("---\n---\n".utf8))
        #expect(document.frontMatter?.entries == [])
        #expect(document.reassembled() == Array("---\n---\n".utf8))
    }

    @Test func frontMatterOfOnlyCommentsHasNoEntries() throws {
        let document = try BookDocument(bytes: Array("---\n# just a comment\n\n---\nbody".utf8))
        #expect(document.frontMatter?.entries == [])
        #expect(document.body == "body")
    }

    @Test func theLineEndingIsTheOpeningLines() throws {
        #expect(try layout("---\r\na: 1\n---\n").lineEnding == .crlf)
        #expect(try layout("---\na: 1\r\n---\r\n").lineEnding == .lf)
    }

    @Test func aDocumentWithoutFrontMatterIsAllBody() throws {
        let plain = try BookDocument(bytes: Array("# Notes\r\nmore\r\n".utf8))
        #expect(plain.frontMatter == nil)
        #expect(plain.bodyRange == 0..<15)
        #expect(plain.lineEnding == .crlf)
        #expect(plain.reassembled() == plain.bytes)
        let withBOM = try BookDocument(bytes: Array("\u{FEFF}Notes\n".utf8))
        #expect(withBOM.bodyRange == 3..<9)
        #expect(withBOM.body == "Notes\n")
        #expect(withBOM.lineEnding == .lf)
    }
}
