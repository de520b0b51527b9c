import Foundation
import Testing

/// What a message to the reader must never carry: Swift's own spelling of a value or a type
/// (`FileError(descriptor: 3)`, `Optional("x")`, `Swift.DecodingError`), Foundation's error
/// domains, or parentheses and brackets left open. `run` checks the standard error of every
/// command the suite runs, so each test that makes shelf speak checks its words too.
enum MessageHygiene {
    /// Swift's and Foundation's spellings that mean a value was printed as a program sees it.
    private static let signatures = [
        #"\b[A-Z][A-Za-z]+\([a-z][A-Za-z]*: "#,
        #"\((descriptor|rawValue|errno|underlying|underlyingError|domain|code|path|url): "#,
        #"\bOptional\("#,
        #"\b(Swift|Foundation|ShelfKit|ShelfServe|ShelfHTTP|ArgumentParser)\.[A-Z]"#,
        #"NSCocoaErrorDomain|NSPOSIXErrorDomain|Error Domain="#,
    ]

    /// The problems of `stderr`, one line each; empty when it reads as words.
    static func problems(in stderr: String) -> [String] {
        var found: [String] = []
        for line in stderr.split(separator: "\n") {
            let text = String(line)
            // A query echoed under its error, a file's line shown, the harness's own note.
            if text.hasPrefix(" ") || text.hasPrefix("\t") || text.hasPrefix("[test harness") { continue }
            for pattern in signatures where text.range(of: pattern, options: .regularExpression) != nil {
                found.append("Swift's spelling in a message: \(text)")
            }
            let prose = withoutQuotedValues(text)
            for (open, close) in [("(", ")"), ("[", "]"), ("{", "}")] {
                let opened = prose.filter { String($0) == open }.count
                let closed = prose.filter { String($0) == close }.count
                if opened != closed { found.append("\(open)\(close) unbalanced in a message: \(text)") }
            }
        }
        return found
    }

    /// `text` without what it quotes (`'a('`, `"x)"`, `` `y[` ``): a value of the reader's, whose
    /// brackets are theirs to balance. An apostrophe inside a word (don't) quotes nothing.
    private static func withoutQuotedValues(_ text: String) -> String {
        text.replacingOccurrences(
            of: #"(?<![\p{L}\p{N}])'[^'\n]*'(?![\p{L}\p{N}])|"[^"\n]*"|`[^`\n]*`"#, with: "", options: .regularExpression)
    }

    /// Records an issue for each problem of `stderr`, naming the command that printed it.
    static func check(_ stderr: String, of arguments: [String]) {
        for problem in problems(in: stderr) {
            Issue.record("shelf \(arguments.joined(separator: " ")): \(problem)")
        }
    }
}

/// The hygiene check on messages written to look like the ones it must catch, and on real ones.
@Suite struct MessageHygieneTests {
    @Test func swiftSpellingsAndOpenBracketsAreCaught() {
        #expect(!MessageHygiene.problems(in: "shelf: could not read: FileError(descriptor: 3)\n").isEmpty)
        #expect(!MessageHygiene.problems(in: "shelf: Optional(\"dune\") not found\n").isEmpty)
        #expect(!MessageHygiene.problems(in: "shelf: Swift.DecodingError.dataCorrupted\n").isEmpty)
        #expect(!MessageHygiene.problems(in: "shelf: The operation could not be completed (NSCocoaErrorDomain 4)\n").isEmpty)
        #expect(!MessageHygiene.problems(in: "shelf: a list (of things\n").isEmpty)
    }

    @Test func wordsAndQuotedValuesPass() {
        #expect(MessageHygiene.problems(in: "shelf: 'a(' is not a valid regular expression (column 8)\n  title:/a(/\n         ^\n").isEmpty)
        #expect(MessageHygiene.problems(in: "shelf: dune.md:3:7: the rating is 7; ratings go from 0.5 to 5 (rate dune 4.5)\n").isEmpty)
        #expect(MessageHygiene.problems(in: "shelf: don't know \"x)\"; see 'shelf help'\n").isEmpty)
    }
}
