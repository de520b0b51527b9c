internal import CYAML

/// A file's front matter as values only: what loading a library needs.
///
/// `FrontMatter` keeps the byte range of every key, value and list item, which only an edit
/// needs. This reads the same libyaml events straight into `FieldValue`s, with no node tree in
/// between, and gives exactly the entries `FrontMatter` would: the same keys in written order
/// (a key written twice appears twice), the same values, aliases resolved with the same budget
/// and depth limit, and the same errors.
struct FrontMatterValues: Sendable, Equatable {
    var layout: FrontMatterLayout
    /// Top-level entries in written order, each value as `FieldValue(entry.value)` reads it.
    var entries: [FieldEntry]

    /// Reads the front matter of a file's bytes.
    ///
    /// - Returns: nil when the file has no front matter (it does not start with a `---` line).
    /// - Throws: `DocumentError`, exactly as `FrontMatter.parse` does for the same bytes.
    static func parse(_ bytes: UnsafeBufferPointer<UInt8>) throws(DocumentError) -> FrontMatterValues? {
        try parse(bytes, readingSimpleShape: true)
    }

    /// - Parameter readingSimpleShape: read simple front matter without libyaml (tests compare
    ///   the two readings).
    static func parse(_ bytes: UnsafeBufferPointer<UInt8>, readingSimpleShape: Bool) throws(DocumentError) -> FrontMatterValues? {
        guard let layout = try FrontMatter.locate(in: bytes) else { return nil }
        let content = UnsafeBufferPointer(rebasing: bytes[layout.contentRange])
        // Most front matter is simple enough to read without libyaml, to the same values.
        if readingSimpleShape, let entries = SimpleFrontMatter.entries(content) {
            return FrontMatterValues(layout: layout, entries: entries)
        }
        var reader = FlatValueReader()
        try LibYAMLEvents(firstLine: 1).forEach(in: content) { event in reader.add(event) }
        guard let root = reader.nodes.first else {
            return FrontMatterValues(layout: layout, entries: [])
        }
        guard root.kind == .mapping else {
            let offsets = ScalarOffsetMap(content, base: layout.contentRange.lowerBound)
            throw FrontMatter.notAMapping(at: offsets.byteOffset(ofScalarIndex: reader.rootStart), in: bytes)
        }
        return FrontMatterValues(layout: layout, entries: reader.topLevelEntries())
    }
}

/// The nodes of a document in event order (a node's children follow it), with each collection's
/// extent, so that a value is read by walking forward and an alias by jumping back to its anchor.
private struct FlatValueReader {
    enum Kind: UInt8 { case scalar, sequence, mapping, alias }

    struct Node {
        var kind: Kind
        /// For a scalar: null to a YAML reader (`~`, `null`, empty, plain and untagged).
        var isNull = false
        /// For a scalar: plain and not tagged `!!str`.
        var isPlain = false
        /// For a scalar: its value; for others, empty.
        var text = ""
        /// The index just past this node and everything inside it.
        var end: Int32 = 0
        /// For an alias: the anchored node it names, or -1.
        var target: Int32 = -1
    }

    private(set) var nodes: [Node] = []
    /// The scalar index (libyaml's mark) where the root starts.
    private(set) var rootStart = 0
    /// Open collections: their index, and the anchor each defines when it closes.
    private var open: [(index: Int32, anchor: String?)] = []
    /// Completed anchored nodes by name; a later definition replaces an earlier one.
    private var anchors: [String: Int32] = [:]

    init() {
        nodes.reserveCapacity(64)
    }

