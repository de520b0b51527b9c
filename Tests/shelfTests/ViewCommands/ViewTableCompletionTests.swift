import Foundation
import Testing

/// Tables fitted to the width with wide characters, and shell completion from the library.
@Suite struct ViewTableCompletionTests {
    static let wideBooks: [(String, String)] = [
        (
            "murakami.md",
            bookFile(
                """
                title: ノルウェイの森 — 村上春樹の長い長い物語のタイトルがここに続いています
                authors: [村上春樹]
                status: read
                rating: 5
                tags: [日本文学, 📚favourites, 🌸spring-reading-list]
                finished: 2024-03-01
                pages: 400
                """)
        ),
        (
            "emoji.md",
            bookFile(
                """
                title: 🐉 Dragons 🐲 and Other Extremely Long Titles That Will Not Fit In Sixty Columns
                authors: [Émile Zola, 김영하]
                status: reading
                tags: [🔥hot, fantasy]
                """)
        ),
        ("plain.md", bookFile("title: Dune\nauthors: [Frank Herbert]\nstatus: to-read\ntags: [sci-fi]")),
    ]

    @Test func tablesFitSixtyColumnsWithWideCharacters() throws {
        let library = try TemporaryLibrary(books: Self.wideBooks)
        for args in [["ls"], ["ls", "--sort", "title"], ["tags"], ["authors"]] {
            let result = try library.run(args, environment: ["COLUMNS": "60", "NO_COLOR": ""])
            #expect(result.status == 0, "\(args)\n\(result)")
            #expect(!result.stdoutLines.isEmpty, "\(args)")
            for line in result.stdoutLines {
                #expect(viewColumns(line) <= 60, "\(args): \(viewColumns(line)) columns: \(line)")
            }
        }
        let list = try library.run(["ls"], environment: ["COLUMNS": "60", "NO_COLOR": ""])
        #expect(list.stdout.contains("ノルウェイ"), "\(list)")
        #expect(list.stdout.contains("…"), "long cells are cut with …\n\(list)")
        // Every cut cell ends in …: the long titles' lines hold one, and nothing is cut mid-wide-character.
        let cutLines = list.stdoutLines.filter { $0.contains("ノルウェイ") || $0.contains("Dragons") }
        #expect(cutLines.count == 2, "\(list)")
        for line in cutLines {
            #expect(line.contains("…"), "not cut with …: \(line)")
            #expect(!line.contains("物語のタイトルがここに続いています"), "not cut: \(line)")
        }
        // Columns line up: the header's second column starts where each row's does, in display columns.
        let header = try #require(list.stdoutLines.first)
        let authorColumn = try #require(header.range(of: "AUTHOR")).lowerBound
        let headerOffset = viewColumns(String(header[..<authorColumn]))
        for line in list.stdoutLines.dropFirst() {
            for name in ["村上春樹", "Émile Zola", "Frank Herbert"] {
                if let range = line.range(of: name) {
                    #expect(viewColumns(String(line[..<range.lowerBound])) == headerOffset, "misaligned: \(line)")
                }
            }
        }
    }

    @Test func aColouredTableOnATerminalFitsItsWidth() throws {
        let library = try TemporaryLibrary(books: Self.wideBooks)
        guard let result = try ViewTerminal.run(["ls", "--no-pager"], in: library.root) else {
            print("skipped: util-linux `script` is not installed, so no pseudo-terminal can be made")
            return
        }
        #expect(hasANSI(result.stdout), "\(result)")
        let plain = result.stdout.replacingOccurrences(of: "\u{1B}\\[[0-9;]*m", with: "", options: .regularExpression)
        #expect(plain.contains("ノルウェイ"), "\(result)")
        for line in plain.split(separator: "\n").map(String.init) {
            #expect(viewColumns(line) <= 80, "\(viewColumns(line)) columns on an 80-column terminal: \(line)")
        }
    }

