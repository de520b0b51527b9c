/// A query as the web grid asks it: the search box's text in the query language, narrowed by
/// facets (a status, a tag, an author, a series). The facets join the
/// text's expression as nodes of the tree, never as text: a tag with a space
/// (`science fiction`) stays one tag, and a facet narrows all of `dune OR foundation`, not its
/// last word.
public struct FacetedQuery: Sendable, Equatable {
    /// The search box, in the query language (`shelf help query`).
    var text: String
    var status: String?
    var tag: String?
    var author: String?
    var series: String?

    /// The search box's `text` narrowed by the facets chosen (each nil when not chosen).
    public init(text: String, status: String? = nil, tag: String? = nil, author: String? = nil, series: String? = nil) {
        self.text = text
        self.status = status
        self.tag = tag
        self.author = author
        self.series = series
    }

    /// True when neither the text nor a facet narrows anything: every book matches.
    public var isEverything: Bool {
        text.trimmingSpaces.isEmpty && facets.isEmpty
    }

    /// The query's tree: the text's, and each facet as a match of its field.
    public func expression(parser: QueryParser) throws(QueryError) -> QueryExpression {
        let parsed = text.trimmingSpaces.isEmpty ? QueryExpression.all : try parser.parse(text)
        let narrowed = facets.map { QueryExpression.field(FieldQuery(name: $0.field, operation: $0.operation, value: $0.value)) }
        guard !narrowed.isEmpty else { return parsed }
        return .and((parsed == .all ? [] : [parsed]) + narrowed)
    }

    /// The facets given, each with the field it narrows and how: a tag as `tag:` matches it
    /// (in any case, with the tags nested below it, `sci-fi/space` under `sci-fi`), a status as
    /// any of its words, an author or a series as the whole name.
    private var facets: [(field: String, operation: FieldQuery.Operation, value: String)] {
        let given: [(String, FieldQuery.Operation, String?)] = [
            ("status", .matches, status), ("tag", .matches, tag), ("author", .exact, author), ("series", .exact, series),
        ]
        return given.compactMap { field, operation, value in
            guard let value, !value.trimmingSpaces.isEmpty else { return nil }
            return (field, operation, value)
        }
    }
}
