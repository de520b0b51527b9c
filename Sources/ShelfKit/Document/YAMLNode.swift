/// How a scalar was written in the source. Edits keep the style where the new value allows it.
enum ScalarStyle: Sendable, Equatable {
    case plain
    case singleQuoted
    case doubleQuoted
    case literal
    case folded
}

/// A scalar as libyaml reads it, with the byte range of its whole token in the file
/// (quotes, `!tag`/`&anchor` prefixes and a block scalar's header included).
struct YAMLScalar: Sendable, Equatable {
    /// The value after unquoting and unescaping, as a YAML reader sees it.
    var value: String
    var style: ScalarStyle
    /// Byte range of the scalar's token in the file.
    var range: Range<Int>
    /// The explicit tag, if one was written (`!!str 1984`), as libyaml expands it.
    var tag: String?
    var anchor: String?

    /// True for `key:` with nothing after it: a plain, empty, untagged scalar.
    var isEmptyPlain: Bool { style == .plain && value.isEmpty && tag == nil }

    /// True when a YAML reader would take this plain scalar for null (`~`, `null`, empty).
    var isNull: Bool {
        guard style == .plain, tag == nil else { return false }
        switch value {
        case "", "~", "null", "Null", "NULL": return true
        default: return false
        }
    }
}

/// A sequence (`[a, b]` or a block of `- a` items) with its byte range.
struct YAMLSequence: Sendable, Equatable {
    var items: [YAMLNode]
    var isFlow: Bool
    var range: Range<Int>
    var anchor: String?
}

/// One `key: value` pair of a mapping.
struct YAMLMapEntry: Sendable, Equatable {
    var key: YAMLNode
    var value: YAMLNode
}

/// A mapping with its byte range; entries keep their written order.
struct YAMLMapping: Sendable, Equatable {
    var entries: [YAMLMapEntry]
    var isFlow: Bool
    var range: Range<Int>
    var anchor: String?
}

/// An alias (`*name`), with the node its anchor named at that point of the file (an anchor may
/// be redefined later). The target is shared, not copied, so a hostile file cannot blow up memory;
/// an alias to an undefined anchor, or to the node it sits inside, has no target.
struct YAMLAlias: Sendable, Equatable {
    var name: String
    var range: Range<Int>
    var target: YAMLNode?
}

/// A node of the front matter's YAML tree.
indirect enum YAMLNode: Sendable, Equatable {
    case scalar(YAMLScalar)
    case sequence(YAMLSequence)
    case mapping(YAMLMapping)
    case alias(YAMLAlias)

    /// The byte range of the node in the file.
    var range: Range<Int> {
        switch self {
        case .scalar(let scalar): return scalar.range
        case .sequence(let sequence): return sequence.range
        case .mapping(let mapping): return mapping.range
        case .alias(let alias): return alias.range
        }
    }

    /// The anchor the node defines, if any.
    var anchor: String? {
        switch self {
        case .scalar(let scalar): return scalar.anchor
        case .sequence(let sequence): return sequence.anchor
        case .mapping(let mapping): return mapping.anchor
        case .alias: return nil
        }
    }

    var scalar: YAMLScalar? {
        if case .scalar(let scalar) = self { return scalar }
        return nil
    }

    var sequence: YAMLSequence? {
        if case .sequence(let sequence) = self { return sequence }
        return nil
    }

    var mapping: YAMLMapping? {
        if case .mapping(let mapping) = self { return mapping }
        return nil
    }
}
