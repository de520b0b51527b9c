/// Parses the query language into a `QueryExpression`.
///
/// ```
/// query   := or
/// or      := and ("OR" and)*
/// and     := unary ("AND"? unary)*
/// unary   := ("-" | "NOT") unary | primary
/// primary := "(" or ")" | word | "phrase" | field:value | has:field | @saved
/// ```
public struct QueryParser {
    /// Saved queries by name (`shelf.yaml`'s `queries:`), on top of the built-in ones.
    public var savedQueries: [String: String]

    /// The queries every library has.
    static let builtInQueries: [String: String] = [
        "reading": "status:reading",
        "to-read": "status:to-read",
        "recent": "finished:>=-90d",
        "unrated": "status:read -has:rating",
    ]

    /// The day relative dates (`-30d`) count from.
    var today: BookDate

    init(savedQueries: [String: String] = [:], today: BookDate) {
        self.savedQueries = QueryParser.builtInQueries.merging(savedQueries) { _, user in user }
        self.today = today
    }

    /// Parses `query`; an empty query matches every book.
    ///
    /// Saved queries are expanded where they are used, within limits: one that uses itself
    /// (directly or through others) is refused, and so is one whose expansion grows past
    /// `ExpansionBudget`'s limits (`@a` = `@b @b`, `@b` = `@c @c`… doubles at every level), so a
    /// hostile `shelf.yaml` gets a clear error in a moment, never hours of work or the memory.
    public func parse(_ query: String) throws(QueryError) -> QueryExpression {
        try parse(query, expanding: [], budget: ExpansionBudget())
    }

    /// - Parameter expanding: the saved queries being expanded, outermost first, to catch a loop.
    private func parse(_ query: String, expanding: [String], budget: ExpansionBudget) throws(QueryError) -> QueryExpression {
        var lexer = QueryLexer(query)
        var tokens = try lexer.tokens()
        // `shelf search '!!!'`: nothing to search for. Matching every book would mislead.
        if let first = tokens.first,
            tokens.allSatisfy({ token in
                if case .word(let text) = token.kind { return TextFolding.words(text).isEmpty && ISBN.parse(text) == nil }
                return false
            })
        {
            throw QueryError.noWords(query.trimmingSpaces, column: first.column, query: query)
        }
        try budget.spend(terms: tokens.count, characters: query.utf8.count, expanding: expanding, query: query)
        // The last bare word also matches as a prefix: results appear while a word is half typed.
        // A negated word is not widened: `-ann` should not also exclude every `anne`.
        if let last = tokens.indices.last(where: { index in
            guard case .word = tokens[index].kind else { return false }
            return index == 0 || tokens[index - 1].kind != .not
        }),
            case .word(let text) = tokens[last].kind
        {
            tokens[last].kind = .word(text + "\u{0}")
        }
        var state = State(tokens: tokens, query: query, parser: self, expanding: expanding, budget: budget)
        guard !tokens.isEmpty else { return .all }
        let expression = try state.parseOr()
        if state.position < tokens.count {
            let token = tokens[state.position]
            throw QueryError(token.kind == .close ? "unmatched ')'" : "unexpected text", column: token.column, query: query)
        }
        return expression
    }

    private struct State {
        var tokens: [QueryToken]
        var query: String
        var parser: QueryParser
        var expanding: [String]
        let budget: ExpansionBudget
        var position = 0
        /// How many `(` and `NOT` enclose the current term, to refuse a nesting deep enough to
        /// exhaust the stack.
        var depth = 0

        mutating func parseOr() throws(QueryError) -> QueryExpression {
            var parts = [try parseAnd()]
            while position < tokens.count, tokens[position].kind == .or {
                position += 1
                parts.append(try parseAnd())
            }
            return parts.count == 1 ? parts[0] : .or(parts)
        }

        mutating func parseAnd() throws(QueryError) -> QueryExpression {
            var parts = [try parseUnary()]
            while position < tokens.count {
                let kind = tokens[position].kind
                if kind == .or || kind == .close { break }
                if kind == .and { position += 1 }
                parts.append(try parseUnary())
            }
            return parts.count == 1 ? parts[0] : .and(parts)
        }

        mutating func parseUnary() throws(QueryError) -> QueryExpression {
            guard position < tokens.count else {
                throw QueryError("the query ends where a term was expected", column: query.count + 1, query: query)
            }
            if tokens[position].kind == .not {
                try enter(tokens[position])
                defer { depth -= 1 }
                position += 1
                return .not(try parseUnary())
            }
            return try parsePrimary()
        }

