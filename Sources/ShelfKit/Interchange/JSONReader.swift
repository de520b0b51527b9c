import ShelfPresentation

/// Parses JSON text into a `JSONValue`, keeping the order of object members (Foundation's reader
/// loses it, and a restored book keeps its keys in their order).
struct JSONReader {
    /// Where and why the text is not JSON.
    struct Failure: Error, Sendable, CustomStringConvertible {
        var offset: Int
        var reason: String
        var description: String { "malformed JSON at character \(offset + 1): \(reason)" }
    }

    private let scalars: [Unicode.Scalar]
    private var index = 0
    private var depth = 0

    /// Parses one JSON value (with whitespace around it) from `text`.
    static func parse(_ text: String) throws(Failure) -> JSONValue {
        var reader = JSONReader(scalars: Array(text.unicodeScalars))
        if reader.scalars.first == "\u{FEFF}" { reader.index = 1 }
        let value = try reader.value()
        reader.skipSpace()
        guard reader.index == reader.scalars.count else { throw reader.failure("text after the value") }
        return value
    }

    private init(scalars: [Unicode.Scalar]) {
        self.scalars = scalars
    }

    private mutating func value() throws(Failure) -> JSONValue {
        skipSpace()
        guard index < scalars.count else { throw failure("unexpected end") }
        switch scalars[index] {
        case "{": return try object()
        case "[": return try array()
        case "\"": return .string(try string())
        case "t": return try literal("true", .bool(true))
        case "f": return try literal("false", .bool(false))
        case "n": return try literal("null", .null)
        default: return try number()
        }
    }

    private mutating func object() throws(Failure) -> JSONValue {
        try enter()
        defer { depth -= 1 }
        index += 1
        var members: [(String, JSONValue)] = []
        skipSpace()
        if peek("}") { index += 1; return .object(members) }
        while true {
            skipSpace()
            guard peek("\"") else { throw failure("expected a member name in quotes") }
            let key = try string()
            skipSpace()
            guard peek(":") else { throw failure("expected ':'") }
            index += 1
            members.append((key, try value()))
            skipSpace()
            if peek(",") { index += 1; continue }
            if peek("}") { index += 1; return .object(members) }
            throw failure("expected ',' or '}'")
        }
    }

    private mutating func array() throws(Failure) -> JSONValue {
        try enter()
        defer { depth -= 1 }
        index += 1
        var items: [JSONValue] = []
        skipSpace()
        if peek("]") { index += 1; return .array(items) }
        while true {
            items.append(try value())
            skipSpace()
            if peek(",") { index += 1; continue }
            if peek("]") { index += 1; return .array(items) }
            throw failure("expected ',' or ']'")
        }
    }

    private mutating func string() throws(Failure) -> String {
        index += 1
        var output = String.UnicodeScalarView()
        while index < scalars.count {
            let scalar = scalars[index]
            index += 1
            if scalar == "\"" { return String(output) }
            guard scalar == "\\" else {
                guard scalar.value >= 0x20 else { throw failure("a control character in a string") }
                output.append(scalar)
                continue
            }
            guard index < scalars.count else { break }
            let escape = scalars[index]
            index += 1
            switch escape {
            case "\"", "\\", "/": output.append(escape)
            case "b": output.append("\u{08}")
            case "f": output.append("\u{0C}")
            case "n": output.append("\n")
            case "r": output.append("\r")
            case "t": output.append("\t")
            case "u":
                var unit = try hex4()
                if (0xD800..<0xDC00).contains(unit), peek("\\"), index + 1 < scalars.count, scalars[index + 1] == "u" {
                    index += 2
                    let low = try hex4()
                    unit = 0x10000 + ((unit - 0xD800) << 10) + (low &- 0xDC00)
                }
                output.append(Unicode.Scalar(unit) ?? "\u{FFFD}")
            default: throw failure("unknown escape \\\(escape)")
            }
        }
        throw failure("a string never closes")
    }

    private mutating func hex4() throws(Failure) -> UInt32 {
        guard index + 4 <= scalars.count else { throw failure("short \\u escape") }
        var value: UInt32 = 0
        for scalar in scalars[index..<(index + 4)] {
            guard let digit = UInt32(String(scalar), radix: 16) else { throw failure("bad \\u escape") }
            value = value * 16 + digit
        }
        index += 4
        return value
    }

    private mutating func number() throws(Failure) -> JSONValue {
        let start = index
        while index < scalars.count, "+-0123456789.eE".unicodeScalars.contains(scalars[index]) { index += 1 }
        var text = ""
        text.unicodeScalars.append(contentsOf: scalars[start..<index])
        guard !text.isEmpty else { throw failure("unexpected '\(scalars[start])'") }
        if !text.contains(where: { $0 == "." || $0 == "e" || $0 == "E" }), let integer = Int(text) { return .integer(integer) }
        guard let number = Double(text) else { throw failure("'\(text)' is not a number") }
        return .number(number)
    }

    private mutating func literal(_ word: String, _ value: JSONValue) throws(Failure) -> JSONValue {
        let expected = Array(word.unicodeScalars)
        guard index + expected.count <= scalars.count, Array(scalars[index..<(index + expected.count)]) == expected else {
            throw failure("unexpected '\(scalars[index])'")
        }
        index += expected.count
        return value
    }

    private mutating func enter() throws(Failure) {
        depth += 1
        guard depth <= 512 else { throw failure("nested too deeply") }
    }

    private func peek(_ scalar: Unicode.Scalar) -> Bool { index < scalars.count && scalars[index] == scalar }

    private mutating func skipSpace() {
        while index < scalars.count, [" ", "\n", "\r", "\t"].contains(scalars[index]) { index += 1 }
    }

    private func failure(_ reason: String) -> Failure { Failure(offset: index, reason: reason) }
}

extension JSONValue {
    /// The member `key` of an object.
    subscript(key: String) -> JSONValue? {
        guard case .object(let members) = self else { return nil }
        return members.first { $0.0 == key }?.1
    }

    /// The text of a string, or of a number or boolean written as text.
    var scalarText: String? {
        switch self {
        case .string(let text): return text
        case .integer(let value): return String(value)
        case .number(let value): return ImportCells.number(value)
        case .bool(let value): return value ? "true" : "false"
        case .null, .array, .object: return nil
        }
    }
}
