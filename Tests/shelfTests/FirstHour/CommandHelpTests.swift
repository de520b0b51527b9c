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
        }
        #expect(try library.snapshot() == before)
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
            "rating:>=4", "SHELF_LIBRARY", "SHELF_PAGER", "NO_COLOR", "XDG_CACHE_HOME", "VISUAL", "EDITOR",
            "SHELF_TODAY", "filename:", "queries:", "fields:", "statuses:", "series_counts:", "goal:", "EXIT STATUS", "64",
        ] {
            #expect(page.contains(needle), "docs/shelf.1 lacks \(needle)")
        }
        // The query guide is a section of the page, heading for heading (`make man` when not).
        let guide = try String(contentsOf: repositoryRoot().appendingPathComponent("docs/query.md"), encoding: .utf8)
        for heading in guide.split(separator: "\n") where heading.hasPrefix("## ") {
            #expect(page.contains(".Ss \"\(heading.dropFirst(3))\""), "docs/shelf.1 lacks the section \(heading): run make man")
        }
        let help = try FirstHour.library().run(["--help"]).stdout
        for needle in ["SHELF_LIBRARY", "SHELF_PAGER", "NO_COLOR", "shelf.yaml", "Exit status", "shelf help query"] {
            #expect(help.contains(needle), "shelf --help lacks \(needle)")
        }
    }
}
