import Foundation
import Testing
@testable import ShelfKit

/// LibraryWriter.edit on real files: no-op edits do not touch the file, writes are atomic and keep
/// permissions, leave no temporary files, and a file changed between read and replace is
/// handled at value level (re-applied, or refused when the same key changed).
@Suite struct LibraryWriterEditTests {
    static let original = "---\ntitle: Dune  # c\nrating: 3\ntags: [a]\n---\nBody\n"

    @Test func anEditThatChangesNothingKeepsBytesAndModificationTime() throws {
        let folder = try EditTempFolder()
        let path = try folder.write("dune.md", LibraryWriterEditTests.original)
        try editSetModificationTime(path, seconds: 1_000_000_000)
        let before = try EditFileStatus(path)
        for edits: [FieldEdit] in [
            [.set("title", .string("Dune"))], [.set("rating", .typed("3"))], [.add("tags", "A")],
            [.remove("tags", "zzz")], [.unset("missing")], [.rename("tags", from: "zzz", to: "y")], [],
            [.set("rating", .typed("4")), .set("rating", .typed("3"))],
        ] {
            let outcome = try folder.writer.edit("dune.md", edits: edits)
            #expect(outcome == .unchanged, "\(edits)")
        }
        #expect(try EditFileStatus(path) == before)
        #expect(before.seconds == 1_000_000_000)
        #expect(try folder.bytes("dune.md") == Array(LibraryWriterEditTests.original.utf8))
        #expect(try folder.listing() == ["dune.md"])
    }

