import Testing
@testable import ShelfKit

/// An action is given a `Library`, not the door: it takes the door from the library, and its
/// reports and errors name paths as `Library.namingPaths` says (the commands name them from
/// the current folder), also when the action hands the library on to another.
@Suite struct ActionPathNamingTests {
    static let dune = "---\ntitle: Dune\n---\nNotes.\n"

    static func library(_ folder: EditTempFolder) throws -> Library {
        try Library(root: folder.path).namingPaths { "shown/" + $0 }
    }

    @Test func anEditReportsThePathAsTheLibraryNamesIt() throws {
        let folder = try EditTempFolder()
        try folder.write("dune.md", Self.dune)
        let library = try Self.library(folder)
        let action = EditBookAction(library: library, finder: BookNameResolver(library: library))
        let reporter = RecordingReporter()
        let outcome = try action.run(book: "dune", edits: [.set("rating", .typed("4"))], reporter: reporter)
        try action.run(path: "dune.md", edits: [.set("rating", .typed("4"))], reporter: reporter)
        #expect(outcome == .written)
        #expect(reporter.results == ["updated shown/dune.md", "unchanged shown/dune.md"])
        #expect(try folder.bytes("dune.md") == Array("---\ntitle: Dune\nrating: 4\n---\nNotes.\n".utf8))
    }

    @Test func anErrorNamesThePathAsTheLibraryNamesIt() throws {
        let folder = try EditTempFolder()
        try folder.write("broken.md", "---\ntitle: [Dune\n---\n")
        let library = try Self.library(folder)
        let action = EditBookAction(library: library, finder: BookNameResolver(library: library))
        #expect {
            try action.run(path: "broken.md", edits: [.set("rating", .typed("4"))], reporter: RecordingReporter())
        } throws: { error in
            "\(error)".contains("shown/broken.md")
        }
        #expect(try folder.bytes("broken.md") == Array("---\ntitle: [Dune\n---\n".utf8))
    }

    /// `AddBooksAction` hands its library to `FetchCoverAction`, and an import of highlights to
    /// `ReadingAction`: the door they take keeps the names.
    @Test func theDoorOfAHandedOnLibraryKeepsTheNames() throws {
        let folder = try EditTempFolder()
        let handedOn = try Self.library(folder).writer.library
        #expect(handedOn.writer.display("dune.md") == "shown/dune.md")
        #expect(try Library(root: folder.path).writer.display("dune.md") == "dune.md")
    }
}
