import Foundation
import Testing

/// Unknown commands and options say so and suggest the nearest; `shelf help TOPIC` helps with
/// any command, nested ones too, and with the query language.
@Suite struct CommandHelpTests {
    @Test func anUnknownCommandSaysSoAndSuggestsTheNearest() throws {
        let library = try FirstHour.library()
        for args in [["lsx"], ["--library", library.root.path, "lsx"], ["--no-pager", "lsx", "--tag", "x"]] {
            let result = try library.run(args)
            #expect(result.status == 64, "\(args): \(result)")
            #expect(result.stdout == "", "\(args): \(result)")
            #expect(
                result.stderr == "shelf: 'lsx' is not a shelf command; did you mean 'ls'?\nSee 'shelf help' for the commands.\n",
                "\(args): \(result)")
        }
        // Nothing close: no guess, still the list's whereabouts.
        let wild = try library.run(["qqqqqq"])
        #expect(wild.status == 64, "\(wild)")
        #expect(wild.stderr == "shelf: 'qqqqqq' is not a shelf command\nSee 'shelf help' for the commands.\n", "\(wild)")
    }

    @Test func anUnknownSubcommandOfACommandSuggestsItsOwn() throws {
        let library = try FirstHour.library()
        let result = try library.run(["tags", "renam", "a", "b"])
        #expect(result.status == 64, "\(result)")
        #expect(
            result.stderr
                == "shelf: 'renam' is not a shelf tags command; did you mean 'rename'?\nSee 'shelf help tags' for the commands.\n",
            "\(result)")
    }

    @Test func anUnknownOptionSuggestsTheNearestOfThatCommand() throws {
        let library = try FirstHour.library()
        let before = try library.snapshot()
        for (args, suggestion) in [
            (["ls", "--tagz", "x"], "--tag"), (["ls", "--stauts", "read"], "--status"),
            (["set", "dune", "rating=4", "--forse"], "--force"), (["stats", "--yaer", "2025"], "--year"),
        ] {
            let result = try library.run(args)
            #expect(result.status == 64, "\(args): \(result)")
            #expect(result.stdout == "", "\(args): \(result)")
            let first = result.stderrLines.first ?? ""
            #expect(first.hasSuffix("; did you mean '\(suggestion)'?"), "\(args): \(result)")
            #expect(first.contains("nknown option '\(args.first { $0.hasPrefix("--") } ?? "")'"), "\(args): \(result)")
            #expect(first.hasPrefix("shelf: "), "\(args): \(result)")
        }
        #expect(try library.snapshot() == before)
    }

    /// The parser's own failures speak as shelf does (`shelf: …`), never `Error: …`, with the
    /// usage after them and the status of a usage error.
    @Test func theParsersFailuresSpeakAsShelfDoes() throws {
        let library = try FirstHour.library()
        for args in [["add"], ["start"], ["ls", "--sort", "nope"], ["rate"]] {
            let result = try library.run(args)
            #expect(result.status == 64, "\(args): \(result)")
            #expect(result.stderr.hasPrefix("shelf: "), "\(args): \(result)")
            #expect(!result.stderr.contains("Error:"), "\(args): \(result)")
            #expect(result.stderr.contains("Usage: shelf "), "\(args): \(result)")
        }
    }

    @Test func helpOfEveryCommandIsThatCommandsHelp() throws {
        let library = try FirstHour.library()
        let paths = try FirstHour.commandPaths(in: library)
        #expect(paths.contains(["ls"]) && paths.contains(["tags", "rename"]) && paths.contains(["init"]), "\(paths)")
        let main = try library.run(["--help"]).stdout
        for path in paths {
            let help = try library.run(["help"] + path)
            let own = try library.run(path + ["--help"])
            #expect(help.status == 0, "\(path): \(help)")
            #expect(help.stdout == own.stdout, "help \(path) differs from \(path) --help\n\(help)\n\(own)")
            #expect(help.stdout != main, "help \(path) printed the main help")
        }
    }

    @Test func helpOfNothingKnownFailsAndSuggests() throws {
        let library = try FirstHour.library()
        let nothing = try library.run(["help", "nothing"])
        #expect(nothing.status == 64, "\(nothing)")
        #expect(nothing.stdout == "", "\(nothing)")
        #expect(nothing.stderr == "shelf: no help for 'nothing'\nSee 'shelf help' for the topics.\n", "\(nothing)")

        let typo = try library.run(["help", "serch"])
        #expect(typo.status == 64, "\(typo)")
        #expect(typo.stderr == "shelf: no help for 'serch'; did you mean 'search'?\nSee 'shelf help' for the topics.\n", "\(typo)")

        let nested = try library.run(["help", "tags", "renme"])
        #expect(nested.status == 64, "\(nested)")
        #expect(
            nested.stderr == "shelf: no help for 'tags renme'; did you mean 'rename'?\nSee 'shelf help tags' for the topics.\n", "\(nested)"
        )

        let plain = try library.run(["help"])
        #expect(plain.status == 0, "\(plain)")
        #expect(plain.stdout == (try library.run(["--help"])).stdout, "\(plain)")
    }

    @Test func helpQueryPrintsTheQueryGuideWordForWord() throws {
        let library = try FirstHour.library()
        let guide = try String(contentsOf: repositoryRoot().appendingPathComponent("docs/query.md"), encoding: .utf8)
        let result = try library.run(["help", "query"])
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout == guide, "shelf help query and docs/query.md differ: run scripts/embed-query-guide.sh (make man)")
        #expect(result.stderr == "")
    }

    @Test func theManPageCarriesTheQueryLanguageEnvironmentConfigAndExitCodes() throws {
        let page = try String(contentsOf: repositoryRoot().appendingPathComponent("docs/shelf.1"), encoding: .utf8)
        for needle in [
            "rating:>=4", "filename:", "queries:", "fields:", "statuses:", "series_counts:", "goal:", "64",
            ".It Pa shelf.yaml", ".It Pa ~/.cache/shelf/libraries", ".It Ev SHELF_LIBRARY", "shelf add --isbn",
        ] {
            #expect(page.contains(needle), "docs/shelf.1 lacks \(needle)")
        }
        // The sections a man page has, in the order man pages give them (`make man` when not).
        let sections = page.split(separator: "\n").filter { $0.hasPrefix(".Sh ") }.map { $0.dropFirst(4) }
        #expect(
            sections == [
                "NAME", "SYNOPSIS", "DESCRIPTION", "\"QUERY LANGUAGE\"", "SETTINGS", "ENVIRONMENT", "FILES",
                "\"EXIT STATUS\"", "EXAMPLES", "AUTHORS",
            ], "\(sections)")
        // The query guide is a section of the page, heading for heading (`make man` when not).
        let guide = try String(contentsOf: repositoryRoot().appendingPathComponent("docs/query.md"), encoding: .utf8)
        for heading in guide.split(separator: "\n") where heading.hasPrefix("## ") {
            #expect(page.contains(".Ss \"\(heading.dropFirst(3))\""), "docs/shelf.1 lacks the section \(heading): run make man")
        }
        let help = try FirstHour.library().run(["--help"]).stdout
        for needle in ["SHELF_LIBRARY", "SHELF_PAGER", "NO_COLOR", "shelf.yaml", "Exit status", "shelf help query", "Files"] {
            #expect(help.contains(needle), "shelf --help lacks \(needle)")
        }
        // No line of the main help's tables (indented, above USAGE) is wider than a terminal of
        // 80 columns, which would wrap it across the next column.
        let tables = help.split(separator: "\n").prefix { !$0.hasPrefix("USAGE:") }.filter { $0.hasPrefix("  ") }
        #expect(tables.count > 40, "\(tables)")
        let wide = tables.filter { $0.count > 79 }.map(String.init)
        #expect(wide.isEmpty, "\(wide)")
    }

    /// Every environment variable the sources read is in the man page's ENVIRONMENT section:
    /// the list is the sources' own, so a new variable without its line fails here.
    @Test func everyEnvironmentVariableTheSourcesReadIsInTheManPage() throws {
        let page = try String(contentsOf: repositoryRoot().appendingPathComponent("docs/shelf.1"), encoding: .utf8)
        guard let start = page.range(of: ".Sh ENVIRONMENT"), let end = page.range(of: ".Sh FILES") else {
            Issue.record("docs/shelf.1 has no ENVIRONMENT and FILES sections: run make man")
            return
        }
        let section = page[start.upperBound..<end.lowerBound]
        let documented = Set(
            section.split(separator: "\n").filter { $0.hasPrefix(".It Ev ") }
                .flatMap { $0.dropFirst(7).split(separator: " ").filter { $0 != "," }.map(String.init) })
        let read = try environmentVariablesReadBySources()
        #expect(read.count > 20, "\(read)")
        let undocumented = read.subtracting(documented)
        #expect(undocumented.isEmpty, "read by the sources, missing from ENVIRONMENT: \(undocumented.sorted())")
    }

    /// The names in `environment["NAME"]`, `getenv("NAME")`, `variable("NAME")` and
    /// `number("NAME")` across Sources/, plus the editor's and pager's names, read from lists.
    private func environmentVariablesReadBySources() throws -> Set<String> {
        let sources = repositoryRoot().appendingPathComponent("Sources")
        let pattern = try Regex(#"(?:environment\[|getenv\(|variable\(|number\()"([A-Z][A-Z0-9_]+)""#)
        var names: Set<String> = ["VISUAL", "EDITOR"]
        guard let files = FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil) else { return names }
        for case let file as URL in files where file.pathExtension == "swift" {
            let text = try String(contentsOf: file, encoding: .utf8)
            for match in text.matches(of: pattern) {
                if let name = match.output[1].substring { names.insert(String(name)) }
            }
        }
        return names
    }
}
