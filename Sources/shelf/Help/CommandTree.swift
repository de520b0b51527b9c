import ArgumentParser

/// The tree of shelf's commands, read from their `CommandConfiguration`s: the names and aliases
/// of each command's subcommands, and the options its help lists. Nothing here names a command,
/// so a command added anywhere in the tree is found, suggested and helped like the others.
struct CommandTree {
    let root: ParsableCommand.Type

    /// The name a command is called by.
    static func name(of command: ParsableCommand.Type) -> String {
        command.configuration.commandName ?? command._commandName
    }

    /// Every name (and alias) of each subcommand of `command`, in the order of its help.
    static func subcommands(of command: ParsableCommand.Type) -> [(names: [String], command: ParsableCommand.Type)] {
        command.configuration.subcommands.map { ([name(of: $0)] + $0.configuration.aliases, $0) }
    }

    /// The subcommand of `command` called `word`, by name or alias.
    static func subcommand(of command: ParsableCommand.Type, named word: String) -> ParsableCommand.Type? {
        // Stops at the first that answers: every run looks its command up here, and each
        // configuration looked at is made on first use.
        command.configuration.subcommands.first { name(of: $0) == word || $0.configuration.aliases.contains(word) }
    }

    /// The visible names of `command`'s subcommands, for suggestions.
    static func subcommandNames(of command: ParsableCommand.Type) -> [String] {
        subcommands(of: command).filter { $0.command.configuration.shouldDisplay }.flatMap(\.names)
    }

    /// The command a run's arguments reach: from the root, each word naming a subcommand of the
    /// one before goes one level down; options are skipped (with their value, for the options
    /// whose help shows one). Returns the command path and the first word that named nothing.
    func walk(_ arguments: [String]) -> (path: [ParsableCommand.Type], firstOther: String?) {
        var path = [root]
        var index = 0
        while index < arguments.count {
            let word = arguments[index]
            index += 1
            if word == "--" { break }
            if word.hasPrefix("-") {
                if !word.contains("="), takesValue(word, in: path) { index += 1 }
                continue
            }
            guard let next = CommandTree.subcommand(of: path[path.count - 1], named: word) else {
                return (path, word)
            }
            path.append(next)
        }
        return (path, nil)
    }

    /// The full help of a command in the tree.
    func help(for command: ParsableCommand.Type) -> String {
        root.helpMessage(for: command, includeHidden: false, columns: nil)
    }

    /// The long and short option names a command's help lists (`--tag`, `-h`).
    func optionNames(of command: ParsableCommand.Type) -> [String] {
        optionLines(of: command).flatMap(\.names)
    }

    /// Whether an option of any command on the path is shown with a value (`--library <dir>`).
    private func takesValue(_ option: String, in path: [ParsableCommand.Type]) -> Bool {
        path.contains { command in
            optionLines(of: command).contains { $0.names.contains(option) && $0.takesValue }
        }
    }

    /// The option lines of a command's help: `  -n, --name <value>   Help text`.
    private func optionLines(of command: ParsableCommand.Type) -> [(names: [String], takesValue: Bool)] {
        root.helpMessage(for: command, includeHidden: true, columns: 1000).split(separator: "\n").compactMap { line in
            let trimmed = line.drop { $0 == " " }
            guard trimmed.hasPrefix("-"), line.count - trimmed.count == 2 else { return nil }
            // The names end where two spaces start the help text.
            let head = trimmed.components(separatedBy: "  ")[0]
            let parts = head.split(separator: " ")
            let names = parts.map { String($0).trimmingCharacters(in: CharacterSet(charactersIn: ",")) }.filter { $0.hasPrefix("-") }
            return (names, parts.contains { $0.hasPrefix("<") })
        }
    }
}

import Foundation
