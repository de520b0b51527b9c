// Not `indirect`: lists and maps hold arrays, which already live on the heap, and a scalar kept
// inline saves an allocation for each of the millions of values a large library has.
/// A front-matter value as a YAML reader sees it, detached from the file's bytes.
public enum FieldValue: Sendable, Equatable {
    /// A scalar's text; `isPlain` is false for quoted and block scalars, which are always strings.
    case scalar(String, isPlain: Bool)
    case list([FieldValue])
    case map([FieldEntry])
    case null

    /// The scalar's text, or nil for a collection or null.
    public var text: String? {
        if case .scalar(let text, _) = self { return text }
        return nil
    }

    /// True when two values mean the same to a YAML reader: `"Dune"` and `Dune` do, `"4"` and `4`
    /// do not (the plain one is a number).
    func sameMeaning(as other: FieldValue) -> Bool {
        switch (self, other) {
        case let (.scalar(left, leftPlain), .scalar(right, rightPlain)):
            guard left == right else { return false }
            return leftPlain == rightPlain || !YAMLScalarWriter.looksTyped(left)
        case let (.list(left), .list(right)):
            return left.count == right.count && zip(left, right).allSatisfy { $0.sameMeaning(as: $1) }
        case let (.map(left), .map(right)):
            return left.count == right.count && zip(left, right).allSatisfy { $0.key == $1.key && $0.value.sameMeaning(as: $1.value) }
        case (.null, .null):
            return true
        default:
            return false
        }
    }

    /// The strings of a list, or the one string of a scalar.
    public var texts: [String] {
        switch self {
        case .scalar(let text, _): return text.isEmpty ? [] : [text]
        case .list(let items): return items.compactMap(\.text)
        case .map, .null: return []
        }
    }

    /// `texts == values` byte for byte (not only as characters: `ï` is `==` to `i` and a
    /// combining diaeresis), found without making the array.
    func hasTexts(_ values: [String]) -> Bool {
        switch self {
        case .scalar(let text, _):
            return text.isEmpty ? values.isEmpty : values.count == 1 && values[0].hasSameBytes(as: text)
        case .list(let items):
            var next = 0
            for item in items {
                guard let text = item.text else { continue }
                guard next < values.count, values[next].hasSameBytes(as: text) else { return false }
                next += 1
            }
            return next == values.count
        case .map, .null:
            return values.isEmpty
        }
    }

    /// Converts a YAML node, resolving aliases. A budget of nodes keeps a file of nested
    /// aliases ("billion laughs") from expanding without bound.
    init(_ node: YAMLNode) {
        var budget = 10_000
        self.init(node, budget: &budget, depth: 0)
    }

    /// Deeper than this, a value is cut off as null: a chain of aliases (`b2: &b2 [*b1]`…) would
    /// otherwise recurse once per link, past what the stack holds.
    static let maximumDepth = 1_024

    private init(_ node: YAMLNode, budget: inout Int, depth: Int) {
        budget -= 1
        guard budget >= 0, depth <= FieldValue.maximumDepth else {
            self = .null
            return
        }
        switch node {
        case .scalar(let scalar):
            if scalar.isNull {
                self = .null
            } else {
                let isString = scalar.style != .plain || scalar.tag == "tag:yaml.org,2002:str"
                self = .scalar(scalar.value, isPlain: !isString)
            }
        case .sequence(let sequence):
            var items: [FieldValue] = []
            items.reserveCapacity(sequence.items.count)
            for item in sequence.items { items.append(FieldValue(item, budget: &budget, depth: depth + 1)) }
            self = .list(items)
        case .mapping(let mapping):
            var entries: [FieldEntry] = []
            for pair in mapping.entries {
                let key = FieldValue(pair.key, budget: &budget, depth: depth + 1).text ?? ""
                entries.append(FieldEntry(key: key, value: FieldValue(pair.value, budget: &budget, depth: depth + 1)))
            }
            self = .map(entries)
        case .alias(let alias):
            if let target = alias.target {
                self.init(target, budget: &budget, depth: depth + 1)
            } else {
                self = .null
            }
        }
    }
}

/// A key and its value inside a map, or at the top of the front matter.
public struct FieldEntry: Sendable, Equatable {
    /// The key as written.
    public var key: String
    /// The key's value.
    public var value: FieldValue

    init(key: String, value: FieldValue) {
        self.key = key
        self.value = value
    }
}