        mutating func parsePrimary() throws(QueryError) -> QueryExpression {
            let token = tokens[position]
            position += 1
            switch token.kind {
            case .open:
                try enter(token)
                defer { depth -= 1 }
                let inner = try parseOr()
                guard position < tokens.count, tokens[position].kind == .close else {
                    throw QueryError("the '(' opened here is not closed", column: token.column, query: query)
                }
                position += 1
                return inner
            case .word(let text):
                let isPrefix = text.hasSuffix("\u{0}")
                // A hyphenated ISBN is one word, not the phrase of its digit groups.
                if let isbn = ISBN.parse(isPrefix ? String(text.dropLast()) : text) {
                    return .word(isbn.isbn13, prefix: false)
                }
                let words = TextFolding.words(isPrefix ? String(text.dropLast()) : text)
                // A lone `-` or `,` among other terms is no term (a query of nothing else is refused above).
                guard !words.isEmpty else { return .all }
                if words.count == 1 { return .word(words[0], prefix: isPrefix) }
                // `sci-fi` is the phrase "sci fi".
                return .phrase(words)
            case .phrase(let text):
                let words = TextFolding.words(text)
                return words.count == 1 ? .word(words[0], prefix: false) : words.isEmpty ? .all : .phrase(words)
            case let .field(name, operation, value):
                if name.lowercased() == "has" {
                    return .has(value)
                }
                let field = FieldQuery(name: name, operation: operation, value: value)
                do {
                    _ = try FieldMatcher(field, today: parser.today)
                } catch {
                    // The matcher's column counts within the value.
                    throw QueryError(error.message, column: (token.valueColumn ?? token.column) + error.column - 1, query: query)
                }
                return .field(field)
            case .saved(let name):
                guard let saved = parser.savedQueries[name] else {
                    throw QueryError("no saved query @\(name) (shelf.yaml lists them under queries:)", column: token.column, query: query)
                }
                guard !expanding.contains(name) else {
                    let loop = (expanding.drop { $0 != name } + [name]).map { "@" + $0 }.joined(separator: " → ")
                    throw QueryError("@\(name) refers to itself (\(loop))", column: token.column, query: query)
                }
                do {
                    return try parser.parse(saved, expanding: expanding + [name], budget: budget)
                } catch {
                    // An error inside a saved query is reported once, at the outermost @name.
                    if !expanding.isEmpty { throw error }
                    throw QueryError("in @\(name): \(error.message)", column: token.column, query: query)
                }
            case .close:
                throw QueryError("unmatched ')'", column: token.column, query: query)
            case .or, .and:
                throw QueryError("OR and AND go between two terms", column: token.column, query: query)
            case .not:
                throw QueryError("nothing to negate", column: token.column, query: query)
            }
        }

        /// One level deeper into `(` or `NOT`, refused past `ExpansionBudget.maximumDepth`.
        private mutating func enter(_ token: QueryToken) throws(QueryError) {
            depth += 1
            guard depth <= ExpansionBudget.maximumDepth else {
                throw QueryError(
                    "the query nests more than \(ExpansionBudget.maximumDepth) levels deep", column: token.column, query: query)
            }
        }
    }
}

/// What one parse may expand, across every saved query it uses: bounded so that the work and
/// the memory stay small whatever `shelf.yaml` holds.
final class ExpansionBudget {
    /// Terms (tokens) over the query and every expansion of a saved query.
    static let maximumTerms = 10_000
    /// Characters lexed, over the query and every expansion.
    static let maximumCharacters = 1_000_000
    /// Saved queries inside saved queries, and `(` or `NOT` inside each other.
    static let maximumDepth = 100

    private var terms = 0
    private var characters = 0

    /// Counts one query's text; throws once the totals pass the limits, naming the chain of
    /// saved queries being expanded.
    func spend(terms more: Int, characters moreCharacters: Int, expanding: [String], query: String) throws(QueryError) {
        terms += more
        characters += moreCharacters
        if expanding.count > ExpansionBudget.maximumDepth {
            throw QueryError(
                "saved queries nest more than \(ExpansionBudget.maximumDepth) deep (\(ExpansionBudget.chain(expanding)))",
                column: 1, query: query)
        }
        if terms > ExpansionBudget.maximumTerms || characters > ExpansionBudget.maximumCharacters {
            if expanding.isEmpty {
                throw QueryError("the query is longer than \(ExpansionBudget.maximumTerms) terms", column: 1, query: query)
            }
            throw QueryError(
                "saved queries expand to more than \(ExpansionBudget.maximumTerms) terms (\(ExpansionBudget.chain(expanding))); "
                    + "does one use another several times at each level?", column: 1, query: query)
        }
    }

    /// `@a → @b → @c`, shortened in the middle when long.
    static func chain(_ names: [String]) -> String {
        let shown = names.count > 6 ? Array(names.prefix(3)) + ["…"] + Array(names.suffix(2)) : names
        return shown.map { $0 == "…" ? $0 : "@" + $0 }.joined(separator: " → ")
    }
}

extension QueryError {
    /// A search for text with no letters or digits (`!!!`): it could match nothing, and saying so
    /// is kinder than listing every book or none in silence.
    static func noWords(_ text: String, column: Int, query: String) -> QueryError {
        QueryError(
            "'\(text)' has no letters or digits to search for, so it matches nothing; "
                + "search for words, or quote a field value (title:\"!!!\")",
            column: column, query: query)
    }
}
