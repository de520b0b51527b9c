import Foundation
import ArgumentParser
import ShelfKit

/// The `shelf` command: a personal library of books kept as Markdown files.
@main
struct Shelf: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "shelf",
        abstract: "Keep a library of books as Markdown files with YAML front matter.",
        discussion: ShelfHelp.discussion,
        version: ShelfKitVersion.current,
        groupedSubcommands: [
            CommandGroup(
                name: "Reading the library",
                subcommands: [
                    DashboardCommand.self, ListCommand.self, SearchCommand.self, ShowCommand.self, NotesCommand.self,
                    StatsCommand.self, GoalCommand.self, LoansCommand.self, TagsCommand.self, AuthorsCommand.self, SeriesCommand.self,
                    GenresCommand.self,
                    LocationsCommand.self, FormatsCommand.self,
                ]),
            CommandGroup(
                name: "Changing books",
                subcommands: [
                    AddCommand.self, SetCommand.self, UnsetCommand.self, TagCommand.self, UntagCommand.self,
                    NoteCommand.self, RateCommand.self, StartCommand.self, FinishCommand.self, AbandonCommand.self, ProgressCommand.self,
                    LendCommand.self, ReturnCommand.self,
                    EditCommand.self, MoveCommand.self, RemoveCommand.self,
                ]),
            CommandGroup(
                name: "ISBNs and lookup",
                subcommands: [
                    ISBNCommand.self, LookupCommand.self, CoverCommand.self, RefreshCommand.self,
                ]),
            CommandGroup(name: "Moving data in and out", subcommands: [ImportCommand.self, ExportCommand.self, HighlightsCommand.self]),
            CommandGroup(
                name: "Sync, git and health",
                subcommands: [
                    ConflictsCommand.self, CheckCommand.self, GitSetupCommand.self, MergeDriverCommand.self, CacheCommand.self,
                ]),
            CommandGroup(name: "Setting up", subcommands: [InitCommand.self, DetectCommand.self, ServeCommand.self]),
        ],
        defaultSubcommand: DashboardCommand.self
    )

    @OptionGroup var library: LibraryOptions

    /// Runs the command, then writes held output (through a pager when it is long).
    static func main() {
        if let refusal = ArgumentBytes.refusal() ?? ArgumentBytes.currentFolderRefusal() {
            Diagnostics.write(refusal)
            Foundation.exit(ExitCode.validationFailure.rawValue)
        }
        let arguments = Array(CommandLine.arguments.dropFirst())
        let tree = CommandTree(root: Shelf.self)
        switch CommandLineGate.help(arguments, tree: tree) {
        case .output(let text)?:
            DisplaySettings.shared.apply(arguments: arguments)
            // As `--help` prints it: the text and a newline.
            Output.write(text + "\n")
            Pager.finish()
            Foundation.exit(0)
        case .failure(let message)?:
            Diagnostics.write(message)
            Foundation.exit(ExitCode.validationFailure.rawValue)
        case nil:
            break
        }
        do {
            var command = try parseLeaf(arguments) ?? parseAsRoot(arguments)
            DisplaySettings.shared.apply(to: command)
            // A command without LibraryOptions (`init`) may see `--no-pager` taken by the root's.
            if arguments.contains("--no-pager") { DisplaySettings.shared.pager = false }
            try command.run()
            Pager.finish()
            // Everything is written: leave without tearing down the index, which for a large
            // library takes longer than freeing the process does.
            Foundation.exit(0)
        } catch {
            Pager.finish()
            if let message = CommandLineGate.explain(error, arguments: arguments, tree: tree) {
                Diagnostics.write(message)
                Foundation.exit(ExitCode.validationFailure.rawValue)
            }
            if let (message, code) = CommandLineGate.inShelfsVoice(error, tree: tree) {
                if !message.isEmpty { Diagnostics.write(message) }
                Foundation.exit(code)
            }
            exit(withError: error)
        }
    }

    /// The command the arguments run when they name, first, a command without subcommands of
    /// its own (`shelf ls …`, `shelf --library ~/Books set …`): parsed by that command alone,
    /// which spares the start-up the whole tree's parse; for `ls` and `search`, by
    /// `QuickArguments` when they allow it, which spares ArgumentParser's reflection too. The
    /// library options written before the command are handed to it, as every such command takes
    /// them too. Nil for anything else, for a library option given both before and after the
    /// command, and for arguments that do not parse, which the whole tree then parses again, to
    /// report as usual.
    static func parseLeaf(_ arguments: [String]) -> ParsableCommand? {
        var leading: [String] = []
        var rest = arguments[...]
        while let first = rest.first, let width = rootOptionWidth(first) {
            guard rest.count > width else { return nil }
            leading += rest.prefix(width)
            rest = rest.dropFirst(width)
        }
        guard let first = rest.first, let type = CommandTree.subcommand(of: Shelf.self, named: first),
            type.configuration.subcommands.isEmpty
        else { return nil }
        let tail = Array(rest.dropFirst())
        if !leading.isEmpty, tail.contains(where: { rootOptionWidth($0) != nil }) { return nil }
        if let quick = type as? QuicklyParsed.Type, let command = quick.quickParse(leading + tail) { return command }
        return try? type.parse(leading + tail)
    }

    /// How many arguments a library option written before the command takes up (`--library DIR`
    /// two, `--library=DIR` and `--no-pager` one); nil for any other argument.
    static func rootOptionWidth(_ argument: String) -> Int? {
        switch argument {
        case "--library", "--color": return 2
        case "--no-pager", "--no-cache": return 1
        default: return argument.hasPrefix("--library=") || argument.hasPrefix("--color=") ? 1 : nil
        }
    }
}
