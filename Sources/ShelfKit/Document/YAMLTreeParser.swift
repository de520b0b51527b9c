internal import CYAML

/// Parses a front-matter slice with libyaml's event API into a `YAMLNode` tree whose ranges
/// are byte offsets in the whole file.
///
/// No DOM library sits in between: each event becomes at most one node, and aliases stay
/// aliases, so anchors cannot be used to blow up memory.
struct YAMLTreeParser {
    /// Where the slice starts in the file, and on which (0-based) line.
    var baseOffset: Int
    var firstLine: Int

    /// Deeper nesting is refused: no book needs it, and it would only exhaust the stack later.
    static let maximumDepth = LibYAMLEvents.maximumDepth

    /// The root node, or nil for a slice holding no document (empty, or comments only).
    func parse(_ slice: UnsafeBufferPointer<UInt8>) throws(DocumentError) -> YAMLNode? {
        try parseWithAnchors(slice).root
    }

    /// The root node and the anchors the document defined.
    func parseWithAnchors(_ slice: UnsafeBufferPointer<UInt8>) throws(DocumentError) -> (root: YAMLNode?, anchors: [String: YAMLNode]) {
        let offsets = ScalarOffsetMap(slice, base: baseOffset)
        var builder = TreeBuilder()
        try LibYAMLEvents(firstLine: firstLine).forEach(in: slice) { event throws(DocumentError) in
            let start = offsets.byteOffset(ofScalarIndex: event.start_mark.index)
            let end = offsets.byteOffset(ofScalarIndex: event.end_mark.index)
            switch event.type {
            case YAML_SCALAR_EVENT:
                let data = event.data.scalar
                let value = yamlString(data.value, Int(data.length))
                let scalarStyle = style(data.style)
                // A block scalar's token runs on over the blank lines after it; those belong to the
                // file's layout, not to the value, so an edit must leave them.
                let scalarEnd =
                    scalarStyle == .literal || scalarStyle == .folded
                    ? trimmingBlankLines(end, in: slice) : end
                builder.add(
                    .scalar(
                        YAMLScalar(
                            value: value,
                            style: scalarStyle,
                            range: start..<scalarEnd,
                            tag: optionalString(data.tag),
                            anchor: optionalString(data.anchor))))
            case YAML_ALIAS_EVENT:
                let name = optionalString(event.data.alias.anchor) ?? ""
                builder.add(.alias(YAMLAlias(name: name, range: start..<end, target: builder.anchors[name])))
            case YAML_SEQUENCE_START_EVENT:
                let data = event.data.sequence_start
                builder.open(
                    .sequence(
                        start: start,
                        isFlow: data.style == YAML_FLOW_SEQUENCE_STYLE,
                        anchor: optionalString(data.anchor)))
            case YAML_MAPPING_START_EVENT:
                let data = event.data.mapping_start
                builder.open(
                    .mapping(
                        start: start,
                        isFlow: data.style == YAML_FLOW_MAPPING_STYLE,
                        anchor: optionalString(data.anchor)))
            case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
                builder.close(flowEnd: end)
            default:
                break
            }
        }
        return (builder.root, builder.anchors)
    }
}

extension YAMLTreeParser {
    /// `end` moved back over whole blank lines, to just after the last line with content.
    fileprivate func trimmingBlankLines(_ end: Int, in slice: UnsafeBufferPointer<UInt8>) -> Int {
        var cut = end - baseOffset
        while cut > 0 {
            // The line before `cut`: if it holds only spaces (and its line break), drop it.
            var lineStart = cut - 1
            guard slice[lineStart] == 0x0A else { break }
            lineStart -= 1
            while lineStart >= 0 && (slice[lineStart] == 0x20 || slice[lineStart] == 0x0D || slice[lineStart] == 0x09) { lineStart -= 1 }
            guard lineStart >= 0, slice[lineStart] == 0x0A else { break }
            cut = lineStart + 1
        }
        return baseOffset + cut
    }
}

private func style(_ style: yaml_scalar_style_t) -> ScalarStyle {
    switch style {
    case YAML_SINGLE_QUOTED_SCALAR_STYLE: return .singleQuoted
    case YAML_DOUBLE_QUOTED_SCALAR_STYLE: return .doubleQuoted
    case YAML_LITERAL_SCALAR_STYLE: return .literal
    case YAML_FOLDED_SCALAR_STYLE: return .folded
    default: return .plain
    }
}
