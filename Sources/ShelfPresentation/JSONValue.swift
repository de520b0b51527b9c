/// A JSON value that keeps its keys in the order they were added, so output reads like the file.
public indirect enum JSONValue: Sendable, Equatable {
    case string(String)
    case integer(Int)
    case number(Double)
    case bool(Bool)
    case null
    case array([JSONValue])
    case object([(String, JSONValue)])

    /// Equal when both serialise to the same JSON text (an object's members compared in order).
    public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
        lhs.serialized() == rhs.serialized()
    }

    /// The value as JSON text; `indent` pretty-prints with that many spaces a level.
    public func serialized(indent: Int? = nil) -> String {
        var output = ""
        write(to: &output, indent: indent, level: 0)
        return output
    }

    private func write(to output: inout String, indent: Int?, level: Int) {
        switch self {
        case .string(let text): JSONValue.writeString(text, to: &output)
        case .integer(let value): output += String(value)
        case .number(let value):
            if value.isFinite {
                output += value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
            } else {
                output += "null"
            }
        case .bool(let value): output += value ? "true" : "false"
        case .null: output += "null"
        case .array(let items):
            guard !items.isEmpty else { output += "[]"; return }
            output += "["
            for (position, item) in items.enumerated() {
                if position > 0 { output += "," }
                JSONValue.newline(&output, indent: indent, level: level + 1)
                item.write(to: &output, indent: indent, level: level + 1)
            }
            JSONValue.newline(&output, indent: indent, level: level)
            output += "]"
        case .object(let members):
            guard !members.isEmpty else { output += "{}"; return }
            output += "{"
            for (position, member) in members.enumerated() {
                if position > 0 { output += "," }
                JSONValue.newline(&output, indent: indent, level: level + 1)
                JSONValue.writeString(member.0, to: &output)
                output += indent == nil ? ":" : ": "
                member.1.write(to: &output, indent: indent, level: level + 1)
            }
            JSONValue.newline(&output, indent: indent, level: level)
            output += "}"
        }
    }

    private static func newline(_ output: inout String, indent: Int?, level: Int) {
        guard let indent else { return }
        output += "\n"
        let count = indent * level
        // The indents of the first levels are made once, not once a line.
        output += count < indents.count ? indents[count] : String(repeating: " ", count: count)
    }

    private static let indents = (0..<32).map { String(repeating: " ", count: $0) }

    private static func writeString(_ text: String, to output: inout String) {
        output += "\""
        // Printable ASCII without a quote or backslash, most of a listing, is written as it is.
        if text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F && $0 != 0x22 && $0 != 0x5C }) {
            output += text
            output += "\""
            return
        }
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case "\n": output += "\\n"
            case "\r": output += "\\r"
            case "\t": output += "\\t"
            case "\u{08}": output += "\\b"
            case "\u{0C}": output += "\\f"
            default:
                // Beyond JSON's required C0 escapes: DEL, C1 and bidi controls too (see
                // `ControlCharacters`), so JSON shown on a terminal is inert and stays valid.
                if scalar.value < 0x20 || scalar.value == 0x2028 || scalar.value == 0x2029 || ControlCharacters.isDangerous(scalar) {
                    let hex = String(scalar.value, radix: 16)
                    output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    output.unicodeScalars.append(scalar)
                }
            }
        }
        output += "\""
    }
}
