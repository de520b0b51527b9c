/// A tool's word for a book it has no status for (WeRead's `未标记`, "not marked"): no status,
/// so the book's dates say it (`started` alone: reading), `check` has nothing to say, and setting
/// the status shown writes nothing.
extension Book {
    private static let noStatusWords: Set<String> = ["未标记", "unmarked", "not marked"]

    /// True for a status value that says there is none.
    static func meansNoStatus(_ text: String) -> Bool {
        noStatusWords.contains(text.trimmingSpaces.lowercased())
    }
}
