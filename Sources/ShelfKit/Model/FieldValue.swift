/// A front-matter value as a YAML reader sees it, detached from the file's bytes.
public indirect enum FieldValue: Sendable, Equatable {
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

    /// The strings of a list, or the one string of a scalar.
    public var texts: [String] {
        switch self {
        case .scalar(let text, _): return text.isEmpty ? [] : [text]
        case .list(let items): return items.compactMap(\.text)
        case .map, .null: return []
        }
    }

    /// Converts a YAML node, resolving aliases. A budget of nodes keeps a file of nested
    /// aliases ("billion laughs") from expanding without bound.
    init(_ node: YAMLNode) {
        var budget = 10_000
        self.init(node, budget: &budget)
    }

    private init(_ node: YAMLNode, budget: inout Int) {
        budget -= 1
        guard budget >= 0 else {
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
            for item in sequence.items { items.append(FieldValue(item, budget: &budget)) }
            self = .list(items)
        case .mapping(let mapping):
            var entries: [FieldEntry] = []
            for pair in mapping.entries {
                let key = FieldValue(pair.key, budget: &budget).text ?? ""
                entries.append(FieldEntry(key: key, value: FieldValue(pair.value, budget: &budget)))
            }
            self = .map(entries)
        case .alias(let alias):
            if let target = alias.target {
                self.init(target, budget: &budget)
            } else {
                self = .null
            }
        }
    }
}

/// A key and its value inside a map, or at the top of the front matter.
public struct FieldEntry: Sendable, Equatable {
    public var key: String
    public var value: FieldValue

    public init(key: String, value: FieldValue) {
        self.key = key
        self.value = value
    }
}
