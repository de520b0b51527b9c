/// `shelf check --fix`: makes the unambiguous fixes `LibraryChecker` found, each through the
/// door, and reports each one made or refused.
public struct CheckFixAction {
    let writer: LibraryWriter

    /// Applies `shelf check --fix`'s repairs through the door of `library`.
    public init(library: Library) {
        self.writer = library.writer
    }

    /// Makes every fix it can; returns the findings still standing (those without a fix, and
    /// those whose fix failed).
    public func run(_ findings: [CheckFinding], reporter: any ActionReporter) -> [CheckFinding] {
        findings.filter { finding in
            guard let fix = finding.fix else { return true }
            return !apply(fix, to: finding, reporter: reporter)
        }
    }

    /// Applies one fix; true when it was made.
    private func apply(_ fix: CheckFinding.Fix, to finding: CheckFinding, reporter: any ActionReporter) -> Bool {
        let shown = writer.display(finding.path)
        do {
            switch fix {
            case let .canonicalStatus(key, value):
                // Written as given: a respelling of the same status is the fix, not a no-op.
                try writer.edit(finding.path, edits: [.set(key, .raw(YAMLScalarWriter.string(value)))])
                reporter.result("fixed \(shown): \(key) written as \(value)")
            case .renameTo(let target):
                try writer.move(finding.path, to: target)
                reporter.result("fixed \(shown): renamed to its NFC name")
            case .removeFile:
                try writer.removeLeftover(finding.path)
                reporter.result("fixed \(shown): removed the leftover temporary file")
            }
            return true
        } catch {
            reporter.warning("\(shown): could not fix: \(error)")
            return false
        }
    }
}
