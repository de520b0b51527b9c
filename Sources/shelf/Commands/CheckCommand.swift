import ArgumentParser
import Foundation
import ShelfKit

/// `shelf check`: every problem in the library, with where it is.
struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Report every problem in the library (path:line:column code message); --fix makes the unambiguous fixes.",
        discussion: """
            Errors: malformed-yaml, invalid-utf8, unclosed-front-matter, not-a-mapping, \
            invalid-isbn, invalid-rating, unknown-status, invalid-date, invalid-number, \
            duplicate-isbn. Warnings: no-front-matter, missing-title, status-spelling, \
            conflict-copy, leftover-temp, non-nfc-name, unsafe-name. The exit status is 1 when \
            any error is found. --fix writes canonical status spellings, NFC file names and \
            removes leftover temporary files, each as a minimal change, and prints each.

            Examples:
              shelf check
              shelf check --format json
              shelf check --fix
            """)

    @OptionGroup var library: LibraryOptions
    @OptionGroup var output: TextOrJSONOptions
    @Flag(help: "Make the unambiguous fixes.") var fix = false

    func run() throws {
        let library = try library.open()
        var findings: [CheckFinding]
        do {
            findings = try LibraryChecker(library: library).run()
        } catch {
            throw Diagnostics.failure(error.description)
        }
        if fix {
            findings = findings.filter { finding in !(finding.fix.map { apply($0, to: finding, in: library) } ?? false) }
        }
        if output.isJSON {
            Output.line(JSONValue.array(findings.map { finding in
                .object([("path", .string(finding.path)), ("line", .integer(finding.line)), ("column", .integer(finding.column)),
                         ("code", .string(finding.code)), ("severity", .string(finding.severity.rawValue)),
                         ("message", .string(finding.message)), ("fixable", .bool(finding.fix != nil))])
            }).serialized(indent: 2))
        } else {
            for finding in findings {
                Output.line("\(Paths.display(finding.path, in: library)):\(finding.line):\(finding.column): \(finding.severity.rawValue) [\(finding.code)] \(finding.message)")
            }
            let errors = findings.filter { $0.severity == .error }.count
            Diagnostics.write(findings.isEmpty ? "No problems found." : "\(errors) errors, \(findings.count - errors) warnings."
                + (findings.contains { $0.fix != nil } ? " `shelf check --fix` repairs the ones marked fixable." : ""))
        }
        if findings.contains(where: { $0.severity == .error }) { throw ExitCode(1) }
    }

    /// Applies one fix; true when it was made.
    private func apply(_ fix: CheckFinding.Fix, to finding: CheckFinding, in library: Library) -> Bool {
        let display = Paths.display(finding.path, in: library)
        do {
            switch fix {
            case let .canonicalStatus(key, value):
                try library.edit(finding.path, displayPath: display, edits: [.set(key, .string(value))])
                Output.line("fixed \(display): \(key) written as \(value)")
            case .renameTo(let target):
                try BookFileMover.rename(from: library.absolutePath(finding.path), to: library.absolutePath(target))
                Output.line("fixed \(display): renamed to its NFC name")
            case .removeFile:
                try BookFileMover.remove(library.absolutePath(finding.path))
                Output.line("fixed \(display): removed the leftover temporary file")
            }
            return true
        } catch {
            Diagnostics.write("\(display): could not fix: \(error)")
            return false
        }
    }
}
