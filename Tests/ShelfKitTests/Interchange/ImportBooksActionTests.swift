import Foundation
import Testing
@testable import ShelfKit

/// What an import's action does with its plan, through the door.
@Suite struct ImportBooksActionTests {
    final class Recorder: ActionReporter {
        var results: [String] = []
        var warnings: [String] = []
        var progress: [Int] = []
        func progress(_ done: Int, of total: Int, _ label: String) { progress.append(done) }
        func warning(_ message: String) { warnings.append(message) }
        func result(_ line: String) { results.append(line) }
    }

    static let newBook = Array("---\ntitle: Solaris\n---\n".utf8)

    @Test func aNameTakenAfterThePlanWasMadeIsNeverReplaced() throws {
        let folder = try EditTempFolder()
        let action = ImportBooksAction(library: try Library(root: folder.path), source: .goodreads, update: false, dryRun: false)
        let names = TakenNames(root: folder.path)
        #expect(!names.contains("lem-solaris.md"))
        // Planned as free; then another program writes a file there.
        try folder.write("lem-solaris.md", "mine\n")
        let recorder = Recorder()
        var records: ImportBaselineStore? = nil
        let report = action.carryOut(
            [.create(row: 2, path: "lem-solaris.md", bytes: Self.newBook, record: nil)], names: names, records: &records, reporter: recorder
        )
        #expect(report.created == 1 && report.failures.isEmpty, "\(report.failures)")
        #expect(recorder.results == ["created lem-solaris-2.md"])
        #expect(try folder.bytes("lem-solaris.md") == Array("mine\n".utf8))
        #expect(try folder.bytes("lem-solaris-2.md") == Self.newBook)
    }

    @Test func namesDifferingOnlyInCaseCountAsTaken() throws {
        let folder = try EditTempFolder()
        try folder.write("Dune.md", "a note\n")
        let names = TakenNames(root: folder.path)
        #expect(names.contains("dune.md"))
        #expect(names.contains("DUNE.MD"))
        #expect(!names.contains("dune-2.md"))
    }

    @Test func aRestoredBookIsWrittenInTheLibrarysVocabulary() throws {
        let json = """
            [{"path": "x.md", "title": "Dune", "authors": ["Frank Herbert"], "status": "to-read", "rating": 4,
              "pages": 412, "mood": "dry", "notes": "Body.\\n"}]
            """
        let rows = try JSONImporter.read(ImportText.decode(Array(json.utf8)))
        guard case .record(let record)? = rows.first else { throw ImportError("no record") }
        let vocabulary = VocabularyPreset.obsidianBookSearch.vocabulary
        let bytes = ImportedBookFile.bytes(for: record, vocabulary: vocabulary)
        #expect(
            String(decoding: bytes, as: UTF8.self) == """
                ---
                title: Dune
                author: [Frank Herbert]
                status: unread
                myRate: 4
                total: 412
                mood: dry
                ---
                Body.

                """)
    }

    @Test func progressIsReportedForLongImportsOnly() throws {
        let folder = try EditTempFolder()
        let action = ImportBooksAction(library: try Library(root: folder.path), source: .goodreads, update: false, dryRun: true)
        let short = Recorder()
        var records: ImportBaselineStore? = nil
        _ = action.carryOut(
            [.skipped(row: 1, reason: "no title")], names: TakenNames(root: folder.path), records: &records, reporter: short)
        #expect(short.progress.isEmpty)
        let long = Recorder()
        let plan = (1...60).map { ImportStep.skipped(row: $0, reason: "no title") }
        let report = action.carryOut(plan, names: TakenNames(root: folder.path), records: &records, reporter: long)
        #expect(long.progress == Array(1...60))
        #expect(report.skipped.count == 60)
    }
}
