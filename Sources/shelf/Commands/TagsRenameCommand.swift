import ArgumentParser
import ShelfKit
import ShelfPresentation

/// `shelf tags rename OLD NEW`: one atomic write per book; running it again after an
/// interruption finishes the job, since the books already renamed no longer match.
struct TagsRenameCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rename",
        abstract: "Rename a tag in every book (nested tags follow: sci-fi/space → science-fiction/space).",
        discussion: "Asks first on a terminal; needs --yes otherwise.\n\nExample:\n  shelf tags rename scifi sci-fi --yes")

    @OptionGroup var library: LibraryOptions

    @Argument(help: ArgumentHelp("The tag to rename (any case).", valueName: "old"))
    var old: String

    @Argument(help: ArgumentHelp("Its new name.", valueName: "new"))
    var new: String

    @Flag(name: .shortAndLong, help: "Do not ask.")
    var yes = false

    func run() throws {
        let library = try library.open()
        let (index, problems) = try LoadLibrary.load(library, withNotes: false)
        Diagnostics.report(problems, library: library)
        let action = RenameTagAction(library: library.namingPathsFromHere, old: old, new: new, index: index)
        guard action.bookCount > 0 else {
            Output.line("No book has the tag '\(old)'.")
            return
        }
        if !yes {
            guard Prompt.isInteractive else {
                throw Diagnostics.failure("renaming '\(old)' changes \(Plural.count(action.bookCount, "book")); pass --yes to go ahead")
            }
            guard Prompt.confirm("Rename '\(old)' to '\(new)' in \(Plural.count(action.bookCount, "book"))?") else { return }
        }
        let reporter = CommandReporter()
        let report = action.run(reporter: reporter)
        reporter.finish()
        if !report.failed.isEmpty {
            throw Diagnostics.failure(Plural.count(report.failed.count, "book") + " could not be changed (see above); run again to retry")
        }
    }
}
