import Foundation
import Testing
@testable import ShelfKit

/// What an action reported, in order.
final class RecordingReporter: ActionReporter {
    var results: [String] = []
    var warnings: [String] = []

    func progress(_ done: Int, of total: Int, _ label: String) {}
    func warning(_ message: String) { warnings.append(message) }
    func result(_ line: String) { results.append(line) }
}

/// `AddBooksAction` at unit level: the name it chooses and what it does when that name is taken.
@Suite struct AddBooksActionTests {
    static let today = BookDate(year: 2024, month: 5, day: 1)

    static func action(
        in folder: EditTempFolder, title: String, author: String? = nil, force: Bool = false
    ) throws -> (AddBooksAction, RecordingReporter) {
        let library = try Library(root: folder.path)
        var request = NewBookRequest()
        request.title = title
        request.authors = author.map { [$0] } ?? []
        let reporter = RecordingReporter()
        let action = AddBooksAction(
            library: library, index: LibraryIndex(books: []), request: request,
            service: BookLookupService(environment: ["XDG_CACHE_HOME": folder.path + "/.cache"]),
            today: today, force: force, refresh: false, reporter: reporter)
        return (action, reporter)
    }

    @Test func aFileCreatedBetweenTheNameChoiceAndTheWriteIsKept() throws {
        let folder = try EditTempFolder()
        let (action, reporter) = try Self.action(in: folder, title: "Dune", author: "Frank Herbert")
        let theirs = "not shelf's: written by another program a moment ago\n"
        var offered: [String] = []
        action.beforeCreate = { name in
            offered.append(name)
            // Another program takes the name shelf just chose, once.
            if offered.count == 1 { _ = try? folder.write(name, theirs) }
        }
        let added = try action.add(isbn: nil)
        #expect(offered == ["herbert-dune.md", "herbert-dune-2.md"])
        #expect(added == AddBooksAction.Added(path: "herbert-dune-2.md", pending: false))
        #expect(String(decoding: try folder.bytes("herbert-dune.md"), as: UTF8.self) == theirs, "the other program's file is untouched")
        #expect(String(decoding: try folder.bytes("herbert-dune-2.md"), as: UTF8.self).hasPrefix("---\ntitle: Dune\n"))
        #expect(reporter.results == ["herbert-dune-2.md"])
        #expect(try folder.temporaryFiles().isEmpty, "no temporary file is left behind")
    }

    @Test func aNameTakenInAnotherCaseIsNotReused() throws {
        let folder = try EditTempFolder()
        try folder.write("Herbert-Dune.md", "---\ntitle: Something else\n---\n")
        let (action, _) = try Self.action(in: folder, title: "Dune", author: "Frank Herbert")
        #expect(try action.add(isbn: nil).path == "herbert-dune-2.md")
        #expect(try folder.listing() == ["Herbert-Dune.md", "herbert-dune-2.md"])
    }

    @Test func aNameWindowsReservesIsAvoided() throws {
        for title in ["CON", "nul", "Com1", "LPT9"] {
            let folder = try EditTempFolder()
            let (action, _) = try Self.action(in: folder, title: title)
            let path = try action.add(isbn: nil).path
            #expect(path == title.lowercased() + "-book.md", "\(title)")
        }
    }

    @Test func aFailureThatIsNotATakenNameIsReportedAndNothingIsRetried() throws {
        let folder = try EditTempFolder()
        let (action, _) = try Self.action(in: folder, title: "Dune", author: "Frank Herbert")
        var offered: [String] = []
        action.beforeCreate = { name in
            offered.append(name)
            // The root becomes read-only: the create fails, and not because the name exists.
            chmod(folder.path, 0o555)
        }
        defer { chmod(folder.path, 0o755) }
        guard getuid() != 0 else { return }  // root writes into read-only folders
        #expect(throws: (any Error).self) { try action.add(isbn: nil) }
        #expect(offered == ["herbert-dune.md"])
        #expect(try folder.listing().isEmpty)
    }

    @Test func theNewFileIsWrittenInTheLibrarysVocabulary() throws {
        let folder = try EditTempFolder()
        try folder.write("shelf.yaml", "fields:\n  authors: author\n  pages: total\n  added: created\nstatuses:\n  unread: to-read\n")
        let library = try Library(root: folder.path)
        var request = NewBookRequest()
        request.title = "Piranesi"
        request.authors = ["Susanna Clarke"]
        request.pages = "272"
        let action = AddBooksAction(
            library: library, index: LibraryIndex(books: []), request: request,
            service: BookLookupService(environment: [:]), today: Self.today, force: false, refresh: false, reporter: RecordingReporter())
        let path = try action.add(isbn: nil).path
        #expect(
            String(decoding: try folder.bytes(path), as: UTF8.self) == """
                ---
                title: Piranesi
                author: [Susanna Clarke]
                status: unread
                created: 2024-05-01
                total: 272
                ---

                """)
    }

    @Test func aLikelyDuplicateIsRefusedAndNothingIsWritten() throws {
        let folder = try EditTempFolder()
        let (action, _) = try Self.action(in: folder, title: "Dune", author: "Frank Herbert")
        try action.add(isbn: nil)
        let error = #expect(throws: AddBookError.self) { try action.add(isbn: nil) }
        guard case .duplicate(let existing, _)? = error else { Issue.record("not a duplicate: \(String(describing: error))"); return }
        #expect(existing.path == "herbert-dune.md")
        #expect(try folder.listing() == ["herbert-dune.md"])
    }
}

extension AddBooksActionTests {
    @Test func anEmptyTitleIsAClearErrorAndWritesNothing() throws {
        for title in ["", "   ", "\t\n"] {
            let folder = try EditTempFolder()
            let (action, _) = try Self.action(in: folder, title: title)
            #expect { try action.add(isbn: nil) } throws: { error in
                String(describing: error) == "--title is empty; a book needs a title"
            }
            #expect(try folder.listing().isEmpty)
        }
    }
}
