/// Text from files made inert for a terminal: every character that could move the cursor, ring
/// the bell, rewrite earlier output, start an escape sequence (colours, window titles, hyperlinks,
/// the clipboard) or reverse the order text is shown in is replaced by a visible `\u{…}` escape.
///
/// Escaped: the C0 controls except line feed and tab (ESC, BEL, backspace, form feed, a carriage
/// return that does not end a CRLF line…), DEL, the C1 controls (U+0080–U+009F, among them the
/// one-byte CSI U+009B), and the bidirectional embeddings, overrides and isolates (U+202A–U+202E,
/// U+2066–U+2069) that can make text read differently from what it holds. Everything else,
/// every script and emoji included, is kept as it is.
public enum ControlCharacters {
    /// `text` with the characters above written as `\u{1B}`, `\u{7}`, `\u{202E}`; `text` itself
    /// (no copy) when it holds none, the usual case. Escaping is idempotent: escaped text holds
    /// none of them.
    public static func escaped(_ text: String) -> String {
        guard containsAny(text) else { return text }
        var result = ""
        result.reserveCapacity(text.utf8.count + 16)
        let scalars = Array(text.unicodeScalars)
        for (index, scalar) in scalars.enumerated() {
            // A CRLF line end only ends the line: it overwrites nothing.
            let endsCRLF = scalar == "\r" && index + 1 < scalars.count && scalars[index + 1] == "\n"
            if isDangerous(scalar) && !endsCRLF {
                result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// True for a character `escaped` replaces (a carriage return always counts here).
    static func isDangerous(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x0A, 0x09: return false
        case 0x00...0x1F, 0x7F...0x9F, 0x202A...0x202E, 0x2066...0x2069: return true
        default: return false
        }
    }

    /// A fast look at the UTF-8 bytes for anything `escaped` would change.
    static func containsAny(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { bytes in
            var index = 0
            while index < bytes.count {
                let byte = bytes[index]
                if byte < 0x20 && byte != 0x0A && byte != 0x09 { return true }
                if byte == 0x7F { return true }
                // C1 controls are C2 80–C2 9F; the bidi controls are E2 80 AA–AE and E2 81 A6–A9.
                if byte == 0xC2, index + 1 < bytes.count, (0x80...0x9F).contains(bytes[index + 1]) { return true }
                if byte == 0xE2, index + 2 < bytes.count {
                    let second = bytes[index + 1], third = bytes[index + 2]
                    if second == 0x80 && (0xAA...0xAE).contains(third) { return true }
                    if second == 0x81 && (0xA6...0xA9).contains(third) { return true }
                }
                index += 1
            }
            return false
        }
    }
}
