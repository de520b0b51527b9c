import ArgumentParser
import ShelfKit

/// `shelf export FORMAT [QUERY…]`: json, csv, goodreads, or a static HTML catalog.
struct ExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Export books as json, csv, goodreads CSV, or an HTML catalog.")

    func run() throws {
        throw Diagnostics.failure("export is not built yet")
    }
}
