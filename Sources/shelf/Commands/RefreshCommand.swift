import ArgumentParser
import ShelfKit

/// `shelf refresh BOOK`: what a new lookup would change, applied only when asked.
struct RefreshCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "refresh",
        abstract: "Show what a new lookup would change in a book; --apply fills empty fields (--overwrite: all).",
        discussion: "Examples:\n  shelf refresh dune\n  shelf refresh dune --apply\n  shelf refresh dune --apply --overwrite")

    @OptionGroup var library: LibraryOptions
    @Argument(help: ArgumentHelp("The book.", valueName: "book"), completion: .custom(CompletionValues.bookNames)) var book: String
    @Flag(help: "Make the changes.") var apply = false
    @Flag(help: "Also replace values that are already set.") var overwrite = false

    func run() throws {
        let library = try library.open()
        let path = try BookArgument.path(named: book, in: library)
        let action = RefreshAction(library: library.namingPathsFromHere, service: BookLookupService(), reporter: CommandReporter())
        switch try ActionFailure.reported({ try action.run(bookAt: path, apply: apply, overwrite: overwrite) }) {
        case .nothingToChange: Output.line("Nothing to change.")
        case .shown: Output.line("(nothing written; --apply makes these changes)")
        case .applied(let outcome):
            let shown = Paths.display(path, in: library)
            Output.line(outcome == .written ? "updated \(shown)" : "unchanged \(shown)")
        }
    }
}
