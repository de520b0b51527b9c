/// What the person adding a book typed: the fields of `shelf add`, as text, checked when the
/// book is written. Every value given wins over a looked-up one.
public struct NewBookRequest: Sendable {
    /// The title; nil to take it from the lookup.
    public var title: String?
    /// The authors, in order.
    public var authors: [String] = []
    /// The tags.
    public var tags: [String] = []
    /// `to-read` (the default), `reading`, `read` or `abandoned`, or the library's own word.
    public var status: String?
    /// The rating as typed (`4`, `4.5`), checked as `rate` checks it.
    public var rating: String?
    /// The series' name.
    public var series: String?
    /// The book's number in its series, as typed (`2`, `2.5`).
    public var seriesIndex: String?
    /// The publisher.
    public var publisher: String?
    /// The publication date, as typed (`1969`, `1969-03`).
    public var published: String?
    /// The page count, as typed.
    public var pages: String?
    /// When the book was started and finished (`--started`, `--finished`): a finished book
    /// is dated today unless a date is given.
    public var started: String?
    /// The day it was finished (see `started`).
    public var finished: String?
    /// Other fields, each `key=value`.
    public var extra: [String] = []
    /// Text for the body.
    public var note: String?

    /// An empty request: every value taken from the lookup, or left out.
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
        let impliedStatus = finished != nil ? ReadingStatus.read : started != nil ? .reading : nil
        let statusText = status ?? impliedStatus?.rawValue
        let checked: [(String, String?)] = [
            ("status", statusText ?? (hasStatus ? nil : ReadingStatus.toRead.rawValue)),
            ("rating", rating), ("series", series), ("series_index", seriesIndex),
            ("publisher", publisher), ("published", published), ("pages", pages),
        ]
        for case let (key, text?) in checked { file.set(key, try Self.checkedValue(key, text, force: force)) }
        if !tags.isEmpty { file.set("tags", .list(tags)) }
        file.set("added", .typed(today.text))
        for (key, date) in try readingDates(status: statusText.flatMap(ReadingStatus.init(alias:)), today: today, force: force) {
            file.set(key, .typed(date.text))
        }
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

    /// `started` and `finished` for the status asked: a book added as read was finished today
    /// unless `--finished` says when; one being read was started today. Dates are checked as
    /// `shelf finish` checks them.
    private func readingDates(status: ReadingStatus?, today: BookDate, force: Bool) throws -> [(String, BookDate)] {
        let start = try started.map { try ReadingDates.check($0, today: today, force: force) }
        var end = try finished.map { try ReadingDates.check($0, today: today, force: force) }
        switch status {
        case .read?, .abandoned?: end = end ?? today
        case .reading?: if start == nil { return [("started", today)] }
        case .toRead?, nil: break
        }
        if let start, let end { try ReadingDates.checkOrder(start: start, end: end) }
        return [("started", start), ("finished", end)].compactMap { key, date in date.map { (key, $0) } }
    }

    private static func checkedValue(_ key: String, _ text: String, force: Bool) throws(EditError) -> NewValue {
        try FieldAssignment.checked(text.trimmingSpaces, for: CanonicalField(key: key), key: key, force: force)
    }
}
