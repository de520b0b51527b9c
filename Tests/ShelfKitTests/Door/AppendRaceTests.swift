import Foundation
import Testing
@testable import ShelfKit

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What another program writes to a book between shelf's last check and its rename — the moment
/// no check can cover — is kept: an append is carried into the new version, anything else is
/// kept as a conflict copy and reported.
@Suite struct AppendRaceTests {
    static let original = "---\ntitle: Dune\nrating: 3\n---\nNotes.\n"
    static let edited = "---\ntitle: Dune\nrating: 5\n---\nNotes.\n"
    static let rate = [FieldEdit.set("rating", .typed("5"))]

    /// The edit was written and the book holds it followed by `tail`, and nothing else is left.
    static func expectEdited(
        _ outcome: LibraryWriter.Outcome, with tail: String, in folder: EditTempFolder, sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        #expect(outcome == .written, sourceLocation: sourceLocation)
        #expect(try folder.bytes("dune.md") == Array((edited + tail).utf8), sourceLocation: sourceLocation)
        #expect(try folder.listing() == ["dune.md"], sourceLocation: sourceLocation)
    }

    @Test func aLineAppendedBetweenTheCheckAndTheRenameIsKept() throws {
        let folder = try EditTempFolder()
        let path = try folder.write("dune.md", Self.original)
        var calls = 0
        let outcome = try folder.writer.edit("dune.md", edits: Self.rate, force: false, beforeReplace: nil) {
            calls += 1
            #expect(AppendRaceStressTests.append("appended\n", to: path))
        }
        #expect(calls == 1)
        try Self.expectEdited(outcome, with: "appended\n", in: folder)
    }

    /// `echo` opened the file before the rename and writes after it: shelf waits for it to close
    /// the old file before reading what it added.
    @Test func aLineWrittenAfterTheRenameThroughADescriptorOpenedBeforeIsKept() throws {
        let folder = try EditTempFolder()
        let path = try folder.write("dune.md", Self.original)
        let written = DispatchSemaphore(value: 0)
        let outcome = try folder.writer.edit("dune.md", edits: Self.rate, force: false, beforeReplace: nil) {
            let descriptor = open(path, O_WRONLY | O_APPEND | O_CLOEXEC)
            Thread {
                usleep(100_000)
                _ = Array("late\n".utf8).withUnsafeBytes { FileIO.writeAll($0, to: descriptor) }
                close(descriptor)
                written.signal()
            }.start()
        }
        written.wait()
        try Self.expectEdited(outcome, with: "late\n", in: folder)
    }

    /// With the name gone the files cannot be exchanged: the plain rename (as on a file system
    /// without exchange) reads the old version through the descriptor of the check.
    @Test func aLineAppendedBeforeAPlainRenameIsReadThroughTheCheckedDescriptor() throws {
        let folder = try EditTempFolder()
        let path = try folder.write("dune.md", Self.original)
        let outcome = try folder.writer.edit("dune.md", edits: Self.rate, force: false, beforeReplace: nil) {
            #expect(AppendRaceStressTests.append("appended\n", to: path))
            unlink(path)
        }
        try Self.expectEdited(outcome, with: "appended\n", in: folder)
    }

    @Test func aRewriteBetweenTheCheckAndTheRenameIsKeptAsAConflictCopy() throws {
        let folder = try EditTempFolder()
        let path = try folder.write("dune.md", Self.original)
        let theirs = "---\ntitle: Dune\nrating: 3\n---\nRewritten in place.\n"
        var thrown: (any Error)?
        do {
            _ = try folder.writer.edit("dune.md", edits: Self.rate, force: false, beforeReplace: nil) {
                // Truncated and written again, as an editor that saves in place does.
                try? Data(theirs.utf8).write(to: URL(fileURLWithPath: path))
            }
        } catch {
            thrown = error
        }
        let error = try #require(thrown as? FileError)
        let copies = try folder.listing().filter { ConflictCopy(path: $0)?.originalPath == "dune.md" }
        #expect(copies.count == 1)
        let copy = try #require(copies.first)
        #expect(error.reason.contains("kept as \(copy)"), "\(error)")
        #expect(error.reason.contains("shelf conflicts resolve"))
        #expect(try folder.bytes(copy) == Array(theirs.utf8))
        #expect(try folder.bytes("dune.md") == Array(Self.edited.utf8))
        #expect(try folder.temporaryFiles().isEmpty)
    }

    #if os(Linux)
    /// An editor that saves by renaming its new file over the book in that moment: the rename
    /// exchanges the files, so its version is put aside, not unlinked.
    @Test func anEditorSavingByRenameBetweenTheCheckAndTheRenameIsKept() throws {
        let folder = try EditTempFolder()
        try folder.write("dune.md", Self.original)
        let theirs = "---\ntitle: Dune Messiah\nrating: 3\n---\nNotes.\n"
        #expect(throws: FileError.self) {
            _ = try folder.writer.edit("dune.md", edits: Self.rate, force: false, beforeReplace: nil) {
                let saved = (try? folder.write(".dune.md.swp", theirs)) ?? ""
                rename(saved, folder.path + "/dune.md")
            }
        }
        let copy = try #require(try folder.listing().first { ConflictCopy(path: $0) != nil })
        #expect(try folder.bytes(copy) == Array(theirs.utf8))
        #expect(try folder.bytes("dune.md") == Array(Self.edited.utf8))
    }
    #endif

    @Test func aBatchKeepsALineAppendedBetweenTheCheckAndTheRename() throws {
        let folder = try EditTempFolder()
        let path = try folder.write("dune.md", "---\ntitle: Dune\ntags: [old]\n---\nNotes.\n")
        let batch = try BookWriteBatch(writer: folder.writer)
        try batch.prepare("dune.md", edits: [.rename("tags", from: "old", to: "new")])
        batch.afterCheck = { _ = AppendRaceStressTests.append("appended\n", to: path) }
        var result: Result<LibraryWriter.Outcome, any Error>?
        batch.commit { _, outcome in result = outcome }
        #expect(try result?.get() == .written)
        #expect(try folder.bytes("dune.md") == Array("---\ntitle: Dune\ntags: [new]\n---\nNotes.\nappended\n".utf8))
        #expect(try folder.listing() == ["dune.md"])
    }
}
