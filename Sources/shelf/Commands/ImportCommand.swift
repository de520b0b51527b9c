import ArgumentParser
import ShelfKit

/// `shelf import SOURCE FILE`: bring books in from Goodreads, StoryGraph, LibraryThing, calibre
/// or shelf's own JSON.
struct ImportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Import books from goodreads, storygraph, librarything, calibre or json.")

    func run() throws {
        throw Diagnostics.failure("import is not built yet")
    }
}
