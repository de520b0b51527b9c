/// How many terminal columns text takes: wide (CJK) characters and emoji take two, combining
/// marks none.
enum DisplayWidth {
    static func of(_ text: String) -> Int {
        // ASCII text, most of a table, by its bytes: each byte is a character of one column, or
        // none for a control (CR LF is one character, of none, as its two bytes are).
        var columns = 0
        for byte in text.utf8 {
            guard byte < 0x80 else { return text.reduce(0) { $0 + of($1) } }
            if byte >= 0x20 { columns += 1 }
        }
        return columns
    }

    static func of(_ character: Character) -> Int {
        guard let first = character.unicodeScalars.first else { return 0 }
        if character.unicodeScalars.count > 1, character.unicodeScalars.contains(where: { $0.value == 0xFE0F }) {
            return 2
        }
        return of(first)
    }

    static func of(_ scalar: Unicode.Scalar) -> Int {
        let value = scalar.value
        if value < 0x20 { return 0 }
        if value < 0x300 { return 1 }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format: return 0
        default: break
        }
        switch value {
        case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
            0xA000...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60,
            0xFFE0...0xFFE6, 0x1F300...0x1F64F, 0x1F900...0x1F9FF, 0x1F680...0x1F6FF,
            0x20000...0x2FFFD, 0x30000...0x3FFFD:
            return 2
        default:
            return 1
        }
    }

    /// `text` cut to `width` columns, ending in `…` when cut.
    static func truncate(_ text: String, to width: Int) -> String {
        guard of(text) > width else { return text }
        guard width > 1 else { return width == 1 ? "…" : "" }
        var result = ""
        var used = 0
        for character in text {
            let columns = of(character)
            if used + columns > width - 1 { break }
            result.append(character)
            used += columns
        }
        return result + "…"
    }

    /// `text` padded with spaces to `width` columns.
    static func pad(_ text: String, to width: Int) -> String {
        text + String(repeating: " ", count: max(0, width - of(text)))
    }
}
