import ArgumentParser
import Foundation
import ShelfKit

/// `shelf init [DIR]`: makes a folder a library by writing `shelf.yaml` with commented defaults.
struct InitCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "init",
        abstract: "Make a folder a library (writes shelf.yaml with commented defaults).",
        discussion: """
            Examples:
              shelf init            # this folder
              shelf init ~/Books
            """
    )

    @Argument(help: ArgumentHelp("The folder (default: the current one); created if missing.", valueName: "dir"))
    var directory: String?

    func run() throws {
        let folder = directory ?? FileManager.default.currentDirectoryPath
        do {
            let path = try LibraryInitializer.initialize(folder: folder)
            Output.line("Initialized a library: \(path)")
        } catch {
            throw Diagnostics.failure("\(error)")
        }
    }
}
