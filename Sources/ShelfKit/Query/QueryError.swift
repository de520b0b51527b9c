/// A query that cannot be read, with the 1-based column where it went wrong.
public struct QueryError: Error, Sendable, Equatable, CustomStringConvertible {
    public var message: String
    public var column: Int
    /// The query text the column points into.
    public var query: String

    public init(_ message: String, column: Int, query: String) {
        self.message = message
        self.column = column
        self.query = query
    }

    /// The message, the query, and a caret under the column.
    public var description: String {
        "\(message) (column \(column))\n  \(query)\n  " + String(repeating: " ", count: max(0, column - 1)) + "^"
    }
}
