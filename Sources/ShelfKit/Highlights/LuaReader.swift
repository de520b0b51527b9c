/// Where and why a Lua file could not be read.
struct LuaSyntaxError: Error, Equatable, CustomStringConvertible {
    var line: Int
    var column: Int
    var reason: String
    var description: String { "line \(line), column \(column): \(reason)" }
}

/// Reads the literal Lua KOReader writes: an optional `return`, then one value. Comments
/// (`--`, `--[[ ]]`), strings in quotes with escapes and long brackets, numbers, booleans, nil and
/// tables. Nesting is limited, so a hostile file cannot exhaust the stack.
struct LuaReader {
    private let bytes: [UInt8]
    private var position = 0
    private var depth = 0
    static let maximumDepth = 64

    static func read(_ text: String) throws(LuaSyntaxError) -> LuaValue {
        var reader = LuaReader(bytes: Array(text.utf8))
        reader.skipSpace()
        if reader.consumeWord("return") { reader.skipSpace() }
        let value = try reader.value()
        reader.skipSpace()
        _ = reader.consume(UInt8(ascii: ";"))
        reader.skipSpace()
        guard reader.position == reader.bytes.count else { throw reader.error("unexpected text after the value") }
        return value
    }

    private init(bytes: [UInt8]) { self.bytes = bytes }

    private var current: UInt8? { position < bytes.count ? bytes[position] : nil }

    private func error(_ reason: String) -> LuaSyntaxError {
        var line = 1
        var lineStart = 0
        for index in 0..<min(position, bytes.count) where bytes[index] == 0x0A {
            line += 1
            lineStart = index + 1
        }
        let column = String(decoding: bytes[lineStart..<min(position, bytes.count)], as: UTF8.self).count + 1
        return LuaSyntaxError(line: line, column: column, reason: reason)
    }

    private mutating func consume(_ byte: UInt8) -> Bool {
        guard current == byte else { return false }
        position += 1
        return true
    }

    private mutating func consumeWord(_ word: String) -> Bool {
        let wordBytes = Array(word.utf8)
        guard position + wordBytes.count <= bytes.count, Array(bytes[position..<position + wordBytes.count]) == wordBytes else {
            return false
        }
        let after = position + wordBytes.count
        if after < bytes.count, isNameByte(bytes[after]) { return false }
        position = after
        return true
    }

