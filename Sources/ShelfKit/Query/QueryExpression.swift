/// A parsed query.
public indirect enum QueryExpression: Sendable, Equatable {
    /// Every book (the empty query).
    case all
    case and([QueryExpression])
    case or([QueryExpression])
    case not(QueryExpression)
    /// A folded word that must match somewhere; `prefix` for the query's last word.
    case word(String, prefix: Bool)
    /// Folded words that must appear in order.
    case phrase([String])
    case field(FieldQuery)
    /// The field is present with a value.
    case has(String)

    /// True when answering needs the words of the notes.
    public var needsNotes: Bool {
        switch self {
        case .all, .field, .has: return false
        case .word, .phrase: return true
        case .and(let parts), .or(let parts): return parts.contains { $0.needsNotes }
        case .not(let inner): return inner.needsNotes
        }
    }

    /// The words and phrases a book must hold (outside negations), for ranking and snippets.
    public var positiveTerms: [[String]] {
        switch self {
        case .all, .field, .has, .not: return []
        case .word(let word, _): return [[word]]
        case .phrase(let words): return [words]
        case .and(let parts), .or(let parts): return parts.flatMap(\.positiveTerms)
        }
    }
}

/// `field:value` in any of its forms.
public struct FieldQuery: Sendable, Equatable {
    /// How the value is compared with the field's.
    public enum Operation: Sendable, Equatable {
        /// Words within the field (text), or equality for status, tags, ISBNs, numbers and dates.
        case matches
        /// `field:=value`: the whole value, folded.
        case exact
        /// `field:/regex/`.
        case regex
        case less, lessOrEqual, greater, greaterOrEqual
        /// `field:a..b`; either end may be empty.
        case range(String, String)
    }

    /// The field as written in the query.
    var name: String
    var operation: Operation
    var value: String

    /// `name` compared with `value` by `operation`.
    public init(name: String, operation: Operation, value: String) {
        self.name = name
        self.operation = operation
        self.value = value
    }
}
