/// What the person adding a book typed: the fields of `shelf add`, as text, checked when the
/// book is written. Every value given wins over a looked-up one.
public struct NewBookRequest: Sendable {
    public var title: String?
    public var authors: [String] = []
    public var tags: [String] = []
    /// `to-read` (the default), `reading`, `read` or `abandoned`, or the library's own word.
    public var status: String?
    public var rating: String?
    public var series: String?
    public var seriesIndex: String?
    public var publisher: String?
    public var published: String?
    public var pages: String?
    /// Other fields, each `key=value`.
    public var extra: [String] = []
    /// Text for the body.
    public var note: String?

    public init() {}

    /// Sets the requested fields on `file`, over what a lookup put there; `added` is `today`.
    /// - Parameter force: keep values that fail their check (a rating of 7).
    /// - Throws: `LookupActionError` for an empty title or a malformed `--set`, `EditError` for a value that
    ///   fails its check.
    func apply(to file: inout NewBookFile, today: BookDate, force: Bool) throws {
        if let title {
            guard !title.trimmingSpaces.isEmpty else { throw LookupActionError("--title is empty; a book needs a title") }
            file.set("title", .string(title))
        }
        if !authors.isEmpty { file.set("authors", .list(authors)) }
        let hasStatus = file.fields.contains { $0.key == "status" }
        let checked: [(String, String?)] = [
            ("status", status ?? (hasStatus ? nil : ReadingStatus.toRead.rawValue)),
            ("rating", rating), ("series", series), ("series_index", seriesIndex),
            ("publisher", publisher), ("published", published), ("pages", pages),
        ]
        for case let (key, text?) in checked { file.set(key, try Self.checkedValue(key, text, force: force)) }
        if !tags.isEmpty { file.set("tags", .list(tags)) }
        file.set("added", .typed(today.text))
        for assignment in extra {
            guard let equals = assignment.firstIndex(of: "="), equals != assignment.startIndex else {
                throw LookupActionError("--set takes key=value, not '\(assignment)'")
            }
            let key = String(assignment[..<equals]).trimmingSpaces
            let text = String(assignment[assignment.index(after: equals)...])
            file.set(CanonicalField(key: key)?.rawValue ?? key, try Self.checkedValue(key, text, force: force))
        }
        file.notes = note
    }

    private static func checkedValue(_ key: String, _ text: String, force: Bool) throws(EditError) -> NewValue {
        try FieldAssignment.checked(text.trimmingSpaces, for: CanonicalField(key: key), key: key, force: force)
    }
}
