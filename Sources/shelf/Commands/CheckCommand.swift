import ArgumentParser
import Foundation
import ShelfKit
import ShelfPresentation

/// `shelf check`: every problem in the library, with where it is.
struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Report every problem in the library (path:line:column code message); --fix makes the unambiguous fixes.",
        discussion: """
            Errors: malformed-yaml, invalid-utf8, unclosed-front-matter, not-a-mapping, \
            invalid-isbn, invalid-rating, unknown-status, invalid-date, invalid-number, \
            duplicate-isbn, unreadable (a book file that cannot be opened or read), \
            non-utf8-name (a book whose name is not UTF-8; a warning for a folder). Warnings: \
            no-front-matter, missing-title, status-spelling, conflict-copy, leftover-temp, \
            non-nfc-name, unsafe-name, special-file (a FIFO, socket or device named like a \
            book), broken-link (a link to a file that is not there), unreadable-folder. The exit \
            status is 1 when any error is found. --fix writes canonical status spellings, NFC \
            file names and removes leftover temporary files, each as a minimal change, and \
            prints each.

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
        let progress = CommandReporter(progressFrom: CommandReporter.longWork)
        do {
            findings = try LibraryChecker(library: library).run { progress.progress($0, of: $1, "Checking") }
            progress.finish()
        } catch {
            throw Diagnostics.failure(error.description)
        }
        if fix {
            let reporter = CommandReporter()
            findings = CheckFixAction(library: library.namingPathsFromHere).run(findings, reporter: reporter)
            reporter.finish()
        }
        if output.isJSON {
            Output.line(
                JSONValue.array(
                    findings.map { finding in
                        .object([
                            ("path", .string(finding.path)), ("line", .integer(finding.line)), ("column", .integer(finding.column)),
                            ("code", .string(finding.code)), ("severity", .string(finding.severity.rawValue)),
                            ("message", .string(finding.message)), ("fixable", .bool(finding.fix != nil)),
                        ])
                    }
                ).serialized(indent: 2))
        } else {
            for finding in findings {
                let place = "\(Paths.display(finding.path, in: library)):\(finding.line):\(finding.column)"
                Output.line("\(place): \(finding.severity.rawValue) [\(finding.code)] \(finding.message)")
            }
            let errors = findings.filter { $0.severity == .error }.count
            Diagnostics.write(
                findings.isEmpty
                    ? "No problems found."
                    : Plural.count(errors, "error") + ", " + Plural.count(findings.count - errors, "warning") + "."
                        + (findings.contains { $0.fix != nil } ? " `shelf check --fix` repairs the ones marked fixable." : ""))
        }
        if findings.contains(where: { $0.severity == .error }) { throw ExitCode(1) }
    }
}
