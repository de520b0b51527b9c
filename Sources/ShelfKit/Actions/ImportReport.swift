/// What an import did: how many books it created, updated and left unchanged, and each row it
/// skipped or failed to write, with the reason.
public struct ImportReport: Sendable {
    /// Whether nothing was written (`--dry-run`): the counts say what would have been done.
    public let dryRun: Bool
    /// Books written new.
    public var created = 0
    /// Books already in the library that were changed.
    public var updated = 0
    /// Books already in the library that needed no change.
    public var unchanged = 0
    /// Rows not imported, by row number, with the reason (no title, the same book twice).
    public var skipped: [(row: Int, reason: String)] = []
    /// Rows whose book could not be written, with the error.
    public var failures: [(row: Int, message: String)] = []
    /// Books that say they were imported from this service but have no record of what was
    /// imported in `shelf-imports.txt`, and have values unlike the source's, all kept.
    public var unrecorded: [String] = []
    /// Why `shelf-imports.txt` could not be written, when it could not.
    public var recordFailure: String?
    /// The file that keeps what each import wrote, as messages name it.
    public static let recordFile = ImportBaselineFile.name

    init(dryRun: Bool) {
        self.dryRun = dryRun
    }

    /// ` (rating, status; kept yours: tags)`, or nothing: the keys an update wrote and the ones
    /// it kept because the reader changed them, or may have (`kept, no record: tags`).
    static func detail(_ result: ImportUpdater.Result) -> String {
        detail(changed: result.changed, kept: result.kept, label: result.unrecorded ? "kept, no record" : "kept yours")
    }

    static func detail(changed: [String], kept: [String], label: String = "kept yours") -> String {
        let name = { (key: String) in key == ImportBaseline.bodyToken ? "notes" : key }
        var parts: [String] = []
        let written = changed.map(name)
        if !written.isEmpty { parts.append(written.joined(separator: ", ")) }
        if !kept.isEmpty { parts.append(label + ": " + kept.map(name).joined(separator: ", ")) }
        return parts.isEmpty ? "" : " (" + parts.joined(separator: "; ") + ")"
    }
}
