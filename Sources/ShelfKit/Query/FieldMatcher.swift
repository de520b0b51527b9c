import Foundation
import ShelfPresentation

/// Decides whether one book matches one `field:value` term.
struct FieldMatcher {
    let query: FieldQuery
    let today: BookDate
    private let kind: FieldKind
    private let words: [String]
    private let regex: NSRegularExpression?

    init(_ query: FieldQuery, today: BookDate) throws(QueryError) {
        self.query = query
        self.today = today
        let field = CanonicalField(key: query.name)
        kind = FieldKind(field)
        words = TextFolding.words(query.value)
        if query.operation == .regex {
            do {
                regex = try NSRegularExpression(pattern: query.value, options: [.caseInsensitive])
            } catch {
                throw QueryError("'\(query.value)' is not a valid regular expression", column: 1, query: query.value)
            }
        } else {
            regex = nil
        }
        try validate()
    }

    /// Checks now what would otherwise fail for every book: a status that is not one, a
    /// comparison with something that is neither a number nor a date.
    private func validate() throws(QueryError) {
        switch (kind, query.operation) {
        case (.status, .matches), (.status, .exact):
            if ReadingStatus(alias: query.value) == nil {
                let hint = NearestName.hint(for: query.value, among: FieldMatcher.statusSpellings).map { "; " + $0 } ?? ""
                throw QueryError(
                    "'\(query.value)' is not a status (to-read, reading, read, abandoned)" + hint, column: 1, query: query.value)
            }
        case (.ownership, .matches), (.ownership, .exact):
            if Ownership(word: query.value) == nil {
                throw QueryError("'\(query.value)' is not an ownership (owned, wishlist, borrowed, library)", column: 1, query: query.value)
            }
        case (.number, .less), (.number, .lessOrEqual), (.number, .greater), (.number, .greaterOrEqual), (.number, .matches):
            if Double(query.value) == nil {
                throw QueryError("'\(query.value)' is not a number", column: 1, query: query.value)
            }
        case (.date, .less), (.date, .lessOrEqual), (.date, .greater), (.date, .greaterOrEqual), (.date, .matches):
            if DateSpan.parse(query.value, today: today) == nil {
                throw QueryError(
                    "'\(query.value)' is not a date (YYYY, YYYY-MM, YYYY-MM-DD or -30d, -2w, -6m, -1y)",
                    column: DateSpan.mistakeColumn(in: query.value), query: query.value)
            }
        case (_, .range(let low, let high)):
            // Columns within the value: the high end starts after `low..`.
            for (end, column) in [(low, 1), (high, low.count + 3)]
            where !end.isEmpty && Double(end) == nil && DateSpan.parse(end, today: today) == nil {
                throw QueryError("'\(end)' is neither a number nor a date", column: column, query: query.value)
            }
        default:
            break
        }
    }

    /// Spellings a mistyped status is compared with, for "did you mean".
    static let statusSpellings = [
        "to-read", "reading", "read", "abandoned", "finished", "want-to-read",
        "currently-reading", "dnf", "done", "started", "dropped",
    ]

    func matches(_ book: Book) -> Bool {
        switch query.operation {
        case .regex:
            return book.queryTexts(of: query.name).contains { text in
                regex?.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
            }
        case .exact:
            return exactMatch(book)
        case .matches:
            return looseMatch(book)
        case .less, .lessOrEqual, .greater, .greaterOrEqual:
            return compare(book, query.value, query.operation)
        case let .range(low, high):
            return (low.isEmpty || compare(book, low, .greaterOrEqual)) && (high.isEmpty || compare(book, high, .lessOrEqual))
        }
    }

    private func exactMatch(_ book: Book) -> Bool {
        switch kind {
        case .status: return book.status == ReadingStatus(alias: query.value)
        case .ownership: return book.ownership == Ownership(word: query.value)
        case .isbn: return isbnMatch(book)
        case .tags: return book.tags.contains { TextFolding.foldTag($0) == TextFolding.foldTag(query.value) }
        default:
            let wanted = TextFolding.fold(query.value)
            return book.queryTexts(of: query.name).contains { TextFolding.fold($0) == wanted }
        }
    }

    private func looseMatch(_ book: Book) -> Bool {
        switch kind {
        case .status: return book.status == ReadingStatus(alias: query.value)
        case .ownership: return book.ownership == Ownership(word: query.value)
        case .tags: return book.hasTag(query.value)
        case .isbn: return isbnMatch(book)
        case .number: return book.queryNumber(of: query.name) == Double(query.value)
        case .date: return compare(book, query.value, .matches)
        case .bool:
            let wanted = ["true", "yes", "y", "on", "1"].contains(query.value.lowercased())
            return book.queryTexts(of: query.name).first.map { $0 == "true" } == wanted
        case .custom where Double(query.value) != nil && book.queryNumber(of: query.name) != nil:
            return book.queryNumber(of: query.name) == Double(query.value)
        case .text, .list, .custom:
            let fieldWords = book.queryTexts(of: query.name).flatMap(TextFolding.words)
            return !words.isEmpty
                && words.allSatisfy { word in fieldWords.contains { $0 == word || $0.hasPrefix(word) && word == words.last } }
        }
    }

    private func isbnMatch(_ book: Book) -> Bool {
        if let wanted = ISBN.parse(query.value) { return book.isbns13.contains(wanted.isbn13) }
        let digits = query.value.filter(\.isNumber)
        return !digits.isEmpty && (book.isbn?.filter(\.isNumber).contains(digits) ?? false)
    }

    /// Compares the field with `value` as numbers when both are numbers, else as date spans.
    private func compare(_ book: Book, _ value: String, _ operation: FieldQuery.Operation) -> Bool {
        if kind != .date, let wanted = Double(value), let number = book.queryNumber(of: query.name) {
            return FieldMatcher.compare(number, wanted, operation)
        }
        guard let span = DateSpan.parse(value, today: today) else { return false }
        // `started` and `finished` match when any read does (`finished:2024` finds a re-read).
        return book.queryDates(of: query.name).contains { FieldMatcher.compare(day: DateSpan($0).first, span, operation) }
    }

    /// `number` against `wanted`, as a comparison of the query asks.
    static func compare(_ number: Double, _ wanted: Double, _ operation: FieldQuery.Operation) -> Bool {
        switch operation {
        case .less: return number < wanted
        case .lessOrEqual: return number <= wanted
        case .greater: return number > wanted
        case .greaterOrEqual: return number >= wanted
        default: return number == wanted
        }
    }

    /// A date's first day (days since 1970) against a span, as a comparison of the query asks:
    /// `<=` means up to the span's last day, `>=` from its first, a plain match within it.
    static func compare(day: Int, _ span: DateSpan, _ operation: FieldQuery.Operation) -> Bool {
        switch operation {
        case .less: return day < span.first
        case .lessOrEqual: return day <= span.last
        case .greater: return day > span.last
        case .greaterOrEqual: return day >= span.first
        default: return day >= span.first && day <= span.last
        }
    }
}
