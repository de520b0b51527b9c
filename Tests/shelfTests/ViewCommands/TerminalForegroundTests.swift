import Foundation
import Testing

/// Guarantee 11 of issue 17, "the terminal is never hung", on a real pseudo-terminal (util-linux
/// `script`): the pager and the editor that shelf starts run in the terminal's foreground process
/// group, so they can read the terminal. A program started in a group of its own (as Foundation's
/// `Process` did) is stopped by SIGTTIN when it reads: it never reads the keys typed here, and the
/// run is killed at the timeout, which fails the test.
@Suite struct TerminalForegroundTests {
    static let clock = ["SHELF_TODAY": "2024-03-02", "SHELF_NOW": "21:14", "NO_COLOR": "1"]
    static let dune = "---\ntitle: Dune\nauthors: [Frank Herbert]\n---\nMy notes.\n"

    /// An editor that reads one line from the terminal (/dev/tty, not its standard input) and
    /// writes what `body` makes of it (`$line`) to the file it was given.
    static func ttyEditor(in library: TemporaryLibrary, body: String) throws -> String {
        try library.write("tty-editor.sh", "#!/bin/sh\nIFS= read -r line < /dev/tty || exit 3\n\(body)\n")
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: library.path("tty-editor.sh"))
        return ViewTerminal.quoted(library.path("tty-editor.sh"))
    }

    static func skipped() {
        print("skipped: util-linux `script` is not installed, so no pseudo-terminal can be made")
    }

    /// 40 books on a 10-row terminal go through `less`, which reads `q` from the terminal and quits.
    @Test func lessReadsTheTerminalAndQuits() throws {
        let books = (1...40).map { (String(format: "book-%02d.md", $0), bookFile("title: Book \($0)")) }
        let library = try TemporaryLibrary(books: books)
        guard
            let result = try ViewTerminal.run(
                ["ls"], in: library.root, rows: 10, environment: ["PAGER": "less", "NO_COLOR": "1"], keys: "q")
        else { return Self.skipped() }
        #expect(result.status == 0, "less did not quit: it could not read the terminal\n\(result)")
        #expect(result.stdout.contains("Book 1"), "\(result)")
        // Only the first screen was shown: the rest went to less, not past it.
        #expect(!result.stdout.contains("Book 40"), "\(result)")
    }

    /// `shelf edit` waits for an editor that reads the terminal, then checks the file it left.
    @Test func theEditorReadsTheTerminal() throws {
        let library = try TemporaryLibrary(books: [("dune.md", Self.dune)])
        let editor = try Self.ttyEditor(in: library, body: "printf -- '---\\ntitle: %s\\n---\\nMy notes.\\n' \"$line\" > \"$1\"")
        guard
            let result = try ViewTerminal.run(
                ["edit", "dune"], in: library.root, environment: ["EDITOR": editor, "VISUAL": ""], keys: "Dune Messiah\r")
        else { return Self.skipped() }
        #expect(result.status == 0, "the editor could not read the terminal\n\(result)")
        #expect(try library.bytes("dune.md") == Array("---\ntitle: Dune Messiah\n---\nMy notes.\n".utf8), "\(result)")
    }

    /// What the editor left is checked, and shelf says so on the terminal when it is broken.
    @Test func aBrokenEditIsReportedOnTheTerminal() throws {
        let library = try TemporaryLibrary(books: [("dune.md", Self.dune)])
        let editor = try Self.ttyEditor(in: library, body: "printf -- '---\\ntitle: [%s\\n---\\n' \"$line\" > \"$1\"")
        // The editor reads "Dune"; shelf asks whether to open it again and reads "n".
        guard
            let result = try ViewTerminal.run(
                ["edit", "dune"], in: library.root, environment: ["EDITOR": editor, "VISUAL": ""], keys: "Dune\rn\r")
        else { return Self.skipped() }
        #expect(result.stdout.contains("dune.md"), "\(result)")
        #expect(result.status == 1, "\(result)")
        #expect(try library.bytes("dune.md") == Array("---\ntitle: [Dune\n---\n".utf8), "\(result)")
    }

    /// `shelf note BOOK` without text on a terminal opens the editor, which reads the terminal.
    @Test func noteWithoutTextOpensTheEditorOnTheTerminal() throws {
        let library = try TemporaryLibrary(books: [("dune.md", Self.dune)])
        let editor = try Self.ttyEditor(in: library, body: "printf '%s\\n' \"$line\" > \"$1\"")
        guard
            let result = try ViewTerminal.run(
                ["note", "dune"], in: library.root, environment: Self.clock.merging(["EDITOR": editor, "VISUAL": ""]) { $1 },
                keys: "The spice must flow.\r")
        else { return Self.skipped() }
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout.contains("updated dune.md"), "\(result)")
        #expect(try library.bytes("dune.md") == Array((Self.dune + "\n### 2024-03-02 21:14\n\nThe spice must flow.\n").utf8), "\(result)")
    }

    /// A book that is not there is reported before the editor opens, so no typed note is lost.
    @Test func noteForAMissingBookFailsBeforeTheEditorOpens() throws {
        let library = try TemporaryLibrary(books: [("dune.md", Self.dune)])
        let marker = library.path("editor-ran")
        let editor = try Self.ttyEditor(in: library, body: "touch \(ViewTerminal.quoted(marker))")
        guard
            let result = try ViewTerminal.run(
                ["note", "no such book"], in: library.root, environment: ["EDITOR": editor, "VISUAL": ""], keys: "typed\r")
        else { return Self.skipped() }
        #expect(result.status == 1, "\(result)")
        #expect(result.stdout.contains("no such book"), "\(result)")
        #expect(!FileManager.default.fileExists(atPath: marker), "the editor was opened\n\(result)")
        #expect(try library.bytes("dune.md") == Array(Self.dune.utf8))
    }

    /// The real `vi`, when installed: it takes keys from the terminal, saves and quits.
    @Test func viEditsABookOnTheTerminal() throws {
        guard interchangeWhich("vi") != nil else { return print("skipped: no vi") }
        let library = try TemporaryLibrary(books: [("dune.md", Self.dune)])
        guard
            let result = try ViewTerminal.run(
                ["edit", "dune"], in: library.root,
                environment: ["EDITOR": "vi -u NONE -i NONE -n", "VISUAL": "", "TERM": "xterm"],
                keys: "GoAdded in vi.\u{1B}:wq\r")
        else { return Self.skipped() }
        #expect(result.status == 0, "\(result)")
        #expect(try library.bytes("dune.md") == Array((Self.dune + "Added in vi.\n").utf8), "\(result)")
    }
}
