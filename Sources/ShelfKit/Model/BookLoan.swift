import ShelfPresentation

/// One time a book was lent: to whom, when, until when, and when it came back.
///
/// Loans are the items of a `loans:` list, oldest first, each a small flow map:
/// `- {to: Ana, lent: 2026-11-02, due: 2026-12-01}`; returning the book adds `returned:` to that
/// line. A book lent once has one line. See docs/format.md.
public struct BookLoan: Sendable, Equatable {
    /// Who has (or had) the book.
    public var to: String
    /// The day it went out.
    public var lent: BookDate?
    /// The day it is due back.
    public var due: BookDate?
    /// The day it came back; nil while it is out.
    public var returned: BookDate?
    /// `returned: true` (or yes): back, on a day not written.
    var isBack = false

    init(to: String, lent: BookDate?, due: BookDate? = nil, returned: BookDate? = nil) {
        self.to = to
        self.lent = lent
        self.due = due
        self.returned = returned
    }

    /// True while the book is out.
    public var isOpen: Bool { returned == nil && !isBack }

    /// True when the book is out past its due day.
    public func isOverdue(today: BookDate) -> Bool {
        guard isOpen, let due else { return false }
        return DateSpan(due).last < DateSpan(today).first
    }

    /// The loan as one item of the `loans:` list.
    var flowMap: String {
        var parts = ["to: " + YAMLScalarWriter.string(to, context: .flow)]
        if let lent { parts.append("lent: " + lent.text) }
        if let due { parts.append("due: " + due.text) }
        if let returned { parts.append("returned: " + returned.text) } else if isBack { parts.append("returned: true") }
        return "{" + parts.joined(separator: ", ") + "}"
    }

    /// Reads one item of a `loans:` list: a map with `to:` (or `who:`, `borrower:`). Nil otherwise.
    init?(item: FieldValue) {
        guard case .map(let entries) = item else { return nil }
        self.init(to: "", lent: nil)
        for entry in entries {
            let text = entry.value.text?.trimmingSpaces ?? ""
            switch CanonicalField.fold(entry.key) {
            case "to", "who", "borrower", "lentto", "person": to = text
            case "lent", "date", "since", "on", "from": lent = BookDate(text)
            case "due", "until", "dueon", "duedate": due = BookDate(text)
            case "returned", "back", "returnedon":
                returned = BookDate(text)
                isBack = returned != nil || ["true", "yes"].contains(text.lowercased())
            default: break
            }
        }
        guard !to.isEmpty else { return nil }
    }

    /// `{"to": "Ana", "lent": "2026-11-02", "due": …, "returned": …, "overdue": false}`.
    public func json(today: BookDate) -> JSONValue {
        var members: [(String, JSONValue)] = [("to", .string(to))]
        members.append(("lent", lent.map { .string($0.text) } ?? .null))
        members.append(("due", due.map { .string($0.text) } ?? .null))
        members.append(("returned", returned.map { .string($0.text) } ?? (isBack ? .bool(true) : .null)))
        members.append(("overdue", .bool(isOverdue(today: today))))
        return .object(members)
    }
}

extension Book {
    /// The key of the loans list.
    public static let loansKey = "loans"

    /// Every loan of the book shelf can read, oldest first.
    public var loans: [BookLoan] {
        guard case .list(let items)? = value(of: Book.loansKey) else { return [] }
        return items.compactMap(BookLoan.init(item:))
    }

    /// The loan the book is out on, if any (the last open one).
    public var openLoan: BookLoan? { loans.last(where: \.isOpen) }
}