    private func isNameByte(_ byte: UInt8) -> Bool {
        (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || byte == 0x5F
    }

    private mutating func skipSpace() {
        while let byte = current {
            if byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D || byte == 0x0B || byte == 0x0C {
                position += 1
            } else if byte == UInt8(ascii: "-"), position + 1 < bytes.count, bytes[position + 1] == UInt8(ascii: "-") {
                position += 2
                if let level = longBracketLevel() {
                    _ = skipLongBracket(level: level)
                } else {
                    while let next = current, next != 0x0A { position += 1 }
                }
            } else {
                return
            }
        }
    }

    /// At `[[` or `[==[`, its level (the number of `=`), leaving the position after it.
    private mutating func longBracketLevel() -> Int? {
        guard current == UInt8(ascii: "[") else { return nil }
        var probe = position + 1
        var level = 0
        while probe < bytes.count, bytes[probe] == UInt8(ascii: "=") { level += 1; probe += 1 }
        guard probe < bytes.count, bytes[probe] == UInt8(ascii: "[") else { return nil }
        position = probe + 1
        return level
    }

    /// Skips to after the closing `]=*]` of the given level; returns the text inside.
    private mutating func skipLongBracket(level: Int) -> [UInt8]? {
        let start = position
        while position < bytes.count {
            if bytes[position] == UInt8(ascii: "]") {
                var probe = position + 1
                var count = 0
                while probe < bytes.count, bytes[probe] == UInt8(ascii: "="), count < level { count += 1; probe += 1 }
                if count == level, probe < bytes.count, bytes[probe] == UInt8(ascii: "]") {
                    let inside = Array(bytes[start..<position])
                    position = probe + 1
                    return inside
                }
            }
            position += 1
        }
        return nil
    }

    private mutating func value() throws(LuaSyntaxError) -> LuaValue {
        skipSpace()
        guard let byte = current else { throw error("the file ends where a value should be") }
        switch byte {
        case UInt8(ascii: "{"): return try table()
        case UInt8(ascii: "\""), UInt8(ascii: "'"): return .string(try quotedString())
        case UInt8(ascii: "["):
            let start = position
            guard let level = longBracketLevel() else { throw error("unexpected '['") }
            // A long string drops one newline right after its opening bracket.
            if current == 0x0D { position += 1 }
            if current == 0x0A { position += 1 }
            guard let inside = skipLongBracket(level: level) else {
                position = start
                throw error("a long string is not closed")
            }
            return .string(String(decoding: inside, as: UTF8.self))
        default:
            if consumeWord("true") { return .bool(true) }
            if consumeWord("false") { return .bool(false) }
            if consumeWord("nil") { return .nil }
            return .number(try number())
        }
    }

    private mutating func number() throws(LuaSyntaxError) -> Double {
        let start = position
        if current == UInt8(ascii: "-") { position += 1 }
        while let byte = current,
            isNameByte(byte) || byte == UInt8(ascii: ".")
                || ((byte == UInt8(ascii: "-") || byte == UInt8(ascii: "+")) && position > start
                    && (bytes[position - 1] | 0x20) == UInt8(ascii: "e"))
        {
            position += 1
        }
        let text = String(decoding: bytes[start..<position], as: UTF8.self)
        if let value = Double(text) { return value }
        let negative = text.hasPrefix("-")
        let unsigned = negative ? String(text.dropFirst()) : text
        if unsigned.lowercased().hasPrefix("0x"), let value = Int(unsigned.dropFirst(2), radix: 16) {
            return Double(negative ? -value : value)
        }
        position = start
        throw error(text.isEmpty ? "unexpected character" : "'\(text)' is not a value")
    }

    private mutating func quotedString() throws(LuaSyntaxError) -> String {
        guard let quote = current else { throw error("expected a string") }
        let start = position
        position += 1
        var output: [UInt8] = []
        while let byte = current {
            position += 1
            if byte == quote { return String(decoding: output, as: UTF8.self) }
            if byte == 0x0A {
                position = start
                throw error("a string is not closed on its line")
            }
            guard byte == UInt8(ascii: "\\") else { output.append(byte); continue }
            guard let escaped = current else { break }
            position += 1
            switch escaped {
            case UInt8(ascii: "n"): output.append(0x0A)
            case UInt8(ascii: "t"): output.append(0x09)
            case UInt8(ascii: "r"): output.append(0x0D)
            case UInt8(ascii: "a"): output.append(0x07)
            case UInt8(ascii: "b"): output.append(0x08)
            case UInt8(ascii: "f"): output.append(0x0C)
            case UInt8(ascii: "v"): output.append(0x0B)
            case 0x0A: output.append(0x0A)
            case UInt8(ascii: "z"):
                while let next = current, next == 0x20 || next == 0x0A || next == 0x0D || next == 0x09 { position += 1 }
            case UInt8(ascii: "x"):
                guard position + 2 <= bytes.count,
                    let value = UInt8(String(decoding: bytes[position..<position + 2], as: UTF8.self), radix: 16)
                else { throw error("a \\x escape needs two hex digits") }
                output.append(value)
                position += 2
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                var value = Int(escaped - UInt8(ascii: "0"))
                var digits = 1
                while digits < 3, let next = current, next >= UInt8(ascii: "0"), next <= UInt8(ascii: "9") {
                    value = value * 10 + Int(next - UInt8(ascii: "0"))
                    position += 1
                    digits += 1
                }
                guard value <= 255 else { throw error("a decimal escape is over 255") }
                output.append(UInt8(value))
            case UInt8(ascii: "u"):
                guard consume(UInt8(ascii: "{")) else { throw error("a \\u escape needs braces") }
                var hex = ""
                while let next = current, next != UInt8(ascii: "}") { hex.append(Character(UnicodeScalar(next))); position += 1 }
                guard consume(UInt8(ascii: "}")), let code = UInt32(hex, radix: 16), let scalar = Unicode.Scalar(code)
                else { throw error("a \\u escape is not a character") }
                output += Array(String(scalar).utf8)
            default:
                output.append(escaped)
            }
        }
        position = start
        throw error("a string is not closed")
    }

    private mutating func table() throws(LuaSyntaxError) -> LuaValue {
        depth += 1
        defer { depth -= 1 }
        guard depth <= LuaReader.maximumDepth else { throw error("tables nest more than \(LuaReader.maximumDepth) deep") }
        position += 1
        var entries: [(key: LuaKey, value: LuaValue)] = []
        var nextIndex = 1.0
        while true {
            skipSpace()
            if consume(UInt8(ascii: "}")) { return .table(entries) }
            if current == nil { throw error("a table is not closed") }
            if current == UInt8(ascii: "["), position + 1 < bytes.count, bytes[position + 1] != UInt8(ascii: "["),
                bytes[position + 1] != UInt8(ascii: "=")
            {
                position += 1
                let key = try value()
                skipSpace()
                guard consume(UInt8(ascii: "]")) else { throw error("expected ']' after a key") }
                skipSpace()
                guard consume(UInt8(ascii: "=")) else { throw error("expected '=' after a key") }
                let item = try value()
                switch key {
                case .string(let text): entries.append((.string(text), item))
                case .number(let number): entries.append((.number(number), item))
                default: throw error("a key must be a string or a number")
                }
            } else if let byte = current, isNameByte(byte), !(byte >= 0x30 && byte <= 0x39), let name = peekName(),
                !["true", "false", "nil"].contains(name)
            {
                position += name.utf8.count
                skipSpace()
                guard consume(UInt8(ascii: "=")) else { throw error("expected '=' after '\(name)'") }
                entries.append((.string(name), try value()))
            } else {
                entries.append((.number(nextIndex), try value()))
                nextIndex += 1
            }
            skipSpace()
            if !consume(UInt8(ascii: ",")) && !consume(UInt8(ascii: ";")) {
                skipSpace()
                guard consume(UInt8(ascii: "}")) else { throw error("expected ',' or '}' in a table") }
                return .table(entries)
            }
        }
    }

    private func peekName() -> String? {
        var end = position
        while end < bytes.count, isNameByte(bytes[end]) { end += 1 }
        return end > position ? String(decoding: bytes[position..<end], as: UTF8.self) : nil
    }
}
