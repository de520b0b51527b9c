import Foundation
import Testing
@testable import ShelfKit

#if canImport(Glibc)
import Glibc
#endif

/// TerminalProgram and TextEditor: user command lines with arguments, signals while they run, and
/// the note's temporary file. (That they run in the terminal's foreground is tested on a real
/// pseudo-terminal in shelfTests/ViewCommands/TerminalForegroundTests.)
@Suite("Process: terminal programs and the editor", .serialized)
struct TerminalProgramTests {
    /// A script that writes its arguments, one per line, to `record`.
    static func recorder(in folder: TemporaryFolderForTests, body: String) throws -> String {
        let path = folder.path + "/tool with space"
        try Data("#!/bin/sh\n\(body)\n".utf8).write(to: URL(fileURLWithPath: path))
        chmod(path, 0o755)
        return path
    }

    static func quoted(_ word: String) -> String {
        "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }

    /// `$EDITOR` may hold arguments (`code --wait`); shelf's own argument is passed as a
    /// positional parameter, never pasted into the command.
    @Test func aCommandLineKeepsItsArgumentsAndOursArriveUnchanged() throws {
        let folder = try TemporaryFolderForTests()
        let record = folder.path + "/record"
        let tool = try Self.recorder(in: folder, body: "printf '%s\\n' \"$@\" > \(Self.quoted(record))")
        let path = "a b/$(touch \(folder.path)/pwned)/it's `x`.md"
        let termination = try TerminalProgram.run(Self.quoted(tool) + " --wait -n", arguments: [path])
        #expect(termination == .exited(0))
        #expect(try String(contentsOfFile: record, encoding: .utf8) == "--wait\n-n\n\(path)\n")
        #expect(!FileManager.default.fileExists(atPath: folder.path + "/pwned"))
    }

    /// While the program runs shelf ignores SIGINT and SIGQUIT, the program has the defaults,
    /// and afterwards shelf's actions are back.
    @Test func interruptsAreForTheProgramWhileItRuns() throws {
        let folder = try TemporaryFolderForTests()
        let record = folder.path + "/record"
        // grep reads its own status: ignored signals stay ignored through every exec, so it shows
        // what the program got (its shell, waiting, blocks signals of its own).
        let tool = try Self.recorder(
            in: folder,
            body: """
                grep -E '^Sig(Ign|Blk):' /proc/self/status > \(Self.quoted(record))
                grep '^SigIgn:' /proc/\(getpid())/status >> \(Self.quoted(record))
                """)
        let before = try Self.ignoredSignals(ofProcess: "self")
        #expect(try TerminalProgram.run(Self.quoted(tool)) == .exited(0))
        let lines = try String(contentsOfFile: record, encoding: .utf8).split(separator: "\n")
        #expect(lines.count == 3)
        // /proc/PID/status lists SigBlk before SigIgn.
        let childBlocked = try #require(UInt64(lines[0].split(separator: "\t").last ?? "", radix: 16))
        let childIgnored = try #require(UInt64(lines[1].split(separator: "\t").last ?? "", radix: 16))
        let parentIgnored = try #require(UInt64(lines[2].split(separator: "\t").last ?? "", radix: 16))
        for signal in [SIGINT, SIGQUIT, SIGPIPE] {
            #expect(childIgnored & Self.bit(signal) == 0, "the program ignores signal \(signal)")
            #expect(childBlocked & Self.bit(signal) == 0, "the program blocks signal \(signal)")
        }
        #expect(parentIgnored & Self.bit(SIGINT) != 0 && parentIgnored & Self.bit(SIGQUIT) != 0)
        #expect(try Self.ignoredSignals(ofProcess: "self") == before)
    }

    static func bit(_ signal: Int32) -> UInt64 { 1 << UInt64(signal - 1) }

    static func ignoredSignals(ofProcess process: String) throws -> UInt64 {
        let status = try String(contentsOfFile: "/proc/\(process)/status", encoding: .utf8)
        let line = try #require(status.split(separator: "\n").first { $0.hasPrefix("SigIgn:") })
        return try #require(UInt64(line.split(separator: "\t").last ?? "", radix: 16))
    }

    /// The shell reports a program it cannot find as 127; the pager then writes the text itself.
    @Test func aMissingProgramIsExitStatus127() throws {
        #expect(try TerminalProgram.run("shelf-no-such-pager-program 2>/dev/null", input: Array("text".utf8)) == .exited(127))
    }

    /// The pager gets the text on its standard input, and `LESS=FRX` unless shelf's environment
    /// sets `LESS` (the user's options win).
    @Test func thePagerReadsTheTextWithLessDefaultedToFRX() throws {
        let folder = try TemporaryFolderForTests()
        let record = folder.path + "/record"
        let pager = "printf '%s|' \"$LESS\" > \(Self.quoted(record)); cat >> \(Self.quoted(record))"
        #expect(try TerminalProgram.page("line one\nline two\n", through: pager) == .exited(0))
        let expected = (ChildProcess.currentEnvironment["LESS"] ?? "FRX") + "|line one\nline two\n"
        #expect(try String(contentsOfFile: record, encoding: .utf8) == expected)
    }

    @Test func theEditorIsVisualThenEditorThenVi() {
        #expect(TextEditor.command(environment: ["VISUAL": "code --wait", "EDITOR": "nano"]) == "code --wait")
        #expect(TextEditor.command(environment: ["VISUAL": "  ", "EDITOR": "nano"]) == "nano")
        #expect(TextEditor.command(environment: ["EDITOR": ""]) == "vi")
        #expect(TextEditor.command(environment: [:]) == "vi")
    }

    /// The note is written in a private folder, read back exactly, and the folder removed.
    @Test func composeReturnsTheTextAndRemovesItsFolder() throws {
        let folder = try TemporaryFolderForTests()
        let record = folder.path + "/record"
        let editor = try Self.recorder(
            in: folder,
            body: """
                printf '%s' "$1" > \(Self.quoted(record))
                stat -c %a "$(dirname "$1")" >> \(Self.quoted(record))
                printf 'Первая мысль — 沙丘\\n\\nsecond line' > "$1"
                touch "$1~"
                """)
        let text = try TextEditor.compose(editor: Self.quoted(editor))
        #expect(text == "Первая мысль — 沙丘\n\nsecond line")
        let recorded = try String(contentsOfFile: record, encoding: .utf8)
        let file = String(recorded.prefix { $0 != "\n" }.dropLast(3))
        #expect(recorded.hasSuffix("700\n"), "\(recorded)")
        #expect(file.hasSuffix("/note.md"))
        #expect(!FileManager.default.fileExists(atPath: (file as NSString).deletingLastPathComponent))
    }

    /// A note that is not UTF-8 is not returned, and not deleted either: the error says where it is.
    @Test func composeKeepsATextThatIsNotUTF8() throws {
        let folder = try TemporaryFolderForTests()
        let editor = try Self.recorder(in: folder, body: "printf 'caf\\351\\n' > \"$1\"")
        let error = #expect(throws: TextEditorError.self) { try TextEditor.compose(editor: Self.quoted(editor)) }
        let message = try #require(error?.description)
        #expect(message.contains("not UTF-8"), "\(message)")
        let kept = try #require(message.range(of: "kept in ").map { String(message[$0.upperBound...]) })
        #expect(FileManager.default.contents(atPath: kept) == Data([0x63, 0x61, 0x66, 0xE9, 0x0A]))
        try FileManager.default.removeItem(atPath: (kept as NSString).deletingLastPathComponent)
    }

    /// An editor that fails (`:cq`) gives an error and leaves nothing behind.
    @Test func composeAfterAFailedEditorGivesAnError() throws {
        let folder = try TemporaryFolderForTests()
        let record = folder.path + "/record"
        let editor = try Self.recorder(in: folder, body: "printf '%s' \"$1\" > \(Self.quoted(record)); echo typed > \"$1\"; exit 1")
        #expect(throws: TextEditorError.self) { try TextEditor.compose(editor: Self.quoted(editor)) }
        let file = try String(contentsOfFile: record, encoding: .utf8)
        #expect(!FileManager.default.fileExists(atPath: (file as NSString).deletingLastPathComponent))
    }
}
