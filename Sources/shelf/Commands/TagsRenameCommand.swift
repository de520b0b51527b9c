import ArgumentParser
import Foundation
import ShelfKit

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
        let plan = TagRenamePlan(old: old, new: new, index: index)
        guard !plan.changes.isEmpty else {
            Output.line("No book has the tag '\(old)'.")
            return
        }
        if !yes {
            guard Prompt.isInteractive else {
                throw Diagnostics.failure("renaming '\(old)' changes \(plan.changes.count) books; pass --yes to go ahead")
            }
            guard Prompt.confirm("Rename '\(old)' to '\(new)' in \(plan.changes.count) books?") else { return }
        }
        var written = 0
        var failures = 0
        // Clear what an interrupted earlier run left in the folders this one writes to.
        for folder in Set(plan.changes.map { (library.absolutePath($0.path) as NSString).deletingLastPathComponent }) {
            AtomicFile.sweepLeftovers(inFolder: folder)
        }
        // All new files are written first and reach the disk together: one flush for the batch
        // instead of one per book (see BookWriteBatch).
        let batch = BookWriteBatch(writer: LibraryWriter(library: library, display: { Paths.display($0, in: library) }))
        var progress = ProgressBar(total: plan.changes.count * 2, label: "Renaming")
        for change in plan.changes {
            defer { progress.advance() }
            let display = Paths.display(change.path, in: library)
            do {
                try batch.prepare(change.path, edits: change.edits)
            } catch {
                failures += 1
                progress.note(String(describing: error))
            }
        }
        batch.commit { _, outcome in
            defer { progress.advance() }
            switch outcome {
            case .success(let result):
                if result == .written { written += 1 }
            case .failure(let error):
                failures += 1
                progress.note(String(describing: error))
            }
        }
        progress.finish()
        Output.line("Renamed '\(old)' to '\(new)' in \(written) books.")
        if failures > 0 { throw Diagnostics.failure("\(failures) books could not be changed (see above); run again to retry") }
    }
}
