@testable import ShelfKit

/// A JSON value as PyYAML wrote it (`Fixtures/make_tricky.py`).
indirect enum ExpectedValue: Decodable, Equatable, CustomStringConvertible {
    case null
    case bool(Bool)
    case integer(Int)
    case number(Double)
    case string(String)
    case array([ExpectedValue])
    case object([String: ExpectedValue])

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Int.self) {
            self = .integer(value)
        } else if let value = try? container.decode(Double.self) {
            self = .number(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([ExpectedValue].self) {
            self = .array(value)
        } else {
            self = .object(try container.decode([String: ExpectedValue].self))
        }
    }

    var description: String {
        switch self {
        case .null: return "null"
        case .bool(let value): return "\(value)"
        case .integer(let value): return "\(value)"
        case .number(let value): return "\(value)"
        case .string(let value): return value.debugDescription
        case .array(let items): return "[" + items.map(\.description).joined(separator: ", ") + "]"
        case .object(let members):
            return "{" + members.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }.joined(separator: ", ") + "}"
        }
    }
}

/// The differences between shelf's reading of a value and PyYAML's, one line each, by path
/// (`copies[0].where`). Empty when they agree.
///
/// Scalars are compared by text, except where PyYAML typed a plain scalar: an int, float or bool
/// must be what `FieldValue.json` makes of the same plain scalar, and a timestamp must be the
/// same text with PyYAML's `T` between date and time. Quoted scalars are always strings.
func differences(_ value: FieldValue, _ expected: ExpectedValue, at path: String = "") -> [String] {
    func differ(_ why: String) -> [String] { ["\(path.isEmpty ? "(root)" : path): \(why)"] }
    switch (value, expected) {
    case (.null, .null):
        return []
    case (.scalar(let text, _), .string(let string)):
        if text == string { return [] }
        // PyYAML reads `2023-01-14 10:30:00` as a datetime, written back as `2023-01-14T10:30:00`.
        if case .scalar(_, isPlain: true) = value, BookDate(text) != nil,
            text.replacingFirstSpace(with: "T") == string
        {
            return []
        }
        return differ("shelf reads \(text.debugDescription), PyYAML \(string.debugDescription)")
    case (.scalar(let text, let isPlain), .integer), (.scalar(let text, let isPlain), .number):
        guard isPlain else { return differ("shelf reads the string \(text.debugDescription), PyYAML the number \(expected)") }
        let wanted: Double =
            if case .integer(let integer) = expected { Double(integer) } else if case .number(let number) = expected { number } else {
                .nan
            }
        switch value.json {
        case .integer(let integer) where Double(integer) == wanted: return []
        case .number(let number) where number == wanted: return []
        default: return differ("shelf types \(text.debugDescription) as \(value.json.serialized()), PyYAML as \(expected)")
        }
    case (.scalar(let text, _), .bool(let bool)):
        if value.json == .bool(bool) { return [] }
        return differ("shelf types \(text.debugDescription) as \(value.json.serialized()), PyYAML as \(bool)")
    case (.list(let items), .array(let expectedItems)):
        guard items.count == expectedItems.count else {
            return differ("shelf reads \(items.count) items, PyYAML \(expectedItems.count)")
        }
        return zip(items, expectedItems).enumerated().flatMap { index, pair in
            differences(pair.0, pair.1, at: "\(path)[\(index)]")
        }
    case (.map(let entries), .object(let members)):
        return differences(entries, members, at: path)
    default:
        return differ("shelf reads \(value), PyYAML \(expected)")
    }
}

/// Differences between the entries of a map (the last of a key written twice counts, as in
/// YAML readers) and a JSON object.
func differences(_ entries: [FieldEntry], _ members: [String: ExpectedValue], at path: String = "") -> [String] {
    var lastByKey: [String: FieldValue] = [:]
    for entry in entries { lastByKey[entry.key] = entry.value }
    var found: [String] = []
    for key in Set(lastByKey.keys).union(members.keys).sorted() {
        let childPath = path.isEmpty ? key : "\(path).\(key)"
        switch (lastByKey[key], members[key]) {
        case let (value?, expected?): found += differences(value, expected, at: childPath)
        case (_?, nil): found.append("\(childPath): only shelf reads this key")
        case (nil, _?): found.append("\(childPath): only PyYAML reads this key")
        case (nil, nil): break
        }
    }
    return found
}

extension String {
    func replacingFirstSpace(with replacement: Character) -> String {
        guard let space = firstIndex(of: " ") else { return self }
        var copy = self
        copy.replaceSubrange(space...space, with: String(replacement))
        return copy
    }
}
