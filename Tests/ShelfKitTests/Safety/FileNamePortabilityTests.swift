import Foundation
import Testing
@testable import ShelfKit

/// Names shelf chooses are names Windows and case-insensitive file systems can hold.
@Suite struct FileNamePortabilityTests {
    @Test(arguments: [
        "con.md", "CON.md", "nul.md", "aux.md", "Aux.md", "com1.md", "lpt9.md", "prn", "con.tar.md", "x..md", "x .md", "sub/nul.md",
    ])
    func windowsDeviceNamesAndTrailingDotsAreReserved(name: String) {
        #expect(BookFileName.isReservedOnWindows(name))
    }

    @Test(arguments: ["console.md", "auxiliary.md", "com10.md", "con-book.md", "dune.md", "null.md"])
    func ordinaryNamesAreNot(name: String) {
        #expect(!BookFileName.isReservedOnWindows(name))
    }

    @Test func uniqueNeverReturnsAReservedName() {
        #expect(BookFileName.unique("con.md") { _ in false } == "con-2.md")
        #expect(BookFileName.unique("nul.md") { $0 == "nul-2.md" } == "nul-3.md")
    }

    @Test func aBookTitledLikeADeviceGetsAPortableName() throws {
        let bytes = Array("---\ntitle: Con\n---\n".utf8)
        let frontMatter = try #require(try BookDocument(bytes: bytes).frontMatter)
        let book = try #require(Book(path: "", frontMatter: frontMatter))
        #expect(BookFileName.name(for: book, template: "{title}") == "con-book.md")
        #expect(BookFileName.name(for: book, template: "{author}-{title}") == "con-book.md")
    }

    @Test func aNameDifferingOnlyInCaseIsTaken() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("shelf-names-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("sub"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data("x".utf8).write(to: folder.appendingPathComponent("Herbert-Dune.md"))
        try Data("x".utf8).write(to: folder.appendingPathComponent("sub/EMMA.md"))
        let taken = BookFileName.taken(inLibrary: folder.path)
        #expect(taken("herbert-dune.md"))
        #expect(taken("sub/emma.md"))
        #expect(!taken("emma.md"))
        #expect(BookFileName.unique("herbert-dune.md", exists: taken) == "herbert-dune-2.md")
        // A file created after the folder was listed is still seen.
        try Data("x".utf8).write(to: folder.appendingPathComponent("new.md"))
        #expect(taken("new.md"))
    }
}
