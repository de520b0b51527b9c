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
              shelf init --git ~/Books
              shelf init --preset obsidian-book-search ~/Vault/Books
            """
    )

    @Argument(help: ArgumentHelp("The folder (default: the current one); created if missing.", valueName: "dir"))
    var directory: String?

    @Flag(help: "Also set up git to merge book files with shelf (runs `git init` when needed).")
    var git = false

    @Option(help: ArgumentHelp("Use another tool's key names: obsidian-book-search or hugo (docs/vocabularies.md).", valueName: "name"))
    var preset: String?

    func validate() throws {
        if let preset, VocabularyPreset.named(preset) == nil {
            throw ValidationError("no preset '\(preset)'; use one of: " + VocabularyPreset.all.map(\.name).joined(separator: ", "))
        }
    }

    func run() throws {
        let folder = directory ?? FileManager.default.currentDirectoryPath
        do {
            let path = try LibraryInitializer.initialize(folder: folder, preset: preset.flatMap(VocabularyPreset.named))
            Output.line("Initialized a library: \(path)")
            if git {
                let root = (path as NSString).deletingLastPathComponent
                let repository = GitRepository(folder: root)
                if !repository.exists { try repository.initialize() }
                try GitSetup.configure(folder: root)
            }
        } catch {
            throw Diagnostics.failure("\(error)")
        }
    }
}
