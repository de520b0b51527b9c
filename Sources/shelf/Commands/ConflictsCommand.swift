import ArgumentParser
import Foundation
import ShelfKit
import ShelfPresentation

/// `shelf conflicts`: sync conflict copies, what differs, and merging them.
struct ConflictsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "conflicts",
        abstract: "List sync conflict copies (Syncthing, Dropbox, Nextcloud) and what differs; resolve merges them.",
        discussion: "Examples:\n  shelf conflicts\n  shelf conflicts resolve --prefer newer --yes",
        subcommands: [ConflictsListCommand.self, ConflictsResolveCommand.self],
        defaultSubcommand: ConflictsListCommand.self)
}

struct ConflictsListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "list", abstract: "List conflict copies and what differs.")

    @OptionGroup var library: LibraryOptions
    @OptionGroup var output: TextOrJSONOptions

    func run() throws {
        let library = try library.open()
        let resolver = ConflictResolver(library: library)
        let copies: [ConflictCopy]
        do {
            copies = try resolver.copies()
        } catch {
            throw Diagnostics.failure(error.description)
        }
        var items: [JSONValue] = []
        for copy in copies {
            let differences = resolver.differences(copy)
            items.append(
                .object([
                    ("copy", .string(copy.path)), ("original", .string(copy.originalPath)), ("tool", .string(copy.tool.rawValue)),
                    ("copy_is_newer", .bool(resolver.copyIsNewer(copy))),
                    ("fields", .array(differences.fields.map(JSONValue.string))), ("notes_differ", .bool(differences.notes)),
                ]))
            if !(output.isJSON) {
                Output.line("\(Paths.display(copy.path, in: library))  (\(copy.tool.rawValue))")
                Output.line("  original: \(Paths.display(copy.originalPath, in: library))")
                let fields = differences.fields.isEmpty ? "none" : differences.fields.joined(separator: ", ")
                Output.line("  differing fields: \(fields)" + (differences.notes ? "; the notes differ" : ""))
            }
        }
        if output.isJSON {
            Output.line(JSONValue.array(items).serialized(indent: 2))
        } else if copies.isEmpty {
            Output.line("No conflict copies.")
        } else {
            Output.line("\nMerge them with: shelf conflicts resolve")
        }
    }
}

struct ConflictsResolveCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "resolve",
        abstract: "Merge every conflict copy into its original, then remove the copy.",
        discussion: """
            Equal values stay (status words the library reads alike, such as finished and read, \
            are equal); lists become their union; the notes merge line by line (three-way when \
            git holds the original's last commit). A value that differs takes the --prefer side \
            (newer: the version modified last that changed it, across all copies of a book), and \
            the other value is written into the notes as a dated note, so nothing is lost. A file \
            that is not UTF-8 or has malformed front matter is left as it is, with its copies, and \
            named with the line and column. On a terminal without --yes, shelf asks about each \
            differing value.
            """)

    @OptionGroup var library: LibraryOptions
    @Option(help: "Which side wins a differing value: newer (default), original or copy.") var prefer: ConflictResolver.Preference = .newer
    @Flag(name: .shortAndLong, help: "Do not ask.") var yes = false

    func run() throws {
        let library = try library.open()
        let interactive = !yes && Prompt.isInteractive
        let action = ResolveConflictsAction(
            library: library, preference: prefer, noteHeading: "### " + Clock.today().text + " " + Clock.time(),
            ask: interactive
                ? { question in
                    let (original, other) = (question.original, question.copy)
                    let path = Paths.display(question.path, in: library)
                    return Prompt.confirm(
                        "\(path): \(question.key) is \(original) here and \(other) in the copy. Keep the original's?",
                        defaultYes: !question.copyWins)
                } : nil)
        let summary: ResolveConflictsAction.Summary
        do {
            summary = try action.run(reporter: ConflictsReporter())
        } catch {
            throw Diagnostics.failure(error.description)
        }
        if summary.merged == 0 && summary.kept == 0 { Output.line("No conflict copies.") }
        if summary.kept > 0 { throw ExitCode(1) }
    }
}

/// Renders what the conflict actions report: results on stdout, warnings on stderr.
final class ConflictsReporter: ActionReporter {
    func progress(_ done: Int, of total: Int, _ label: String) {}
    func warning(_ message: String) { Diagnostics.write(message) }
    func result(_ line: String) { Output.line(line) }
}

extension ConflictResolver.Preference: ExpressibleByArgument {}
