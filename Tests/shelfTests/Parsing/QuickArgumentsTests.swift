import ArgumentParser
import Testing
@testable import shelf

/// `ls` and `search` made by `QuickArguments` are the commands ArgumentParser makes from the same
/// arguments, property for property; any argument of another shape is left to ArgumentParser.
struct QuickArgumentsTests {
    /// Everything about a command, down to each option's parsed value: a property `QuickArguments`
    /// left unset dumps as a definition, not a value.
    private static func dumped(_ command: ParsableCommand) -> String {
        var text = ""
        dump(command, to: &text)
        return text
    }

    private static func expectSame<Command: QuicklyParsed>(_ type: Command.Type, _ arguments: [String]) throws {
        let quick = try #require(Command.quickParse(arguments), "read quickly: \(arguments)")
        let parsed = try Command.parse(arguments)
        #expect(dumped(quick) == dumped(parsed), "\(arguments)")
    }

    static let listArguments: [[String]] = [
        [],
        ["--tag", "sci-fi", "--format", "paths"],
        ["rating:>=4", "finished:2024", "--format", "paths"],
        ["--sort", "title", "--format", "paths"],
        ["le", "guin", "--tag", "sci-fi", "--tag", "classics", "--status", "read", "--status", "reading"],
        ["--library", "/tmp/books", "--color", "never", "--no-pager", "--no-cache", "tag:sci-fi"],
        ["--library=/tmp/books", "--sort=rating", "--limit=3", "--format={title} — {authors}"],
        [
            "--author", "le guin", "--rating", "4..5", "--series", "earthsea", "--genre", "fantasy", "--location", "shelf 2",
            "--book-format", "ebook", "--favorite", "--reverse", "--limit", "0", "--group-by", "author", "--json",
        ],
        [
            "--added-after", "2024", "--added-before", "2025-01", "--started-after", "2024-02-03",
            "--started-before", "2025", "--finished-after", "2023", "--finished-before", "2026-12-31",
        ],
        ["\"the left hand\"", "OR", "tag:x", "(author:banks)"],
        ["help"],
    ]

    static let searchArguments: [[String]] = [
        ["water", "people"],
        ["estraven", "--format", "json", "--limit", "5"],
        ["--library", "/tmp/books", "gobrin ice", "--tag", "sci-fi", "--json", "--no-cache"],
        ["le", "guin", "tag:sci-fi", "--status", "read", "--favorite", "--color=always"],
    ]

    @Test(arguments: listArguments)
    func lsIsMadeAsArgumentParserMakesIt(_ arguments: [String]) throws {
        try Self.expectSame(ListCommand.self, arguments)
    }

    @Test(arguments: searchArguments)
    func searchIsMadeAsArgumentParserMakesIt(_ arguments: [String]) throws {
        try Self.expectSame(SearchCommand.self, arguments)
    }

    /// Each option in the command's help, alone, is read quickly and as ArgumentParser reads it:
    /// an option added to `ls` or `search` and not to its quick reading fails here.
    @Test func everyOptionInTheHelpIsReadQuickly() throws {
        let sample = [
            "sort": "pages", "format": "csv", "color": "always", "limit": "7", "rating": "3",
            "added-after": "2024", "added-before": "2024", "started-after": "2024", "started-before": "2024",
            "finished-after": "2024", "finished-before": "2024",
        ]
        for (name, help) in [("ls", ListCommand.helpMessage(columns: 300)), ("search", SearchCommand.helpMessage(columns: 300))] {
            var options: [(name: String, takesValue: Bool)] = []
            for line in help.split(separator: "\n") {
                let words = line.split(separator: " ")
                guard let first = words.first, first.hasPrefix("--"), first != "--help" else { continue }
                let option = String(first.trimmingSuffix(","))
                options.append((String(option.dropFirst(2)), words.count > 1 && words[1].hasPrefix("<")))
            }
            #expect(options.count >= (name == "ls" ? 25 : 21), "the help lists the options: \(options)")
            for option in options {
                let arguments = option.takesValue ? ["--" + option.name, sample[option.name] ?? "x"] : ["--" + option.name]
                if name == "ls" {
                    try Self.expectSame(ListCommand.self, arguments)
                } else {
                    try Self.expectSame(SearchCommand.self, arguments)
                }
            }
        }
    }

    /// Shapes ArgumentParser reads its own way, or refuses with its own message: left to it.
    @Test(arguments: [
        ["-tag:classics"], ["--"], ["--", "word"], ["-h"], ["--help"], ["--version"], ["--tag"], ["--tag", "--sort", "title"],
        ["--limit", "many"], ["--limit", "5", "--limit", "6"], ["--sort", "colour"], ["--added-after", "-30d"],
        ["--unknown"], ["--reverse", "--reverse"], ["--author="], ["--limit=-1"], ["--tag=-x"], ["--format"],
        ["--json=true"], ["--limit", "-1"], ["-"], ["--library", "a", "--library", "b"], ["--color", "sometimes"],
    ])
    func otherShapesAreLeftToArgumentParser(_ arguments: [String]) {
        #expect(ListCommand.quickParse(arguments) == nil, "\(arguments)")
        #expect(SearchCommand.quickParse(arguments) == nil, "\(arguments)")
    }

    /// A word that only ArgumentParser reads still reaches the query.
    @Test func aNegatedTermIsStillAQueryWord() throws {
        let parsed = try ListCommand.parse(["-tag:classics", "--added-after", "-30d"])
        #expect(parsed.filters.query == ["-tag:classics"])
        #expect(parsed.filters.addedAfter == "-30d")
    }

    /// `--limit` below zero is refused by the command's own check, made quickly too.
    @Test func aCommandThatDoesNotValidateIsLeftToArgumentParser() {
        #expect(ListCommand.quickParse(["--limit=0"]) != nil)
        #expect(throws: (any Error).self) { try ListCommand.parse(["--limit", "-1"]) }
    }
}

private extension Substring {
    func trimmingSuffix(_ suffix: String) -> Substring {
        hasSuffix(suffix) ? dropLast(suffix.count) : self
    }
}
