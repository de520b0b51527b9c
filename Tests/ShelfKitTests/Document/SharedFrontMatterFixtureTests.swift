import Foundation
import Testing
@testable import ShelfKit

/// Front-matter edge cases collected from Jekyll, Hugo, gray-matter, python-frontmatter and
/// others (`../shared/fixtures/frontmatter`, when it exists). They were written for other tools, so
/// only what holds for any file is asserted: shelf either finds no front matter, or reads it and
/// round-trips the file byte for byte, or fails with a position inside the file.
@Suite struct SharedFrontMatterFixtureTests {
    static let files = Fixtures.files(under: Fixtures.shared.appendingPathComponent("frontmatter"), suffix: ".md")

    @Test func everyFileHasNoFrontMatterOrReadsOrFailsAtALine() throws {
        guard !Self.files.isEmpty else { return }  // the shared fixtures are not there: nothing to check
        for url in Self.files {
            let name = url.pathComponents.suffix(2).joined(separator: "/")
            let bytes = try Fixtures.bytes(of: url)
            do {
                let document = try BookDocument(bytes: bytes)
                #expect(document.reassembled() == bytes, "\(name)")
                #expect(document.bytes == bytes, "\(name)")
                if let layout = document.frontMatter?.layout {
                    #expect(
                        layout.bomLength + layout.openingRange.count + layout.contentRange.count
                            + layout.closingRange.count + document.bodyRange.count == bytes.count, "\(name)")
                }
            } catch {
                #expect(error.line >= 1, "\(name): \(error)")
                #expect(error.column >= 1, "\(name): \(error)")
                #expect(error.line <= bytes.count(where: { $0 == 0x0A }) + 1, "\(name): \(error)")
                #expect(!error.message.isEmpty, "\(name)")
            }
        }
    }

    @Test func theRealBookNotesReadAsBooks() throws {
        // aaronj1335/reading: real per-book notes with YAML front matter.
        let folder = Fixtures.shared.appendingPathComponent("frontmatter/aaronj1335_reading")
        let files = Fixtures.files(under: folder, suffix: ".md")
        guard !files.isEmpty else { return }
        for url in files {
            let document = try BookDocument(bytes: try Fixtures.bytes(of: url))
            let frontMatter = try #require(document.frontMatter, "\(url.lastPathComponent)")
            let book = Book(path: url.lastPathComponent, frontMatter: frontMatter)
            #expect(book?.title.isEmpty == false, "\(url.lastPathComponent)")
        }
    }
}
