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

    init(dryRun: Bool) {
        self.dryRun = dryRun
    }

    /// ` (rating, status; kept yours: tags)`, or nothing: the keys an update wrote and the ones
    /// it kept because the reader changed them.
    static func detail(changed: [String], kept: [String]) -> String {
        let name = { (key: String) in key == ImportBaseline.bodyToken ? "notes" : key }
        var parts: [String] = []
        let written = changed.map(name)
        if !written.isEmpty { parts.append(written.joined(separator: ", ")) }
        if !kept.isEmpty { parts.append("kept yours: " + kept.map(name).joined(separator: ", ")) }
        return parts.isEmpty ? "" : " (" + parts.joined(separator: "; ") + ")"
    }
}
