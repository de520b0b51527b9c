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

    @Flag(help: "Do not send long output through a pager ($SHELF_PAGER, $PAGER or less -FRX).")
    var noPager = false

    func validate() throws {
        if let preset, VocabularyPreset.named(preset) == nil {
            throw ValidationError("no preset '\(preset)'; use one of: " + VocabularyPreset.all.map(\.name).joined(separator: ", "))
        }
    }

    func run() throws {
        if noPager { DisplaySettings.shared.pager = false }
        let folder = directory ?? FileManager.default.currentDirectoryPath
        let root: String
        do {
            let path = try LibraryInitializer.initialize(folder: folder, preset: preset.flatMap(VocabularyPreset.named))
            Output.line("Initialized a library: \(path)")
            root = (path as NSString).deletingLastPathComponent
            if git { try GitSetup.configure(Library(root: root), initializing: true) }
            if try VocabularyDetector(library: Library(root: root)).run().files == 0 {
                Output.line("Add a book: shelf add --isbn 9780441478125, or shelf add --title \"…\" --author \"…\"")
                return
            }
        } catch let exit as ExitCode {
            // Already reported (git setup says what failed).
            throw exit
        } catch {
            throw Diagnostics.failure("\(error)")
        }
        try detectExistingNotes(in: root)
    }

    /// The folder already holds notes: say which keys they use, as `shelf detect` does, and
    /// (unless a preset was chosen) add the map detect proposes to the new shelf.yaml, so
    /// that shelf reads the notes in their own words from the first command on.
    private func detectExistingNotes(in root: String) throws {
        Output.line("\nThe folder already holds notes; here is what shelf detect finds in them:\n")
        let detect = try DetectCommand.parse(
            ["--library", root]
                + (preset == nil ? ["--write"] : []) + (noPager ? ["--no-pager"] : []))
        try detect.run()
    }
}