    @Test func statsChartsFitTheWidthWithWideLabels() throws {
        let library = try TemporaryLibrary(books: Self.wideBooks)
        let result = try library.run(["stats"], environment: ["COLUMNS": "60", "NO_COLOR": ""])
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout.contains("村上春樹"), "\(result)")
        for line in result.stdoutLines {
            #expect(viewColumns(line) <= 60, "\(viewColumns(line)) columns: \(line)")
        }
    }

    @Test func completionScriptsForEveryShell() throws {
        let library = try TemporaryLibrary()
        for shell in ["bash", "zsh", "fish"] {
            let result = try library.run(["--generate-completion-script", shell])
            #expect(result.status == 0, "\(shell)\n\(result.stderr)")
            #expect(result.stdout.contains("--tag"), "\(shell) script does not mention --tag")
            #expect(result.stdout.contains("---completion"), "\(shell) script asks shelf for no values")
        }
    }

    /// The call the generated bash script makes (`__shelf_custom_complete ---completion SUB -- ARG
    /// COMP_CWORD CURSOR`, then the words of the line).
    static func complete(
        _ subcommand: String, _ argument: String, words: [String], in library: TemporaryLibrary,
        folder: String = ""
    ) throws -> CommandResult {
        try library.run(
            ["---completion", subcommand, "--", argument, String(words.count - 1), "0"] + words,
            in: folder, environment: ["NO_COLOR": ""])
    }

    @Test func theBashScriptUsesTheCallingConventionTheTestsUse() throws {
        let library = try TemporaryLibrary()
        let script = try library.run(["--generate-completion-script", "bash"]).stdout
        #expect(script.contains("__shelf_custom_complete ---completion ls -- --tag \"${COMP_CWORD}\""), "convention changed")
        #expect(script.contains("__shelf_custom_complete ---completion set -- positional@0"), "convention changed")
    }

    static let completionBooks: [(String, String)] = [
        ("herbert-dune.md", bookFile("title: Dune\nauthors: [Frank Herbert]\ntags: [sci-fi, classics]\nseries: Dune")),
        ("sf/le-guin-the-dispossessed.md", bookFile("title: The Dispossessed\nauthors: [Ursula K. Le Guin]\ntags: [sci-fi, utopia]")),
        ("austen-emma.md", bookFile("title: Emma\nauthors: [Jane Austen]\ntags: [romance]")),
    ]

    @Test func tagCompletionListsTheLibrarysTags() throws {
        let library = try TemporaryLibrary(books: Self.completionBooks)
        let result = try Self.complete("ls", "--tag", words: ["shelf", "ls", "--tag", ""], in: library)
        #expect(result.status == 0, "\(result)")
        #expect(Set(result.stdoutLines) == ["sci-fi", "classics", "utopia", "romance"], "\(result)")
        #expect(result.stdoutLines.count == 4, "each tag once: \(result)")

        // From a folder inside the library too.
        let nested = try Self.complete("ls", "--tag", words: ["shelf", "ls", "--tag", ""], in: library, folder: "sf")
        #expect(Set(nested.stdoutLines) == ["sci-fi", "classics", "utopia", "romance"], "\(nested)")
    }

    @Test func bookCompletionListsBookNames() throws {
        let library = try TemporaryLibrary(books: Self.completionBooks)
        let result = try Self.complete("set", "positional@0", words: ["shelf", "set", ""], in: library)
        #expect(result.status == 0, "\(result)")
        #expect(Set(result.stdoutLines) == ["herbert-dune", "sf/le-guin-the-dispossessed", "austen-emma"], "\(result)")
    }

    @Test func otherLibraryValuesComplete() throws {
        let library = try TemporaryLibrary(books: Self.completionBooks)
        let authors = try Self.complete("ls", "--author", words: ["shelf", "ls", "--author", ""], in: library)
        #expect(Set(authors.stdoutLines) == ["Frank Herbert", "Ursula K. Le Guin", "Jane Austen"], "\(authors)")
        let statuses = try Self.complete("ls", "--status", words: ["shelf", "ls", "--status", ""], in: library)
        #expect(statuses.stdoutLines == ["to-read", "reading", "read", "abandoned"], "\(statuses)")
        let series = try Self.complete("ls", "--series", words: ["shelf", "ls", "--series", ""], in: library)
        #expect(series.stdoutLines == ["Dune"], "\(series)")
    }

    @Test func outsideALibraryCompletionIsEmptyNotAnError() throws {
        let folder = try TemporaryLibrary(config: nil)
        let result = try Self.complete("ls", "--tag", words: ["shelf", "ls", "--tag", ""], in: folder)
        #expect(result.status == 0, "\(result)")
        #expect(result.stdoutLines.isEmpty, "\(result)")
    }
}
