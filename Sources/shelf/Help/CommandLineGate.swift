import ArgumentParser
import Foundation
import ShelfKit
import ShelfPresentation

/// What shelf does around swift-argument-parser for a stranger at the terminal: `shelf help
/// TOPIC` (any command, nested ones too, and the guides such as `query`), and errors that say a
/// command or option is unknown and suggest the nearest one. Driven by `CommandTree`, so new
/// commands need nothing here.
enum CommandLineGate {
    /// Help topics that are not commands: `shelf help query`.
    static let guides: [String: String] = [
        "query": QueryGuide.text
    ]

    /// The answer to `shelf … help TOPIC…`, or nil when the arguments ask for no help topic
    /// (then they are parsed as usual). `help` alone is left to the parser, which prints the
    /// main help.
    static func help(_ arguments: [String], tree: CommandTree) -> Answer? {
        guard arguments.contains("help") else { return nil }
        let walked = tree.walk(arguments)
        // `help` must be the word that named no command, right under the root.
        guard walked.path.count == 1, walked.firstOther == "help",
            let start = arguments.firstIndex(of: "help")
        else { return nil }
        let topic = arguments[(start + 1)...].filter { !$0.hasPrefix("-") }
        // `help` alone, or `help help`: the main help.
        guard let first = topic.first, topic != ["help"] else { return .output(tree.help(for: tree.root)) }
        if topic.count == 1, let guide = guides[first], CommandTree.subcommand(of: tree.root, named: first) == nil {
            return .output(guide)
        }
        var command = tree.root
        for (depth, word) in topic.enumerated() {
            guard let next = CommandTree.subcommand(of: command, named: word) else {
                let known = CommandTree.subcommandNames(of: command) + (depth == 0 ? guides.keys.sorted() : [])
                var message = "shelf: no help for '\(topic.prefix(depth + 1).joined(separator: " "))'"
                if let hint = NearestName.hint(for: word, among: known) { message += "; \(hint)" }
                message += "\nSee '" + (["shelf", "help"] + topic.prefix(depth)).joined(separator: " ") + "' for the topics."
                return .failure(message)
            }
            command = next
        }
        return .output(tree.help(for: command))
    }

    /// An error message made friendlier, or nil to let the parser print its own.
    ///
    /// - An unexpected word where a subcommand could be (`shelf lsx`, `shelf tags renam`) is an
    ///   unknown command, with the nearest one suggested.
    /// - An unknown option gets the nearest option of the same command suggested.
    static func explain(_ error: Error, arguments: [String], tree: CommandTree) -> String? {
        // `--help`, `--version`, completion scripts and completion answers end the parse with
        // "errors" that succeed: they are printed as they are.
        guard tree.root.exitCode(for: error) != .success else { return nil }
        let message = tree.root.message(for: error)
        let walked = tree.walk(arguments)
        let command = walked.path[walked.path.count - 1]
        // A stray word where a subcommand could be: right after `shelf` (whose default command
        // takes no words, so any error there comes from it), or the word the parser did not expect.
        let strayWord = message.range(of: "unexpected argument", options: .caseInsensitive)
            .flatMap { _ in message.split(separator: "'", omittingEmptySubsequences: false).dropFirst().first.map(String.init) }
        if let word = walked.firstOther, !command.configuration.subcommands.isEmpty,
            walked.path.count == 1 || strayWord == word
        {
            let names = walked.path.map(CommandTree.name).joined(separator: " ")
            var text = "shelf: '\(word)' is not a \(names) command"
            if let hint = NearestName.hint(for: word, among: CommandTree.subcommandNames(of: command)) { text += "; \(hint)" }
            let helpPath = walked.path.dropFirst().map(CommandTree.name)
            text += "\nSee '\((["shelf", "help"] + helpPath).joined(separator: " "))' for the commands."
            return text
        }
        for marker in ["Unknown option ", "unknown option "] {
            guard let option = quoted(in: message, after: marker) else { continue }
            let name = option.split(separator: "=").first.map(String.init) ?? option
            guard let hint = NearestName.hint(for: name, among: tree.optionNames(of: command)) else { return nil }
            let full = inShelfsVoice(error, tree: tree)?.message ?? tree.root.fullMessage(for: error)
            let lines = full.split(separator: "\n", omittingEmptySubsequences: false)
            return ([lines[0] + "; " + hint] + lines.dropFirst()).joined(separator: "\n")
        }
        return nil
    }

    /// A failure the parser would print as `Error: …`, said as every other message of shelf's is
    /// (`shelf: …`, then the usage lines), with its exit status; nil for the "errors" that
    /// succeed (`--help`, `--version`), which the parser prints as they are. An empty message is
    /// a command's own `ExitCode`, whose words it has written already.
    static func inShelfsVoice(_ error: Error, tree: CommandTree) -> (message: String, code: Int32)? {
        let code = tree.root.exitCode(for: error)
        guard code != .success else { return nil }
        var message = tree.root.fullMessage(for: error)
        if message.hasPrefix("Error: ") { message = "shelf: " + message.dropFirst("Error: ".count) }
        while message.hasSuffix("\n") { message.removeLast() }
        return (message, code.rawValue)
    }

    /// What `help` answers: text for stdout, or an error for stderr.
    enum Answer {
        case output(String)
        case failure(String)
    }

    /// The text between single quotes after `marker`.
    private static func quoted(in message: String, after marker: String) -> String? {
        guard let start = message.range(of: marker + "'") else { return nil }
        let rest = message[start.upperBound...]
        guard let end = rest.firstIndex(of: "'") else { return nil }
        return String(rest[..<end])
    }
}
