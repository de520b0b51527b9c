import ArgumentParser
import ShelfKit

/// `--library DIR`, accepted before the subcommand (`shelf --library ~/Books ls`) and after it.
struct LibraryOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp(
        "The library folder (default: $SHELF_LIBRARY, else the nearest folder holding shelf.yaml).",
        valueName: "dir"))
    var library: String?

    /// Opens the library, or exits with a message that says how to make one.
    func open() throws -> Library {
        do {
            return try Library.locate(explicit: library)
        } catch {
            throw Diagnostics.failure(error.description)
        }
    }
}
