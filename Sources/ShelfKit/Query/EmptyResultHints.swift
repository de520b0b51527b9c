import ShelfPresentation

/// Why a query found no book, said in terms of the query the user typed: a field no book has
/// (`ratng:5` → did you mean `rating`?), a tag no book carries (nearest tag), a word no book holds
/// (nearest indexed word), or terms that each match books but never together.
public struct EmptyResultHints {
    /// The loaded library the query ran over.
    public let index: LibraryIndex
    let today: BookDate
    private let evaluator: QueryEvaluator

    /// Hints over `index`, with dates compared against `today`.
    /// - Parameter notesReader: the notes of a book, for queries that search notes; nil when not loaded.
    public init(index: LibraryIndex, today: BookDate, notesReader: (@Sendable (Book) -> String?)? = nil) {
        self.index = index
        self.today = today
        evaluator = QueryEvaluator(index: index, today: today, notesReader: notesReader)
    }

    /// One reason a query found nothing.
    public struct Hint: Sendable, Equatable {
        /// The hint, said to the user.
        public var text: String
        /// The query names a field no book has and shelf does not know: surely a slip, worth
        /// saying even to a script. The other hints explain a legitimate empty answer.
        public var isSlip: Bool
    }

    /// One hint per problem found, most specific first; empty when the library itself is empty
    /// or nothing better than "no match" can be said.
    public func hints(for expression: QueryExpression) -> [Hint] {
        guard !index.books.isEmpty else { return [] }
        var hints: [Hint] = []
        var matchingTerms: [(term: String, count: Int)] = []
        for term in Self.positiveLeaves(of: expression) {
            let count = evaluator.evaluate(term).count
            if count > 0 {
                matchingTerms.append((describe(term), count))
            } else if let hint = explainEmpty(term) {
                hints.append(hint)
            }
        }
        if hints.isEmpty, matchingTerms.count > 1 {
            let counts = matchingTerms.map { "\($0.term) matches \(Plural.count($0.count, "book"))" }
            hints.append(
                Hint(text: counts.joined(separator: ", ") + "; no book matches them all (join terms with OR to widen)", isSlip: false))
        }
        return hints
    }

    /// False when `hints(for:)` can hold no slip: no term of the query names a field shelf does
    /// not know. Decided from the query alone, before the library is loaded to explain it.
    public static func mayFindSlip(in expression: QueryExpression) -> Bool {
        positiveLeaves(of: expression).contains { term in
            switch term {
            case .field(let field): return CanonicalField(key: field.name) == nil
            case .has(let name): return CanonicalField(key: name) == nil
            default: return false
            }
        }
    }

    /// The terms a book must satisfy, through AND and OR (not under NOT).
    private static func positiveLeaves(of expression: QueryExpression) -> [QueryExpression] {
        switch expression {
        case .all, .not: return []
        case .and(let parts), .or(let parts): return parts.flatMap(positiveLeaves)
        default: return [expression]
        }
    }

    private func explainEmpty(_ term: QueryExpression) -> Hint? {
        if let name = fieldName(of: term), let slip = unknownField(name) { return Hint(text: slip, isSlip: true) }
        return explanation(of: term).map { Hint(text: $0, isSlip: false) }
    }

    private func fieldName(of term: QueryExpression) -> String? {
        switch term {
        case .field(let field): return field.name
        case .has(let name): return name
        default: return nil
        }
    }

    private func explanation(of term: QueryExpression) -> String? {
        switch term {
        case .field(let field):
            if CanonicalField(key: field.name) == .tags, field.operation == .matches || field.operation == .exact {
                let tags = index.tagCounts().map(\.tag)
                return "no book has the tag '\(field.value)'" + suffix(NearestName.hint(for: field.value, among: tags))
            }
            return "no book matches \(describe(term))"
        case .has(let name):
            return "no book has a value for '\(name)'"
        case .word(let word, let prefix):
            return "no book holds the word '\(word)'" + (prefix ? " (nor a word starting with it)" : "")
                + suffix(NearestName.hint(for: word, among: indexedWords()))
        case .phrase(let words):
            return "no book holds the phrase \"\(words.joined(separator: " "))\"; without quotes its words may be apart"
        default:
            return nil
        }
    }

    /// A hint when no book has the field and it is not one shelf knows.
    private func unknownField(_ name: String) -> String? {
        guard CanonicalField(key: name) == nil, !index.books.contains(where: { $0.value(of: name) != nil }) else { return nil }
        var known: [String] = []
        var seen = Set<String>()
        for book in index.books { for field in book.fields where seen.insert(field.key).inserted { known.append(field.key) } }
        for field in CanonicalField.allCases where seen.insert(field.rawValue).inserted { known.append(field.rawValue) }
        for field in CanonicalField.allCases { for alias in field.aliases where seen.insert(alias).inserted { known.append(alias) } }
        return "no book has a field '\(name)'" + suffix(NearestName.hint(for: name, among: known))
    }

    /// The words of titles, authors, series, tags and publishers, most common first.
    private func indexedWords() -> [String] {
        let indices = [index.titleWords, index.authorWords, index.seriesWords, index.tagWords, index.publisherWords]
        var counts: [String: Int] = [:]
        for posting in indices + [index.noteWords].compactMap({ $0 }) {
            for (term, count) in posting.termCounts { counts[term, default: 0] += count }
        }
        return counts.sorted { ($0.value, $1.key) > ($1.value, $0.key) }.map(\.key)
    }

    private func describe(_ term: QueryExpression) -> String {
        switch term {
        case .word(let word, _): return "'\(word)'"
        case .phrase(let words): return "\"\(words.joined(separator: " "))\""
        case .field(let field): return "'\(field.name):\(field.value)'"
        case .has(let name): return "'has:\(name)'"
        default: return "a term"
        }
    }

    private func suffix(_ hint: String?) -> String {
        hint.map { "; " + $0 } ?? ""
    }
}