    @Test func aWriteReplacesTheFileAndKeepsItsPermissions() throws {
        let folder = try EditTempFolder()
        for mode in [0o600, 0o640, 0o664, 0o4755 & 0o777] as [Int] {
            let path = try folder.write("book.md", LibraryWriterEditTests.original)
            try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: path)
            let outcome = try folder.writer.edit("book.md", edits: [.set("rating", .typed("5"))], force: false)
            #expect(outcome == .written)
            #expect(try folder.bytes("book.md") == Array("---\ntitle: Dune  # c\nrating: 5\ntags: [a]\n---\nBody\n".utf8))
            #expect(try EditFileStatus(path).mode == UInt32(mode), "mode \(String(mode, radix: 8))")
            #expect(try folder.temporaryFiles() == [])
            #expect(try folder.listing() == ["book.md"])
            try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: path)
        }
    }

    @Test func anotherKeyChangedOnDiskIsKeptAndTheEditReapplied() throws {
        let folder = try EditTempFolder()
        let path = try folder.write("dune.md", LibraryWriterEditTests.original)
        var calls = 0
        let outcome = try folder.writer.edit("dune.md", edits: [.set("rating", .typed("5")), .add("tags", "b")], force: false) {
            calls += 1
            if calls == 1 {
                // Another program changes the title and appends to the body meanwhile.
                try? Data("---\ntitle: Dune Messiah  # c\nrating: 3\ntags: [a]\n---\nBody\nMore.\n".utf8).write(to: URL(fileURLWithPath: path))
            }
        }
        #expect(outcome == .written)
        #expect(calls == 2)
        #expect(try folder.bytes("dune.md") == Array("---\ntitle: Dune Messiah  # c\nrating: 5\ntags: [a, b]\n---\nBody\nMore.\n".utf8))
        #expect(try folder.temporaryFiles() == [])
    }

    @Test func aChangeThatKeepsSizeAndModificationTimeIsStillNoticed() throws {
        let folder = try EditTempFolder()
        let path = try folder.write("dune.md", LibraryWriterEditTests.original)
        try editSetModificationTime(path, seconds: 1_500_000_000)
        var calls = 0
        _ = try folder.writer.edit("dune.md", edits: [.set("rating", .typed("4"))], force: false) {
            calls += 1
            guard calls == 1 else { return }
            // Same length, same modification time: only the bytes tell.
            try? Data("---\ntitle: Dura  # c\nrating: 3\ntags: [a]\n---\nBody\n".utf8).write(to: URL(fileURLWithPath: path))
            try? editSetModificationTime(path, seconds: 1_500_000_000)
        }
        #expect(try folder.bytes("dune.md") == Array("---\ntitle: Dura  # c\nrating: 4\ntags: [a]\n---\nBody\n".utf8))
    }

    @Test func theSameKeyChangedOnDiskStopsAndWritesNothing() throws {
        let folder = try EditTempFolder()
        let path = try folder.write("dune.md", LibraryWriterEditTests.original)
        let concurrent = Array("---\ntitle: Dune  # c\nrating: 1\ntags: [a]\n---\nBody\n".utf8)
        var thrown: (any Error)?
        do {
            _ = try folder.writer.edit("dune.md", edits: [.set("title", .string("X")), .set("rating", .typed("5"))], force: false) {
                try? Data(concurrent).write(to: URL(fileURLWithPath: path))
            }
        } catch {
            thrown = error
        }
        guard case .changedOnDisk(let display, let key)? = thrown as? EditError else {
            Issue.record("expected EditError.changedOnDisk, got \(String(describing: thrown))")
            return
        }
        #expect(display == "dune.md")
        #expect(key == "rating")
        #expect(try folder.bytes("dune.md") == concurrent)
        #expect(try folder.temporaryFiles() == [])
    }

    @Test func aMergedBodyIsNotWrittenOverNotesChangedMeanwhile() throws {
        let folder = try EditTempFolder()
        let path = try folder.write("dune.md", LibraryWriterEditTests.original)
        let concurrent = Array("---\ntitle: Dune  # c\nrating: 3\ntags: [a]\n---\nBody\nA line typed meanwhile.\n".utf8)
        #expect(throws: EditError.self) {
            try folder.writer.edit("dune.md", edits: [.replaceBody("Merged body\n")], force: false) {
                try? Data(concurrent).write(to: URL(fileURLWithPath: path))
            }
        }
        #expect(try folder.bytes("dune.md") == concurrent)
        let entries = Array("---\ntitle: Dune  # c\nrating: 3\ntags: [a]\nmood: calm\n---\nBody\n".utf8)
        #expect(throws: EditError.self) {
            try folder.writer.edit("dune.md", edits: [.insertEntries("mood: cold\n")], force: false) {
                try? Data(entries).write(to: URL(fileURLWithPath: path))
            }
        }
        #expect(try folder.bytes("dune.md") == entries)
    }

    @Test func highlightsAddedWhileTheNotesChangedAreAddedToTheNewNotes() throws {
        let folder = try EditTempFolder()
        let path = try folder.write("dune.md", LibraryWriterEditTests.original)
        let concurrent = "---\ntitle: Dune  # c\nrating: 3\ntags: [a]\n---\nBody\nA line typed meanwhile.\n"
        var calls = 0
        let highlight = Highlight(text: "Fear is the mind-killer.")
        _ = try folder.writer.edit("dune.md", edits: [.addHighlights([highlight])], force: false) {
            calls += 1
            if calls == 1 { try? Data(concurrent.utf8).write(to: URL(fileURLWithPath: path)) }
        }
        #expect(String(decoding: try folder.bytes("dune.md"), as: UTF8.self) == concurrent
            + "\n## Highlights\n\n> Fear is the mind-killer.\n\n<!-- shelf:highlights \(highlight.id) -->\n")
    }

    @Test func aTagAddedWhileTheTagsChangedIsRefused() throws {
        let folder = try EditTempFolder()
        let path = try folder.write("dune.md", LibraryWriterEditTests.original)
        let concurrent = Array("---\ntitle: Dune  # c\nrating: 3\ntags: [a, z]\n---\nBody\n".utf8)
        #expect(throws: EditError.self) {
            try folder.writer.edit("dune.md", edits: [.add("tags", "b")], force: false) {
                try? Data(concurrent).write(to: URL(fileURLWithPath: path))
            }
        }
        #expect(try folder.bytes("dune.md") == concurrent)
    }

    @Test func aKeyAddedOnDiskThatTheEditAlsoAddsIsRefused() throws {
        let folder = try EditTempFolder()
        let path = try folder.write("dune.md", LibraryWriterEditTests.original)
        let concurrent = Array("---\ntitle: Dune  # c\nrating: 3\ntags: [a]\nmood: calm\n---\nBody\n".utf8)
        #expect(throws: EditError.self) {
            try folder.writer.edit("dune.md", edits: [.set("mood", .string("tense"))], force: false) {
                try? Data(concurrent).write(to: URL(fileURLWithPath: path))
            }
        }
        #expect(try folder.bytes("dune.md") == concurrent)
    }

    @Test func aFileThatKeepsChangingIsLeftToTheOtherWriter() throws {
        let folder = try EditTempFolder()
        let path = try folder.write("dune.md", LibraryWriterEditTests.original)
        var calls = 0
        #expect(throws: (any Error).self) {
            try folder.writer.edit("dune.md", edits: [.set("rating", .typed("5"))], force: false) {
                calls += 1
                try? Data("---\ntitle: Dune  # c\nrating: 3\ntags: [a]\n---\nBody \(calls)\n".utf8).write(to: URL(fileURLWithPath: path))
            }
        }
        #expect(try folder.bytes("dune.md") == Array("---\ntitle: Dune  # c\nrating: 3\ntags: [a]\n---\nBody \(calls)\n".utf8))
        #expect(try folder.temporaryFiles() == [])
    }

    @Test func aFileRemovedBeforeTheReplaceIsNotRecreated() throws {
        let folder = try EditTempFolder()
        let path = try folder.write("dune.md", LibraryWriterEditTests.original)
        #expect(throws: (any Error).self) {
            try folder.writer.edit("dune.md", edits: [.set("rating", .typed("5"))], force: false) {
                try? FileManager.default.removeItem(atPath: path)
            }
        }
        #expect(try folder.listing() == [])
    }

    @Test func aFileThatDoesNotParseIsNotWritten() throws {
        let folder = try EditTempFolder()
        let broken = "---\ntitle: [unclosed\n---\nBody\n"
        _ = try folder.write("broken.md", broken)
        var thrown: (any Error)?
        do {
            try folder.writer.edit("broken.md", edits: [.set("rating", .typed("5"))], force: false)
        } catch {
            thrown = error
        }
        let error = try #require(thrown as? DocumentError)
        #expect(error.path == "broken.md")
        #expect(error.line >= 2)
        #expect(try folder.bytes("broken.md") == Array(broken.utf8))
        #expect(try folder.listing() == ["broken.md"])
    }

    /// The library lists a symlinked book; an edit renames a new file over the link, so the link
    /// becomes a detached copy and the file it pointed to keeps the old bytes.
    @Test
    func anEditThroughASymbolicLinkEditsTheTarget() throws {
        let folder = try EditTempFolder()
        let target = try folder.write("target.md", LibraryWriterEditTests.original)
        let link = folder.path + "/link.md"
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target)
        try folder.writer.edit("link.md", edits: [.set("rating", .typed("5"))], force: false)
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == target)
        #expect(try folder.bytes("target.md") == Array("---\ntitle: Dune  # c\nrating: 5\ntags: [a]\n---\nBody\n".utf8))
    }

    @Test func aReadOnlyFileIsRefusedNotReplaced() throws {
        let folder = try EditTempFolder()
        let path = try folder.write("book.md", LibraryWriterEditTests.original)
        for mode in [0o400, 0o444, 0o500] as [Int] {
            try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: path)
            let before = try EditFileStatus(path)
            let error = try #require(throws: FileError.self) {
                try folder.writer.edit("book.md", edits: [.set("rating", .typed("5"))])
            }
            #expect(error.reason.contains("read-only"), "\(error)")
            #expect(try EditFileStatus(path) == before)
            #expect(try folder.bytes("book.md") == Array(LibraryWriterEditTests.original.utf8))
            #expect(try folder.listing() == ["book.md"])
        }
    }

    @Test func atomicCreateNeverReplacesAnExistingFile() throws {
        let folder = try EditTempFolder()
        let path = try folder.write("a.md", "old")
        #expect(throws: FileError.self) { try AtomicFile.create(path: path, bytes: Array("new".utf8)) }
        #expect(try folder.bytes("a.md") == Array("old".utf8))
        try AtomicFile.create(path: folder.path + "/b.md", bytes: Array("new".utf8))
        #expect(try folder.bytes("b.md") == Array("new".utf8))
        #expect(try folder.listing() == ["a.md", "b.md"])
    }
}
