internal import CYAML

/// Runs libyaml's event parser over a slice, for the two readers built on it: `YAMLTreeParser`
/// (nodes with byte ranges, for edits) and `FrontMatterValues` (values only, for loading).
///
/// Both see the same events and fail with the same errors: a syntax error, a second document,
/// or nesting deeper than `maximumDepth`.
struct LibYAMLEvents {
    /// The (0-based) line of the file the slice starts on.
    var firstLine: Int

    /// Deeper nesting is refused: no book needs it, and it would only exhaust the stack later.
    static let maximumDepth = 1_024

    /// Calls `handle` with every event up to the end of the stream (which is not passed on).
    /// - Returns: false when the slice is empty (libyaml is not run).
    @discardableResult
    func forEach(
        in slice: UnsafeBufferPointer<UInt8>,
        _ handle: (yaml_event_t) throws(DocumentError) -> Void
    ) throws(DocumentError) -> Bool {
        var parser = yaml_parser_t()
        guard yaml_parser_initialize(&parser) == 1 else {
            throw DocumentError(line: firstLine + 1, column: 1, message: "libyaml could not start")
        }
        defer { yaml_parser_delete(&parser) }
        guard let base = slice.baseAddress else { return false }
        yaml_parser_set_input_string(&parser, base, slice.count)
        yaml_parser_set_encoding(&parser, YAML_UTF8_ENCODING)

        var documents = 0
        var depth = 0
        while true {
            var event = yaml_event_t()
            guard yaml_parser_parse(&parser, &event) == 1 else {
                throw syntaxError(parser)
            }
            defer { yaml_event_delete(&event) }
            switch event.type {
            case YAML_STREAM_END_EVENT:
                return true
            case YAML_DOCUMENT_START_EVENT:
                documents += 1
                if documents > 1 {
                    throw DocumentError(
                        line: firstLine + Int(event.start_mark.line) + 1,
                        column: Int(event.start_mark.column) + 1,
                        message: "front matter holds more than one YAML document")
                }
            case YAML_SEQUENCE_START_EVENT, YAML_MAPPING_START_EVENT:
                guard depth < LibYAMLEvents.maximumDepth else {
                    throw DocumentError(
                        line: firstLine + Int(event.start_mark.line) + 1,
                        column: Int(event.start_mark.column) + 1,
                        message: "nested more than \(LibYAMLEvents.maximumDepth) levels deep")
                }
                depth += 1
            case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
                depth -= 1
            default:
                break
            }
            try handle(event)
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
        let opener: String? =
            switch context {
            case let text? where text.contains("flow sequence"): "the '[' opened here"
            case let text? where text.contains("flow mapping"): "the '{' opened here"
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

    /// The line and column of a reader error's byte offset, relative to the slice.
    private func readerErrorMark(_ parser: yaml_parser_t) -> yaml_mark_t {
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

/// The text of a scalar's bytes (libyaml's output is valid UTF-8).
func yamlString(_ pointer: UnsafeMutablePointer<yaml_char_t>?, _ length: Int) -> String {
    guard let pointer, length > 0 else { return "" }
    return String(decoding: UnsafeBufferPointer(start: pointer, count: length), as: UTF8.self)
}

/// The text of a C string libyaml gives (a tag, an anchor), or nil.
func optionalString(_ pointer: UnsafeMutablePointer<yaml_char_t>?) -> String? {
    guard let pointer else { return nil }
    return String(cString: pointer)
}

private func optionalString(_ pointer: UnsafePointer<CChar>?) -> String? {
    guard let pointer else { return nil }
    return String(cString: pointer)
}
