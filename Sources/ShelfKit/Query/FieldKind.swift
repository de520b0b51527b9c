/// How a field's values compare in queries.
enum FieldKind {
    case text, list, tags, status, isbn, number, date, bool, ownership
    /// A field of the user's own, typed by what the query compares it with.
    case custom

    init(_ field: CanonicalField?) {
        switch field {
        case .authors?, .genres?: self = .list
        case .tags?: self = .tags
        case .status?: self = .status
        case .isbn?: self = .isbn
        case .rating?, .pages?, .seriesIndex?: self = .number
        case .added?, .started?, .finished?, .published?: self = .date
        case .favorite?: self = .bool
        case .ownership?: self = .ownership
        case nil: self = .custom
        default: self = .text
        }
    }
}

extension Book {
    /// The texts of a field named canonically or as written, as a query matches them (and
    /// `ls --format` fills a placeholder): list items one by one, nested values flattened.
    public func queryTexts(of name: String) -> [String] {
        switch CanonicalField(key: name) {
        case .title?: return [title]
        case .authors?: return authors
        case .tags?: return tags
        case .genres?: return genres
        case .status?: return status.map { [$0.rawValue] } ?? []
        case .rating?: return rating.map { [Rating.number($0)] } ?? []
        case .pages?: return pages.map { [String($0)] } ?? []
        case .added?: return added.map { [$0.text] } ?? []
        case .started?: return started.map { [$0.text] } ?? []
        case .finished?: return finished.map { [$0.text] } ?? []
        case .published?: return published.map { [$0.text] } ?? []
        case .favorite?: return favorite.map { [$0 ? "true" : "false"] } ?? []
        case .ownership?: return ownership.map { [$0.rawValue] } ?? []
        default: return value(of: name).map(Book.flatten) ?? []
        }
    }

    /// The number of a numeric field, canonical or the user's own.
    func queryNumber(of name: String) -> Double? {
        switch CanonicalField(key: name) {
        case .rating?: return rating
        case .pages?: return pages.map(Double.init)
        case .seriesIndex?: return seriesIndex
        default: return queryTexts(of: name).first.flatMap { Double($0) }
        }
    }

    /// The date of a date field, canonical or the user's own.
    func queryDate(of name: String) -> BookDate? {
        switch CanonicalField(key: name) {
        case .added?: return added
        case .started?: return started
        case .finished?: return finished
        case .published?: return published
        default: return queryTexts(of: name).first.flatMap { BookDate($0) }
        }
    }

    /// True when the field is present with a value.
    func hasValue(_ name: String) -> Bool {
        switch CanonicalField(key: name) {
        case .title?: return true
        case .isbn?: return isbn != nil
        case .copies?: return value(of: name).map { !Book.flatten($0).isEmpty } ?? false
        case .seriesIndex?: return seriesIndex != nil
        default: return !queryTexts(of: name).filter { !$0.isEmpty }.isEmpty
        }
    }

    private static func flatten(_ value: FieldValue) -> [String] {
        switch value {
        case .null: return []
        case .scalar(let text, _): return text.isEmpty ? [] : [text]
        case .list(let items): return items.flatMap(flatten)
        case .map(let entries): return entries.flatMap { flatten($0.value) }
        }
    }
}
