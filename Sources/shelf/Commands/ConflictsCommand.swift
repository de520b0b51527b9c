import ArgumentParser
import Foundation
import ShelfKit

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
        let copies = try ConflictScan.copies(in: library)
        let resolver = ConflictResolver(library: library)
        var items: [JSONValue] = []
        for copy in copies {
            let differences = resolver.differences(copy)
            items.append(.object([
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
            Equal values stay; lists become their union; the notes merge line by line (three-way \
            when git holds the original's last commit). A value that differs takes the --prefer \
            side, and the other value is written into the notes as a dated note, so nothing is \
            lost. On a terminal without --yes, shelf asks about each differing value.
            """)

    @OptionGroup var library: LibraryOptions
    @Option(help: "Which side wins a differing value: newer (default), original or copy.") var prefer: ConflictResolver.Preference = .newer
    @Flag(name: .shortAndLong, help: "Do not ask.") var yes = false

    func run() throws {
        let library = try library.open()
        let resolver = ConflictResolver(library: library)
        let heading = "### " + Clock.today().text + " " + Clock.time()
        var merged = 0
        var failed = 0
        for copy in try ConflictScan.copies(in: library) {
            let display = Paths.display(copy.path, in: library)
            do {
                if !FileManager.default.fileExists(atPath: library.absolutePath(copy.originalPath)) {
                    try BookFileMover.rename(from: library.absolutePath(copy.path), to: library.absolutePath(copy.originalPath))
                    Output.line("\(display): no original; renamed to \(Paths.display(copy.originalPath, in: library))")
                    merged += 1
                    continue
                }
                let copyWins: Bool = prefer == .copy || (prefer == .newer && resolver.copyIsNewer(copy))
                var plan = try resolver.plan(copy, preferCopy: { _ in copyWins }, noteHeading: heading)
                if !yes && Prompt.isInteractive && !plan.conflicts.isEmpty {
                    var choices: [String: Bool] = [:]
                    for conflict in plan.conflicts {
                        let original = copyWins ? conflict.setAside : conflict.kept
                        let other = copyWins ? conflict.kept : conflict.setAside
                        choices[conflict.key] = !Prompt.confirm(
                            "\(Paths.display(copy.originalPath, in: library)): \(conflict.key) is \(original) here and \(other) in the copy. Keep the original's?",
                            defaultYes: !copyWins)
                    }
                    plan = try resolver.plan(copy, preferCopy: { choices[$0] ?? copyWins }, noteHeading: heading)
                }
                try resolver.apply(plan)
                merged += 1
                Output.line("merged \(display) into \(Paths.display(copy.originalPath, in: library))"
                    + (plan.conflicts.isEmpty ? "" : " (\(plan.conflicts.count) differing values noted in the body)"))
            } catch {
                failed += 1
                Diagnostics.write("\(display): \(error); the copy is kept")
            }
        }
        if merged == 0 && failed == 0 { Output.line("No conflict copies.") }
        if failed > 0 { throw ExitCode(1) }
    }
}

extension ConflictResolver.Preference: ExpressibleByArgument {}

/// Finding conflict copies and what differs in them.
enum ConflictScan {
    static func copies(in library: Library) throws -> [ConflictCopy] {
        do {
            return try BookFileScanner.scanAll(root: library.root).conflicts
        } catch {
            throw Diagnostics.failure(error.description)
        }
    }
}
