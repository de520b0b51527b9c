import Foundation
import Testing
@testable import ShelfKit

/// Broken and hostile files through `BookDocument(bytes:)` and the model: each either reads or
/// throws a `DocumentError` with a code and a position, in bounded time, and never crashes
/// (docs/format.md, "Which files are books" and "Front matter").
@Suite("Hostile input: BookDocument")
struct HostileDocumentTests {
    /// Reads `bytes` as far as shelf would: the document, then the book.
    func read(_ bytes: [UInt8]) -> Result<Book?, DocumentError> {
        do {
            let document = try BookDocument(bytes: bytes)
            #expect(document.reassembled() == bytes)
            return .success(document.frontMatter.flatMap { Book(path: "x.md", frontMatter: $0) })
        } catch {
            return .failure(error)
        }
    }

    func expectError(_ text: [UInt8], code: String, line: Int, column: Int, sourceLocation: SourceLocation = #_sourceLocation) {
        switch read(text) {
        case .success(let book):
            Issue.record("expected \(code), read \(String(describing: book?.title))", sourceLocation: sourceLocation)
        case .failure(let error):
            #expect(error.code == code, "\(error)", sourceLocation: sourceLocation)
            #expect((error.line, error.column) == (line, column), "\(error)", sourceLocation: sourceLocation)
            #expect(!error.message.isEmpty, sourceLocation: sourceLocation)
        }
    }

    @Test func deeplyNestedFlowAndBlockValuesAreAnError() {
        let depth = 5_000
        expectError(
            Array(("---\ntitle: deep\nx: " + String(repeating: "[", count: depth) + String(repeating: "]", count: depth) + "\n---\n").utf8),
            code: "malformed-yaml", line: 3, column: 1_027)
        let maps =
            "---\ntitle: deep\nx: " + String(repeating: "{a: ", count: depth) + "1" + String(repeating: "}", count: depth) + "\n---\n"
        if case .success = read(Array(maps.utf8)) { Issue.record("5000 nested maps should be an error") }
        var block = "---\ntitle: deep\nx:\n"
        for level in 0..<2_000 { block += String(repeating: " ", count: level + 1) + "- \n" }
        if case .success = read(Array((block + "---\n").utf8)) { Issue.record("2000 nested block lists should be an error") }
    }

    @Test func aDoublingAliasChainReadsWithinItsBudget() throws {
        // 2^60 leaves if expanded.
        var lines = ["---", "title: chain", "a0: &a0 [lol, lol]"]
        for level in 1..<60 { lines.append("a\(level): &a\(level) [*a\(level - 1), *a\(level - 1)]") }
        let clock = ContinuousClock()
        let elapsed = try clock.measure {
            let book = try #require(try read(Array((lines.joined(separator: "\n") + "\n---\n").utf8)).get())
            #expect(book.title == "chain")
        }
        #expect(elapsed < .seconds(10))
    }

    /// A long single chain (`bN: &bN [*bN-1]`): each alias one level deeper than the last.
    /// Converting the last value recurses once per level.
    @Test
    func aLongLinearAliasChainDoesNotCrash() throws {
        var lines = ["---", "title: linear", "b0: &b0 x"]
        for level in 1..<20_000 { lines.append("b\(level): &b\(level) [*b\(level - 1)]") }
        let book = try read(Array((lines.joined(separator: "\n") + "\n---\n").utf8)).get()
        #expect(book?.title == "linear")
    }

    @Test func aFiftyMegabyteBookReads() throws {
        let line = Array("Notes on the book, one line after another, a long way down.\n".utf8)
        var bytes = Array("---\ntitle: Big\nrating: 4\n---\n".utf8)
        bytes.reserveCapacity(50 * 1024 * 1024 + line.count)
        while bytes.count < 50 * 1024 * 1024 { bytes += line }
        let document = try BookDocument(bytes: bytes)
        #expect(document.bodyRange.count > 49 * 1024 * 1024)
        let frontMatter = try #require(document.frontMatter)
        let book = try #require(Book(path: "big.md", frontMatter: frontMatter))
        #expect(book.title == "Big")
        #expect(book.rating == 4)
    }

    @Test func binaryFilesAreNotBooks() throws {
        var random = SyncRandom(seed: 42)
        for _ in 0..<50 {
            let bytes = (0..<(1 + random.next(upTo: 4096))).map { _ in UInt8(truncatingIfNeeded: random.nextBits()) }
            switch read(bytes) {
            case .success(let book): #expect(book == nil)
            case .failure(let error): #expect(!error.code.isEmpty)
            }
        }
        // A PNG, and front matter followed by binary junk.
        #expect(try read([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 0x0D]).get() == nil)
        expectError(
            Array("---\ntitle: Junk\n".utf8) + [0xFF, 0xFE, 0x00, 0x01] + Array("\n---\n".utf8),
            code: "invalid-utf8", line: 3, column: 1)
    }

    @Test func nulBytes() throws {
        // In the front matter: YAML forbids control characters there.
        expectError(Array("---\ntitle: Nul".utf8) + [0] + Array("here\n---\n".utf8), code: "malformed-yaml", line: 2, column: 11)
        // In the body: the book still reads.
        let book = try read(Array("---\ntitle: Nul body\n---\nbo".utf8) + [0] + Array("dy\n".utf8)).get()
        #expect(book?.title == "Nul body")
        // Only NULs: no front matter.
        #expect(try read([UInt8](repeating: 0, count: 1_000)).get() == nil)
    }

    @Test func carriageReturnOnlyLineEndingsAreNoFrontMatter() throws {
        // Lines end in LF or CRLF; a file with bare CRs is one line, so it has no front matter.
        let document = try BookDocument(bytes: Array("---\rtitle: Classic Mac\r---\rNotes.\r".utf8))
        #expect(document.frontMatter == nil)
        #expect(document.body == "---\rtitle: Classic Mac\r---\rNotes.\r")
    }

    @Test func invalidUTF8IsReportedWhereItIs() {
        expectError(Array("---\ntitle: Bad ".utf8) + [0xFF] + Array("\n---\n".utf8), code: "invalid-utf8", line: 2, column: 12)
        // A truncated sequence, an encoded surrogate, an overlong encoding.
        expectError(Array("---\ntitle: Bad ".utf8) + [0xC3, 0x28] + Array("\n---\n".utf8), code: "invalid-utf8", line: 2, column: 12)
        expectError(Array("---\ntitle: é ".utf8) + [0xED, 0xA0, 0x80] + Array("\n---\n".utf8), code: "invalid-utf8", line: 2, column: 10)
        expectError(Array("---\ntitle: x\nk: ".utf8) + [0xC0, 0xAF] + Array("\n---\n".utf8), code: "invalid-utf8", line: 3, column: 4)
        // In the body too: the file cannot be read as a book.
        expectError(
            Array("---\ntitle: Bad body\n---\nline\nbo".utf8) + [0xFF] + Array("dy\n".utf8), code: "invalid-utf8", line: 5, column: 3)
    }

    @Test func otherBrokenShapesAreErrorsWithPositions() {
        expectError(Array("---\ntitle: Never closes\n".utf8), code: "unclosed-front-matter", line: 1, column: 1)
        expectError(Array("---\n- a\n- b\n---\n".utf8), code: "not-a-mapping", line: 2, column: 1)
        expectError(Array("---\ntitle: x\ntags: [a, b\n---\n".utf8), code: "malformed-yaml", line: 3, column: 7)
        expectError(Array("---\ntitle: \"open\nx: 1\n---\n".utf8), code: "malformed-yaml", line: 2, column: 8)
    }
}