    mutating func add(_ event: yaml_event_t) {
        let index = Int32(nodes.count)
        switch event.type {
        case YAML_SCALAR_EVENT, YAML_ALIAS_EVENT, YAML_SEQUENCE_START_EVENT, YAML_MAPPING_START_EVENT:
            if nodes.isEmpty { rootStart = event.start_mark.index }
        default:
            break
        }
        switch event.type {
        case YAML_SCALAR_EVENT:
            let data = event.data.scalar
            let length = Int(data.length)
            let isPlainStyle = data.style == YAML_PLAIN_SCALAR_STYLE || data.style == YAML_ANY_SCALAR_STYLE
            let isNull = isPlainStyle && data.tag == nil && FlatValueReader.isNullWord(data.value, length)
            let isString = !isPlainStyle || FlatValueReader.isStringTag(data.tag)
            nodes.append(
                Node(
                    kind: .scalar, isNull: isNull, isPlain: !isString,
                    text: yamlString(data.value, length), end: index + 1))
            if let anchor = optionalString(data.anchor) { anchors[anchor] = index }
        case YAML_ALIAS_EVENT:
            let name = optionalString(event.data.alias.anchor) ?? ""
            nodes.append(Node(kind: .alias, end: index + 1, target: anchors.isEmpty ? -1 : anchors[name] ?? -1))
        case YAML_SEQUENCE_START_EVENT:
            nodes.append(Node(kind: .sequence))
            open.append((index, optionalString(event.data.sequence_start.anchor)))
        case YAML_MAPPING_START_EVENT:
            nodes.append(Node(kind: .mapping))
            open.append((index, optionalString(event.data.mapping_start.anchor)))
        case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
            guard let closed = open.popLast() else { return }
            nodes[Int(closed.index)].end = index
            if let anchor = closed.anchor { anchors[anchor] = closed.index }
        default:
            break
        }
    }

    /// The root mapping's entries whose key is a scalar, as `FrontMatter` keeps them.
    func topLevelEntries() -> [FieldEntry] {
        var entries: [FieldEntry] = []
        let end = Int(nodes[0].end)
        entries.reserveCapacity(nodes.count / 2)
        var key = 1
        while key < end {
            let value = Int(nodes[key].end)
            guard value < end else { break }
            if nodes[key].kind == .scalar {
                // Each value is converted on its own, with its own budget, as `FieldValue(node)` does.
                var budget = 10_000
                entries.append(FieldEntry(key: nodes[key].text, value: self.value(at: value, budget: &budget, depth: 0)))
            }
            key = Int(nodes[value].end)
        }
        return entries
    }

    /// The value of the node at `index`, as `FieldValue(_:budget:depth:)` reads the same node.
    private func value(at index: Int, budget: inout Int, depth: Int) -> FieldValue {
        budget -= 1
        guard budget >= 0, depth <= FieldValue.maximumDepth else { return .null }
        let node = nodes[index]
        switch node.kind {
        case .scalar:
            return node.isNull ? .null : .scalar(node.text, isPlain: node.isPlain)
        case .sequence:
            var items: [FieldValue] = []
            var child = index + 1
            while child < Int(node.end) {
                items.append(value(at: child, budget: &budget, depth: depth + 1))
                child = Int(nodes[child].end)
            }
            return .list(items)
        case .mapping:
            var entries: [FieldEntry] = []
            var child = index + 1
            while child < Int(node.end) {
                let key = value(at: child, budget: &budget, depth: depth + 1).text ?? ""
                let valueIndex = Int(nodes[child].end)
                entries.append(FieldEntry(key: key, value: value(at: valueIndex, budget: &budget, depth: depth + 1)))
                child = Int(nodes[valueIndex].end)
            }
            return .map(entries)
        case .alias:
            guard node.target >= 0 else { return .null }
            return value(at: Int(node.target), budget: &budget, depth: depth + 1)
        }
    }

    /// `""`, `~`, `null`, `Null` or `NULL`.
    private static func isNullWord(_ pointer: UnsafeMutablePointer<yaml_char_t>?, _ length: Int) -> Bool {
        guard let pointer, length > 0 else { return true }
        switch length {
        case 1: return pointer[0] == UInt8(ascii: "~")
        case 4:
            let word = UnsafeBufferPointer(start: pointer, count: 4)
            return word.elementsEqual("null".utf8) || word.elementsEqual("Null".utf8) || word.elementsEqual("NULL".utf8)
        default: return false
        }
    }

    /// True for `tag:yaml.org,2002:str`, the tag `!!str` expands to.
    private static func isStringTag(_ tag: UnsafeMutablePointer<yaml_char_t>?) -> Bool {
        guard let tag else { return false }
        return optionalString(tag) == "tag:yaml.org,2002:str"
    }
}
