import ShelfPresentation

/// A `key=value`, `key+=value` or `key-=value` from the command line, checked by key and turned
/// into an edit: ratings 1–5, statuses (aliases written canonically), dates, ISBN check digits,
/// page counts; any other key takes a string.
public struct FieldAssignment: Sendable, Equatable {
    /// What the assignment does to the key's value.
    public enum Operation: Sendable, Equatable {
        case set, add, remove
    }

    var key: String
    var operation: Operation
    var value: String

    /// Parses `key=value`, `key+=value` or `key-=value`.
    public init(parsing text: String) throws(EditError) {
        guard let equals = text.firstIndex(of: "=") else {
            throw .invalidValue(key: text, reason: "expected key=value, key+=value or key-=value")
        }
        var key = String(text[..<equals])
        operation = .set
        if key.hasSuffix("+") {
            operation = .add
            key.removeLast()
        } else if key.hasSuffix("-") {
            operation = .remove
            key.removeLast()
        }
        self.key = key.trimmingSpaces
        value = String(text[text.index(after: equals)...]).trimmingSpaces
        guard !self.key.isEmpty else { throw .invalidValue(key: text, reason: "the key is empty") }
    }

    /// An assignment made in code: `key=value` (`.set`), `key+=value` (`.add`) or `key-=value` (`.remove`).
    public init(key: String, operation: Operation = .set, value: String) {
        self.key = key
        self.operation = operation
        self.value = value
    }

    /// The edit this assignment stands for, after checking the value.
    /// - Parameter force: accept an ISBN whose check digit is wrong.
    public func edit(force: Bool = false) throws(EditError) -> FieldEdit {
        let field = CanonicalField(key: key)
        switch operation {
        case .add, .remove:
            if let field, !field.isList {
                throw .invalidValue(key: key, reason: "not a list; use \(key)=value")
            }
            guard !value.isEmpty else { throw .invalidValue(key: key, reason: "no value to \(operation == .add ? "add" : "remove")") }
            return operation == .add ? .add(key, value) : .remove(key, value)
        case .set:
            if value.isEmpty {
                // `key=` removes a key, but a book without a title is no book: say so instead.
                if field == .title { throw FieldAssignment.emptyTitle }
                return .unset(key)
            }
            return .set(key, try FieldAssignment.checked(value, for: field, key: key, force: force))
        }
    }

    /// The edits this assignment stands for: one, except that `tags+=a,b` (and `-=`, and the
    /// same for genres) adds or removes each comma-separated item, as `tags=a,b` sets them.
    /// Authors are never split: a name may hold a comma (`Le Guin, Ursula`).
    public func edits(force: Bool = false) throws(EditError) -> [FieldEdit] {
        let field = CanonicalField(key: key)
        guard operation != .set, field == .tags || field == .genres, value.contains(",") else {
            return [try edit(force: force)]
        }
        let items = value.split(separator: ",", omittingEmptySubsequences: false).map { String($0).trimmingSpaces }
        guard !items.contains(where: \.isEmpty) else {
            throw .invalidValue(key: key, reason: "'\(value)' holds an empty item; separate \(key) with single commas")
        }
        return items.map { operation == .add ? .add(key, $0) : .remove(key, $0) }
    }

    /// The error for a title set to nothing (`title=`, `add --title ""`, an import row).
    public static let emptyTitle = EditError.invalidValue(key: "title", reason: "a book needs a title; it cannot be empty")

    /// A tag (or another list item) to add or remove, refused when empty or only spaces.
    public static func checkedItem(_ item: String, key: String = "tags") throws(EditError) -> String {
        let trimmed = item.trimmingSpaces
        guard !trimmed.isEmpty else {
            throw .invalidValue(key: key, reason: "an empty \(key == "tags" ? "tag" : "item") cannot be added or removed")
        }
        return trimmed
    }

    /// A value checked against its field's type.
    static func checked(_ value: String, for field: CanonicalField?, key: String, force: Bool = false) throws(EditError) -> NewValue {
        switch field {
        case .rating?:
            // Half and quarter stars are ratings; a number is written as a number (`4.5`).
            guard let rating = Double(value), rating.isFinite, rating > 0, rating <= 5, (rating * 4).rounded() == rating * 4 else {
                throw .invalidValue(key: key, reason: "'\(value)' is not a rating: use a number of stars from 0.5 to 5 (4, 4.5)")
            }
            return .typed(Rating.number(rating))
        case .status?:
            guard let status = ReadingStatus(alias: value) else {
                let hint = NearestName.hint(for: value, among: FieldMatcher.statusSpellings).map { " (\($0))" } ?? ""
                throw .invalidValue(key: key, reason: "'\(value)' is not a status\(hint): use to-read, reading, read or abandoned")
            }
            return .string(status.rawValue)
        case .ownership?:
            guard let ownership = Ownership(word: value) else {
                throw .invalidValue(key: key, reason: "'\(value)' is not an ownership: use owned, wishlist, borrowed or library")
            }
            return .string(ownership.rawValue)
        case .added?, .started?, .finished?, .published?:
            guard let date = BookDate(value) else {
                throw .invalidValue(key: key, reason: "'\(value)' is not a date: use YYYY-MM-DD (or YYYY, YYYY-MM)")
            }
            return .typed(date.canonicalText)
        case .isbn?:
            do {
                _ = try ISBN(validating: value)
            } catch {
                if !force {
                    throw .invalidValue(key: key, reason: "'\(value)' is not a valid ISBN (\(error)); --force writes it anyway")
                }
            }
            return .string(value)
        case .pages?:
            guard let pages = Int(value), pages >= 0 else {
                throw .invalidValue(key: key, reason: "'\(value)' is not a page count")
            }
            return .typed(String(pages))
        case .seriesIndex?:
            guard let number = Double(value), number.isFinite else {
                throw .invalidValue(key: key, reason: "'\(value)' is not a number")
            }
            return .typed(value)
        case .favorite?:
            switch value.lowercased() {
            case "true", "yes", "y", "on": return .typed("true")
            case "false", "no", "n", "off": return .typed("false")
            default: throw .invalidValue(key: key, reason: "'\(value)' is not true or false")
            }
        case .tags?, .genres?:
            let items = value.split(separator: ",", omittingEmptySubsequences: false).map { String($0).trimmingSpaces }
            guard !items.contains(where: \.isEmpty) else {
                throw .invalidValue(key: key, reason: "'\(value)' holds an empty item; separate \(key) with single commas")
            }
            return .list(items)
        case .authors?:
            return .list([value])
        case .title?:
            guard !value.trimmingSpaces.isEmpty else { throw FieldAssignment.emptyTitle }
            return .string(value)
        case .copies?:
            throw .invalidValue(key: key, reason: "copies is a list of maps; edit it by hand (shelf edit)")
        default:
            return .string(value)
        }
    }
}
