import Foundation

/// A token of the query language, with its 1-based column.
struct QueryToken: Equatable {
    enum Kind: Equatable {
        case word(String)
        case phrase(String)
        case field(name: String, operation: FieldQuery.Operation, value: String)
        case saved(String)
        case open, close, or, and, not
    }

    var kind: Kind
    var column: Int
    /// For `field:value`, the column of the value's first character (after `:`, the operator,
    /// an opening quote or `/`), where an error in the value points.
    var valueColumn: Int?

    init(kind: Kind, column: Int, valueColumn: Int? = nil) {
        self.kind = kind
        self.column = column
        self.valueColumn = valueColumn
    }
}

/// Splits a query into tokens: words, `"phrases"`, `field:value` (with `=`, `/regex/`, `>=`, `..`),
/// `@saved`, parentheses, `OR`, `AND`, `NOT` and `-` for negation.
struct QueryLexer {
    private let characters: [Character]
    private let query: String
    private var position = 0

    init(_ query: String) {
        self.query = query
        characters = Array(query)
    }

    mutating func tokens() throws(QueryError) -> [QueryToken] {
        var tokens: [QueryToken] = []
        while true {
            while position < characters.count && characters[position].isWhitespace { position += 1 }
            guard position < characters.count else { return tokens }
            let column = position + 1
            let character = characters[position]
            switch character {
            case "(":
                position += 1
                tokens.append(QueryToken(kind: .open, column: column))
            case ")":
                position += 1
                tokens.append(QueryToken(kind: .close, column: column))
            case "\"":
                tokens.append(QueryToken(kind: .phrase(try quoted()), column: column))
            case "-" where position + 1 < characters.count && !characters[position + 1].isWhitespace:
                position += 1
                tokens.append(QueryToken(kind: .not, column: column))
            case "@":
                position += 1
                let name = bare()
                guard !name.isEmpty else { throw QueryError("a saved query's name must follow @", column: column, query: query) }
                tokens.append(QueryToken(kind: .saved(name), column: column))
            default:
                tokens.append(try wordOrField(column: column))
            }
        }
    }

    private mutating func wordOrField(column: Int) throws(QueryError) -> QueryToken {
        let start = position
        while position < characters.count, isNameCharacter(characters[position]) { position += 1 }
        if position < characters.count, characters[position] == ":", position > start {
            let name = String(characters[start..<position])
            position += 1
            var valueColumn = column
            let kind = try fieldValue(name: name, column: column, valueColumn: &valueColumn)
            return QueryToken(kind: kind, column: column, valueColumn: valueColumn)
        }
        position = start
        let text = bare()
        switch text {
        case "OR": return QueryToken(kind: .or, column: column)
        case "AND": return QueryToken(kind: .and, column: column)
        case "NOT": return QueryToken(kind: .not, column: column)
        default: return QueryToken(kind: .word(text), column: column)
        }
    }

    private mutating func fieldValue(name: String, column: Int, valueColumn: inout Int) throws(QueryError) -> QueryToken.Kind {
        valueColumn = position + 1
        if position < characters.count, characters[position] == "/" {
            valueColumn += 1
            position += 1
            var pattern = ""
            while position < characters.count, characters[position] != "/" {
                if characters[position] == "\\", position + 1 < characters.count, characters[position + 1] == "/" {
                    position += 1
                }
                pattern.append(characters[position])
                position += 1
            }
            guard position < characters.count else {
                throw QueryError("the regular expression is not closed with /", column: valueColumn - 1, query: query)
            }
            position += 1
            return .field(name: name, operation: .regex, value: pattern)
        }
        var operation = FieldQuery.Operation.matches
        for (symbol, kind) in [
            (">=", FieldQuery.Operation.greaterOrEqual), ("<=", .lessOrEqual), (">", .greater), ("<", .less), ("=", .exact),
        ]
        where matches(symbol) {
            position += symbol.count
            operation = kind
            break
        }
        valueColumn = position + 1
        if position < characters.count, characters[position] == "\"" { valueColumn += 1 }
        let value = position < characters.count && characters[position] == "\"" ? try quoted() : bare()
        guard !value.isEmpty else {
            throw QueryError("'\(name):' needs a value", column: position + 1, query: query)
        }
        if operation == .matches, let dots = value.range(of: "..") {
            return .field(name: name, operation: .range(String(value[..<dots.lowerBound]), String(value[dots.upperBound...])), value: value)
        }
        return .field(name: name, operation: operation, value: value)
    }

    private func matches(_ symbol: String) -> Bool {
        let symbolCharacters = Array(symbol)
        guard position + symbolCharacters.count <= characters.count else { return false }
        return Array(characters[position..<(position + symbolCharacters.count)]) == symbolCharacters
    }

    private mutating func quoted() throws(QueryError) -> String {
        let column = position + 1
        position += 1
        var text = ""
        while position < characters.count, characters[position] != "\"" {
            if characters[position] == "\\", position + 1 < characters.count { position += 1 }
            text.append(characters[position])
            position += 1
        }
        guard position < characters.count else {
            throw QueryError("the quote opened here is not closed", column: column, query: query)
        }
        position += 1
        return text
    }

    /// Text up to whitespace or a parenthesis.
    private mutating func bare() -> String {
        let start = position
        while position < characters.count, !characters[position].isWhitespace, characters[position] != "(", characters[position] != ")" {
            position += 1
        }
        return String(characters[start..<position])
    }

    private func isNameCharacter(_ character: Character) -> Bool {
        character.isLetter || character.isNumber || character == "_" || character == "-" || character == "."
    }
}
