import Foundation
import Testing
@testable import ShelfKit

/// `ResolveConflictsAction` as the CLI and the web UI drive it: questions asked through its
/// `ask` closure, and what it reports.
@Suite("Sync: ResolveConflictsAction")
struct ResolveConflictsActionTests {
    final class Recorder: ActionReporter {
        var results: [String] = []
        var warnings: [String] = []
        var progress: [String] = []
        func progress(_ done: Int, of total: Int, _ label: String) { progress.append("\(done)/\(total) \(label)") }
        func warning(_ message: String) { warnings.append(message) }
        func result(_ line: String) { results.append(line) }
    }

    static let copy = "dune.sync-conflict-20241102-101530-ABCDEF1.md"

    /// A library folder holding `files`, the copy modified after the original.
    func library(_ files: [(String, String)]) throws -> (Library, String) {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("shelf-sync-resolve-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        for (seconds, (name, text)) in zip([1_700_000_000, 1_700_000_500], files) {
            let path = root + "/" + name
            try Array(text.utf8).withUnsafeBytes { try Data($0).write(to: URL(fileURLWithPath: path)) }
            try FileManager.default.setAttributes(
                [.modificationDate: Date(timeIntervalSince1970: TimeInterval(seconds))], ofItemAtPath: path)
        }
        return (try Library(root: root), root)
    }

    @Test(arguments: [true, false])
    func eachDifferingValueIsAskedAndTheAnswerKept(_ keepOriginal: Bool) throws {
        let (library, root) = try library([
            ("dune.md", "---\ntitle: Dune\nrating: 4\n---\n"), (Self.copy, "---\ntitle: Dune\nrating: 5\n---\n"),
        ])
        defer { try? FileManager.default.removeItem(atPath: root) }
        var questions: [ResolveConflictsAction.Question] = []
        let action = ResolveConflictsAction(library: library, preference: .newer, noteHeading: "### today") { question in
            questions.append(question)
            return keepOriginal
        }
        let recorder = Recorder()
        let summary = try action.run(reporter: recorder)
        #expect(summary == ResolveConflictsAction.Summary(merged: 1, kept: 0))
        #expect(questions == [ResolveConflictsAction.Question(path: "dune.md", key: "rating", original: "4", copy: "5", copyWins: true)])
        let (kept, other) = keepOriginal ? (4, 5) : (5, 4)
        let text = String(decoding: try FileIO.read(root + "/dune.md"), as: UTF8.self)
        #expect(
            text
                == "---\ntitle: Dune\nrating: \(kept)\n---\n### today sync conflict with \(Self.copy)\n\n- `rating`: kept \(kept); the other version had \(other)\n"
        )
        #expect(recorder.results == ["merged \(Self.copy) into dune.md (1 differing value noted in the body)"])
        #expect(recorder.progress == ["1/1 dune.md"] && recorder.warnings.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: root + "/" + Self.copy))
    }

    /// The library's own key names are written: the copy's `myRate` lands on the original's `myRate`.
    @Test func writesInTheLibraryVocabulary() throws {
        let (_, root) = try library([
            ("dune.md", "---\ntitle: Dune\nmyRate: 4\nstatus: unread\n---\n"),
            (Self.copy, "---\ntitle: Dune\nmyRate: 5\nstatus: to-read\n---\n"),
        ])
        defer { try? FileManager.default.removeItem(atPath: root) }
        try Array("preset: obsidian-book-search\nfields:\n  rating: myRate\nstatuses:\n  unread: to-read\n".utf8)
            .withUnsafeBytes { try Data($0).write(to: URL(fileURLWithPath: root + "/shelf.yaml")) }
        let library = try Library(root: root)
        let summary = try ResolveConflictsAction(library: library, preference: .copy, noteHeading: "### today").run(reporter: Recorder())
        #expect(summary.merged == 1)
        #expect(
            String(decoding: try FileIO.read(root + "/dune.md"), as: UTF8.self)
                == "---\ntitle: Dune\nmyRate: 5\nstatus: unread\n---\n### today sync conflict with \(Self.copy)\n\n- `myRate`: kept 5; the other version had 4\n"
        )
    }
}
