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
    static let maximumDepth = 1_024

    /// The root node, or nil for a slice holding no document (empty, or comments only).
    func parse(_ slice: UnsafeBufferPointer<UInt8>) throws(DocumentError) -> YAMLNode? {
        try parseWithAnchors(slice).root
    }

    /// The root node and the anchors the document defined.
    func parseWithAnchors(_ slice: UnsafeBufferPointer<UInt8>) throws(DocumentError) -> (root: YAMLNode?, anchors: [String: YAMLNode]) {
        let offsets = ScalarOffsetMap(slice, base: baseOffset)
        var parser = yaml_parser_t()
        guard yaml_parser_initialize(&parser) == 1 else {
            throw DocumentError(line: firstLine + 1, column: 1, message: "libyaml could not start")
        }
        defer { yaml_parser_delete(&parser) }
        if let base = slice.baseAddress {
            yaml_parser_set_input_string(&parser, base, slice.count)
        } else {
            return (nil, [:])
        }
        yaml_parser_set_encoding(&parser, YAML_UTF8_ENCODING)

        var builder = TreeBuilder()
        var documents = 0
        while true {
            var event = yaml_event_t()
            guard yaml_parser_parse(&parser, &event) == 1 else {
                throw syntaxError(parser)
            }
            defer { yaml_event_delete(&event) }
            let start = offsets.byteOffset(ofScalarIndex: event.start_mark.index)
            let end = offsets.byteOffset(ofScalarIndex: event.end_mark.index)
            switch event.type {
            case YAML_STREAM_END_EVENT:
                return (builder.root, builder.anchors)
            case YAML_DOCUMENT_START_EVENT:
                documents += 1
                if documents > 1 {
                    throw DocumentError(
                        line: firstLine + Int(event.start_mark.line) + 1,
                        column: Int(event.start_mark.column) + 1,
                        message: "front matter holds more than one YAML document")
                }
            case YAML_SCALAR_EVENT:
                let data = event.data.scalar
                let value = string(data.value, Int(data.length))
                let scalarStyle = style(data.style)
                // A block scalar's token runs on over the blank lines after it; those belong to the
                // file's layout, not to the value, so an edit must leave them.
                let scalarEnd = scalarStyle == .literal || scalarStyle == .folded
                    ? trimmingBlankLines(end, in: slice) : end
                builder.add(.scalar(YAMLScalar(
                    value: value,
                    style: scalarStyle,
                    range: start..<scalarEnd,
                    tag: optionalString(data.tag),
                    anchor: optionalString(data.anchor))))
            case YAML_ALIAS_EVENT:
                let name = optionalString(event.data.alias.anchor) ?? ""
                builder.add(.alias(YAMLAlias(name: name, range: start..<end, target: builder.anchors[name])))
            case YAML_SEQUENCE_START_EVENT where builder.depth >= YAMLTreeParser.maximumDepth,
                 YAML_MAPPING_START_EVENT where builder.depth >= YAMLTreeParser.maximumDepth:
                throw DocumentError(
                    line: firstLine + Int(event.start_mark.line) + 1,
                    column: Int(event.start_mark.column) + 1,
                    message: "nested more than \(YAMLTreeParser.maximumDepth) levels deep")
            case YAML_SEQUENCE_START_EVENT:
                let data = event.data.sequence_start
                builder.open(.sequence(
                    start: start,
                    isFlow: data.style == YAML_FLOW_SEQUENCE_STYLE,
                    anchor: optionalString(data.anchor)))
            case YAML_MAPPING_START_EVENT:
                let data = event.data.mapping_start
                builder.open(.mapping(
                    start: start,
                    isFlow: data.style == YAML_FLOW_MAPPING_STYLE,
                    anchor: optionalString(data.anchor)))
            case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
                builder.close(flowEnd: end)
            default:
                break
            }
        }
    }

    private func syntaxError(_ parser: yaml_parser_t) -> DocumentError {
        let problem = optionalString(parser.problem) ?? "malformed YAML"
        let context = optionalString(parser.context)
        var problemMark = parser.problem_mark
        if parser.error == YAML_READER_ERROR {
            // Reader errors (a control character, bad encoding) carry a byte offset, not a mark.
            problemMark = readerErrorMark(parser)
        }
        // An unclosed `[`, `{` or quote is found only where libyaml gives up, often lines later:
        // point at the opener, where the fix goes, and say where the parser stopped.
        let opener: String? = switch context {
        case let text? where text.contains("flow sequence"): "the [ opened here"
        case let text? where text.contains("flow mapping"): "the { opened here"
        case let text? where text.contains("quoted scalar"): "the quote opened here"
        default: nil
        }
        if let opener {
            let contextMark = parser.context_mark
            return DocumentError(
                line: firstLine + Int(contextMark.line) + 1,
                column: Int(contextMark.column) + 1,
                message: "\(opener) is never closed (libyaml: \(problem) at line "
                    + "\(firstLine + Int(problemMark.line) + 1), column \(Int(problemMark.column) + 1))")
        }
        let message = context.map { "\(problem) \($0)" } ?? problem
        return DocumentError(
            line: firstLine + Int(problemMark.line) + 1,
            column: Int(problemMark.column) + 1,
            message: message)
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

    /// The line and column of a reader error's byte offset, relative to the slice.
    fileprivate func readerErrorMark(_ parser: yaml_parser_t) -> yaml_mark_t {
        var mark = yaml_mark_t()
        guard let input = parser.input.string.start else { return mark }
        let offset = Int(parser.problem_offset)
        var index = 0
        var pointer = input
        while index < offset && pointer < parser.input.string.end {
            if pointer.pointee == 0x0A {
                mark.line += 1
                mark.column = 0
            } else if pointer.pointee & 0xC0 != 0x80 {
                mark.column += 1
            }
            pointer += 1
            index += 1
        }
        mark.index = offset
        return mark
    }
}

private func string(_ pointer: UnsafeMutablePointer<yaml_char_t>?, _ length: Int) -> String {
    guard let pointer, length > 0 else { return "" }
    return String(decoding: UnsafeBufferPointer(start: pointer, count: length), as: UTF8.self)
}

private func optionalString(_ pointer: UnsafeMutablePointer<yaml_char_t>?) -> String? {
    guard let pointer else { return nil }
    return String(cString: pointer)
}

private func optionalString(_ pointer: UnsafePointer<CChar>?) -> String? {
    guard let pointer else { return nil }
    return String(cString: pointer)
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
