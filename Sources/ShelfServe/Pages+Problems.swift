import ShelfKit

/// The files shelf could not read, as `shelf check` finds them: the grid's banner links here, so
/// a book whose front matter is broken never vanishes from the web without a word.
extension Pages {
    func problems() -> Page {
        let findings: [CheckFinding]
        do {
            findings = try LibraryChecker(library: library).run()
        } catch {
            return message(.internalServerError, "Cannot read the library", String(describing: error))
        }
        let context: [String: Any] = [
            "any": !findings.isEmpty,
            "findings": findings.map { finding -> [String: Any] in
                [
                    "place": "\(finding.path):\(finding.line):\(finding.column)", "severity": finding.severity.rawValue,
                    "message": finding.message, "fix": finding.fix.map(Pages.fixText) ?? "",
                ]
            },
        ]
        return layout("Files shelf could not read", content: render(context, "problems"))
    }

    /// What `shelf check --fix` would do about a finding.
    static func fixText(_ fix: CheckFinding.Fix) -> String {
        switch fix {
        case .canonicalStatus(let key, let value): return "shelf check --fix writes \(key): \(value)"
        case .renameTo(let name): return "shelf check --fix renames it to \(name)"
        case .removeFile: return "shelf check --fix removes it"
        }
    }
}
