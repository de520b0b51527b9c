import Foundation

/// Writes new scalar values so that every YAML 1.1 and 1.2 reader reads back the same string.
///
/// Plain style is used where it is safe; otherwise the value is quoted, in the style the old value
/// used when there was one (`'…'` or `"…"`), falling back to double quotes, which can hold anything.
enum YAMLScalarWriter {
    /// Where the scalar goes: a flow collection (`[a, b]`) forbids more characters in plain style.
    enum Context: Sendable {
        case block, flow
    }

    /// The scalar text for the string `value`.
    /// - Parameter preferred: the old value's style, kept when the new value can be written in it.
    static func string(_ value: String, preferred: ScalarStyle = .plain, context: Context = .block) -> String {
        switch preferred {
        case .singleQuoted where canSingleQuote(value):
            return singleQuoted(value)
        case .singleQuoted, .doubleQuoted:
            return doubleQuoted(value)
        case .plain, .literal, .folded:
            return isPlainSafe(value, context: context) ? value : doubleQuoted(value)
        }
    }

    /// A value that should be read as a number, boolean or date is written plain when it is one;
    /// anything else falls back to a string.
    static func typed(_ value: String) -> String {
        isPlainSafe(value, context: .block) || looksTyped(value) ? value : doubleQuoted(value)
    }

    /// True when `value` written plain is read back as exactly this string by YAML 1.1 and 1.2.
    static func isPlainSafe(_ value: String, context: Context) -> Bool {
        guard let first = value.unicodeScalars.first, let last = value.unicodeScalars.last else { return false }
        if first == " " || first == "\t" || last == " " || last == "\t" { return false }
        if "-?:,[]{}#&*!|>'\"%@`".unicodeScalars.contains(first) {
            // `-`, `?` and `:` start a plain scalar only when followed by a non-space; be strict.
            return false
        }
        if last == ":" { return false }
        for scalar in value.unicodeScalars {
            if needsEscape(scalar) || scalar == "\u{2028}" || scalar == "\u{2029}" { return false }
            if context == .flow && ",[]{}".unicodeScalars.contains(scalar) { return false }
        }
        if value.contains(": ") || value.contains(" #") || value.contains(":\t") { return false }
        return !looksTyped(value)
    }

    /// True for text a YAML 1.1 or 1.2 reader would take for null, a boolean, a number or a date.
    static func looksTyped(_ value: String) -> Bool {
        let lower = value.lowercased()
        let words: Set<String> = [
            "~", "null", "true", "false", "yes", "no", "on", "off", "y", "n", "<<", "=",
            ".inf", "-.inf", "+.inf", ".nan",
        ]
        if words.contains(lower) { return true }
        let scalars = Array(value.unicodeScalars)
        // Numbers in any base or form either version knows: 1, -1, 0x1F, 0o17, 017, 1_000, 1.5e3, .5, 1:30 (sexagesimal).
        let numberish = scalars.allSatisfy { "0123456789+-._:eExXoObBabcdefABCDEF".unicodeScalars.contains($0) }
        if numberish && scalars.contains(where: { $0.properties.numericType != nil }) {
            return true
        }
        // Dates and timestamps: 2024-01-02, 2024-1-2 10:00…
        if scalars.count >= 8, scalars.prefix(4).allSatisfy({ $0.properties.numericType != nil }), scalars[4] == "-" {
            return true
        }
        return false
    }

    static func canSingleQuote(_ value: String) -> Bool {
        !value.unicodeScalars.contains(where: needsEscape)
    }

    /// Characters YAML cannot hold unescaped: C0 and C1 controls (NEL included), DEL, the
    /// noncharacters U+FFFE and U+FFFF, and a BOM.
    static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        return value < 0x20 || (0x7F...0x9F).contains(value) || value == 0xFEFF || value == 0xFFFE || value == 0xFFFF
    }

    static func singleQuoted(_ value: String) -> String {
        "'" + value.replacingOccurrences(of: "'", with: "''") + "'"
    }

    static func doubleQuoted(_ value: String) -> String {
        var output = "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case "\n": output += "\\n"
            case "\r": output += "\\r"
            case "\t": output += "\\t"
            case "\u{85}": output += "\\N"
            case "\u{2028}": output += "\\L"
            case "\u{2029}": output += "\\P"
            case "\u{FEFF}": output += "\\uFEFF"
            case "\u{FFFE}": output += "\\uFFFE"
            case "\u{FFFF}": output += "\\uFFFF"
            default:
                if needsEscape(scalar) {
                    let hex = String(scalar.value, radix: 16, uppercase: true)
                    output += "\\x" + (hex.count < 2 ? "0" + hex : hex)
                } else {
                    output.unicodeScalars.append(scalar)
                }
            }
        }
        return output + "\""
    }
}
