import Foundation
import Testing
@testable import ShelfKit

/// A batch writes what one edit at a time would, byte for byte, and keeps the same promises
/// when files change between `prepare` and `commit`.
@Suite struct BookWriteBatchTests {
    static func book(_ title: String, tags: String) -> String {
        "---\r\ntitle: \(title)  # kept\r\ntags: [\(tags)]\r\nrating: 3\r\n---\r\nNotes stay.\r\n"
    }

    static let rename = [FieldEdit.rename("tags", from: "old", to: "new")]

    @Test func writesWhatSingleEditsWrite() throws {
        let batchFolder = try EditTempFolder()
        let singleFolder = try EditTempFolder()
        let names = (0..<20).map { "book-\($0).md" }
        for (number, name) in names.enumerated() {
            let text = Self.book("Book \(number)", tags: number % 3 == 0 ? "x, y" : "x, old, y")
            try batchFolder.write(name, text)
            try singleFolder.write(name, text)
        }
        let batch = try BookWriteBatch(writer: batchFolder.writer)
        var prepared: [LibraryWriter.Outcome] = []
        for name in names {
            prepared.append(try batch.prepare(name, edits: Self.rename))
        }
        #expect(batch.count == prepared.filter { $0 == .written }.count)
        #expect(try batchFolder.bytes(names[1]) == Array(Self.book("Book 1", tags: "x, old, y").utf8), "nothing replaced before commit")
        var outcomes: [String: LibraryWriter.Outcome] = [:]
        batch.commit { name, outcome in outcomes[name] = try? outcome.get() }
        for name in names {
            let single = try singleFolder.writer.edit(name, edits: Self.rename)
            #expect(try batchFolder.bytes(name) == singleFolder.bytes(name), "\(name)")
            if single == .written { #expect(outcomes[name] == .written, "\(name)") }
        }
        #expect(outcomes.count == batch.count + prepared.filter { $0 == .written }.count)
        #expect(try batchFolder.temporaryFiles().isEmpty)
    }

    @Test func aBookChangedMeanwhileIsEditedOnItsNewContent() throws {
        let folder = try EditTempFolder()
        _ = try folder.write("a.md", Self.book("A", tags: "old"))
        let batch = try BookWriteBatch(writer: folder.writer)
        try batch.prepare("a.md", edits: Self.rename)
        // Someone else changes another key: both changes must survive.
        try folder.write("a.md", Self.book("A", tags: "old").replacingOccurrences(of: "rating: 3", with: "rating: 5"))
        var result: Result<LibraryWriter.Outcome, any Error>?
        batch.commit { _, outcome in result = outcome }
        #expect(try result?.get() == .written)
        #expect(try folder.bytes("a.md") == Array(Self.book("A", tags: "new").replacingOccurrences(of: "rating: 3", with: "rating: 5").utf8))
        #expect(try folder.temporaryFiles().isEmpty)
    }

    @Test func aBookWhoseEditedKeyChangedMeanwhileIsLeftAlone() throws {
        let folder = try EditTempFolder()
        _ = try folder.write("a.md", Self.book("A", tags: "old"))
        let batch = try BookWriteBatch(writer: folder.writer)
        try batch.prepare("a.md", edits: Self.rename)
        let theirs = Self.book("A", tags: "old, theirs")
        try folder.write("a.md", theirs)
        var result: Result<LibraryWriter.Outcome, any Error>?
        batch.commit { _, outcome in result = outcome }
        #expect(throws: EditError.self) { try result?.get() }
        #expect(try folder.bytes("a.md") == Array(theirs.utf8))
        #expect(try folder.temporaryFiles().isEmpty)
    }

    @Test func aDiscardedBatchLeavesNothing() throws {
        let folder = try EditTempFolder()
        let text = Self.book("A", tags: "old")
        _ = try folder.write("a.md", text)
        do {
            let batch = try BookWriteBatch(writer: folder.writer)
            try batch.prepare("a.md", edits: Self.rename)
            #expect(try folder.temporaryFiles().count == 1)
        }
        #expect(try folder.temporaryFiles().isEmpty)
        #expect(try folder.bytes("a.md") == Array(text.utf8))
    }
}
