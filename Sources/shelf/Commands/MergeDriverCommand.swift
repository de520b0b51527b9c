import ArgumentParser
import Foundation
import ShelfKit

/// `shelf merge-driver BASE OURS THEIRS [PATH]`: git's merge driver for book files.
struct MergeDriverCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "merge-driver",
        abstract: "Merge three versions of a book for git (set up with shelf git-setup).",
        discussion: """
            Each key takes the side that changed it; lists merge item by item; the notes merge \
            three-way by lines. When both sides changed one value differently, ours is kept, theirs \
            is recorded in a marked note in the body, and the exit status is 1 so git reports the \
            conflict. The result is written to OURS. A version that is not UTF-8 or has malformed \
            front matter is merged line by line as git does (markers where both changed a line), \
            and the exit status is 1, so git reports the conflict and keeps both sides. Values are \
            read in the vocabulary of the library holding PATH, when there is one.
            """,
        shouldDisplay: false)

    @Argument(help: "The common ancestor (git's %O).") var base: String
    @Argument(help: "Our version, replaced by the result (git's %A).") var ours: String
    @Argument(help: "Their version (git's %B).") var theirs: String
    @Argument(help: "The file's path in the repository (git's %P), for messages.") var path: String?

    func run() throws {
        let action = MergeDriverAction(base: base, ours: ours, theirs: theirs, path: path)
        let outcome: MergeDriverAction.Outcome
        do {
            outcome = try action.run(reporter: MergeDriverReporter())
        } catch {
            throw Diagnostics.failure("\(path ?? ours): cannot merge: \(error)")
        }
        switch outcome {
        case .merged:
            return
        case .conflicts(let count):
            Diagnostics.write("shelf: \(path ?? ours): \(count) conflicting changes; ours kept, theirs recorded in the file")
            throw ExitCode(1)
        case .mergedAsText:
            // git marks the file as conflicted and keeps ours and theirs in its index.
            throw ExitCode(1)
        }
    }
}

/// Renders what the merge driver reports: git shows the driver's stderr to the user.
final class MergeDriverReporter: ActionReporter {
    func progress(_ done: Int, of total: Int, _ label: String) {}
    func warning(_ message: String) { Diagnostics.write("shelf: " + message) }
    func result(_ line: String) { Diagnostics.write("shelf: " + line) }
}

/// `shelf git-setup`: makes git merge book files with shelf.
struct GitSetupCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "git-setup",
        abstract: "Make git merge book files with shelf's merge driver (.gitattributes and repository config).",
        discussion: "Writes `*.md merge=shelf` to .gitattributes and sets merge.shelf.driver.\n\nExample:\n  shelf git-setup")

    @OptionGroup var library: LibraryOptions

    func run() throws {
        let library = try library.open()
        try GitSetup.configure(library)
    }
}

/// The setup `git-setup` and `init --git` share.
enum GitSetup {
    /// - Parameter initializing: `git init` the library's folder first when it is in no repository.
    static func configure(_ library: Library, initializing: Bool = false) throws {
        do {
            try GitSetupAction(library: library, initializing: initializing).run(reporter: ConflictsReporter())
        } catch {
            throw Diagnostics.failure(error.description)
        }
    }
}
