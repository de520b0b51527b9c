/// A query that cannot be read, with the 1-based column where it went wrong.
public struct QueryError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What is wrong, said to the user.
    public var message: String
    var column: Int
    /// The query text the column points into.
    var query: String

    init(_ message: String, column: Int, query: String) {
        self.message = message
        self.column = column
        self.query = query
    }

    /// The message, the query, and a caret under the column.
    public var description: String {
        "\(message) (column \(column))\n  \(query)\n  " + caretIndent + "^"
    }

    /// Blanks as wide on a terminal as the query before the column: two for a wide (CJK,
    /// fullwidth) character, a tab for a tab, so the caret lands under the character itself.
    private var caretIndent: String {
        var indent = ""
        for character in query.prefix(max(0, column - 1)) {
            if character == "\t" {
                indent += "\t"
            } else if let scalar = character.unicodeScalars.first, QueryError.isWide(scalar.value) {
                indent += "  "
            } else {
                indent += " "
            }
        }
        return indent
    }

    private static func isWide(_ value: UInt32) -> Bool {
        (0x1100...0x115F).contains(value) || (0x2E80...0xA4CF).contains(value) || (0xAC00...0xD7A3).contains(value)
            || (0xF900...0xFAFF).contains(value) || (0xFF00...0xFF60).contains(value) || (0xFFE0...0xFFE6).contains(value)
            || (0x1F300...0x1F64F).contains(value) || (0x1F900...0x1F9FF).contains(value) || (0x20000...0x3FFFD).contains(value)
    }
}
