#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Dataview's inline fields in a note's body: `rating:: 4` on a line of its own, or inside a
/// sentence as `[rating:: 4]` or `(rating:: 4)`. Obsidian users keep book fields so, often in
/// notes without front matter.
enum InlineFields {
    /// How a field is written, which bounds what a new value may hold.
    enum Form: Sendable, Equatable {
        /// `key:: value` on its own line (after any list marker or quote); the value runs to the line end.
        case line
        /// `[key:: value]` or `(key:: value)`; the value runs to the closing bracket.
        case bracketed(close: UInt8)
    }

    /// One inline field: its key and value as written, and where the value lies.
    struct Field: Sendable, Equatable {
        var key: String
        var value: String
        /// The value's bytes (trimmed of spaces), as offsets into the bytes scanned.
        var valueRange: Range<Int>
        /// The line the field is on, its line break excluded: what must stay put for an edit.
        var lineRange: Range<Int>
        var form: Form
    }

    /// Every inline field in `body`, in written order, skipping fenced code blocks and inline code.
    /// Offsets are the collection's own indices.
    static func fields<Bytes: RandomAccessCollection<UInt8>>(in body: Bytes) -> [Field] where Bytes.Index == Int {
        // Most notes hold no `::`: one pass over the bytes tells, and the load stays as fast.
        guard containsDoubleColon(body) else { return [] }
        var found: [Field] = []
        var fence: (byte: UInt8, count: Int)?
        var lineStart = body.startIndex
        while lineStart < body.endIndex {
            var lineEnd = body[lineStart...].firstIndex(of: 0x0A) ?? body.endIndex
            let next = lineEnd < body.endIndex ? lineEnd + 1 : lineEnd
            if lineEnd > lineStart, body[lineEnd - 1] == 0x0D { lineEnd -= 1 }
            let line = lineStart..<lineEnd
            if let marker = fenceMarker(body, line) {
                if fence == nil {
                    fence = marker
                } else if let open = fence, open.byte == marker.byte, marker.count >= open.count {
                    fence = nil
                }
            } else if fence == nil {
                scan(body, line, into: &found)
            }
            lineStart = next
        }
        return found
    }

    /// The first field for each key, keys compared case-insensitively as Dataview does.
    static func firstOfEachKey(_ fields: [Field]) -> [Field] {
        var seen = Set<String>()
        return fields.filter { seen.insert($0.key.lowercased()).inserted }
    }

    /// True when `bytes` hold `::`, found with `memchr` where the bytes are contiguous (every
    /// file the loader reads), which a debug build's byte loop was measurably slower at.
    static func containsDoubleColon<Bytes: RandomAccessCollection<UInt8>>(_ bytes: Bytes) -> Bool where Bytes.Index == Int {
        let contiguous = bytes.withContiguousStorageIfAvailable { buffer -> Bool in
            guard var cursor = buffer.baseAddress, let end = buffer.baseAddress.map({ $0 + buffer.count }) else { return false }
            while cursor < end, let colon = memchr(cursor, 0x3A, end - cursor) {
                let found = UnsafePointer(colon.assumingMemoryBound(to: UInt8.self))
                if found + 1 < end, found[1] == 0x3A { return true }
                cursor = found + 1
            }
            return false
        }
        if let contiguous { return contiguous }
        var previousColon = false
        for byte in bytes {
            if byte == 0x3A {
                if previousColon { return true }
                previousColon = true
            } else {
                previousColon = false
            }
        }
        return false
    }

    /// A fence line: three or more backticks or tildes after at most three spaces.
    private static func fenceMarker<Bytes: RandomAccessCollection<UInt8>>(_ bytes: Bytes, _ line: Range<Int>) -> (byte: UInt8, count: Int)?
    where Bytes.Index == Int {
        var index = line.lowerBound
        while index < line.upperBound, bytes[index] == 0x20, index - line.lowerBound < 3 { index += 1 }
        guard index < line.upperBound, bytes[index] == 0x60 || bytes[index] == 0x7E else { return nil }
        let byte = bytes[index]
        var count = 0
        while index < line.upperBound, bytes[index] == byte { count += 1; index += 1 }
        return count >= 3 ? (byte, count) : nil
    }

    private static func scan<Bytes: RandomAccessCollection<UInt8>>(_ bytes: Bytes, _ line: Range<Int>, into found: inout [Field])
    where Bytes.Index == Int {
        guard containsDoubleColon(bytes[line]) else { return }
        if let field = lineField(bytes, line) {
            found.append(field)
            return
        }
        var index = line.lowerBound
        var inCode = false
        while index < line.upperBound {
            let byte = bytes[index]
            if byte == 0x60 { inCode.toggle() }
            if !inCode, byte == 0x5B || byte == 0x28, let field = bracketed(bytes, from: index, line: line) {
                found.append(field)
                index = field.valueRange.upperBound
                continue
            }
            index += 1
        }
    }

    /// `key:: value` as the whole line, after a list marker (`- `, `* `, `1. `) or a quote (`> `).
    private static func lineField<Bytes: RandomAccessCollection<UInt8>>(_ bytes: Bytes, _ line: Range<Int>) -> Field?
    where Bytes.Index == Int {
        var start = skipSpaces(bytes, line.lowerBound, line.upperBound)
        while start < line.upperBound, [0x2D, 0x2A, 0x2B, 0x3E].contains(bytes[start]),
            start + 1 < line.upperBound, bytes[start + 1] == 0x20
        {
            start = skipSpaces(bytes, start + 1, line.upperBound)
        }
        guard let (key, afterColons) = key(bytes, from: start, limit: line.upperBound) else { return nil }
        let valueStart = skipSpaces(bytes, afterColons, line.upperBound)
        var valueEnd = line.upperBound
        while valueEnd > valueStart, bytes[valueEnd - 1] == 0x20 || bytes[valueEnd - 1] == 0x09 { valueEnd -= 1 }
        let value = String(decoding: bytes[valueStart..<valueEnd], as: UTF8.self)
        // A value holding inline code is no field shelf reads (`cmd:: \`a::b\``): keep clear of it.
        guard !value.contains("`") else { return nil }
        return Field(key: key, value: value, valueRange: valueStart..<valueEnd, lineRange: line, form: .line)
    }

    private static func bracketed<Bytes: RandomAccessCollection<UInt8>>(_ bytes: Bytes, from open: Int, line: Range<Int>) -> Field?
    where Bytes.Index == Int {
        let close: UInt8 = bytes[open] == 0x5B ? 0x5D : 0x29
        let start = skipSpaces(bytes, open + 1, line.upperBound)
        guard let (key, afterColons) = key(bytes, from: start, limit: line.upperBound) else { return nil }
        let valueStart = skipSpaces(bytes, afterColons, line.upperBound)
        // The value ends at the bracket that closes this one: `[author:: [[Le Guin]]]`.
        var depth = 0
        var index = valueStart
        while index < line.upperBound {
            let byte = bytes[index]
            if byte == bytes[open] { depth += 1 }
            if byte == close {
                if depth == 0 { break }
                depth -= 1
            }
            index += 1
        }
        guard index < line.upperBound else { return nil }
        var valueEnd = index
        while valueEnd > valueStart, bytes[valueEnd - 1] == 0x20 { valueEnd -= 1 }
        let value = String(decoding: bytes[valueStart..<valueEnd], as: UTF8.self)
        return Field(key: key, value: value, valueRange: valueStart..<valueEnd, lineRange: line, form: .bracketed(close: close))
    }

    /// A key (letters, digits, spaces, `_`, `-`, not starting with a space) followed by `::`.
    private static func key<Bytes: RandomAccessCollection<UInt8>>(_ bytes: Bytes, from start: Int, limit: Int) -> (String, Int)?
    where Bytes.Index == Int {
        var index = start
        while index < limit, bytes[index] != 0x3A {
            let byte = bytes[index]
            let allowed =
                byte >= 0x80 || (byte >= 0x30 && byte <= 0x39) || (byte | 0x20 >= 0x61 && byte | 0x20 <= 0x7A)
                || byte == 0x5F || byte == 0x2D || byte == 0x20
            guard allowed else { return nil }
            index += 1
        }
        guard index > start, index + 1 < limit, bytes[index + 1] == 0x3A else { return nil }
        let key = String(decoding: bytes[start..<index], as: UTF8.self).trimmingSpaces
        guard !key.isEmpty, bytes[start] != 0x20 else { return nil }
        return (key, index + 2)
    }

    private static func skipSpaces<Bytes: RandomAccessCollection<UInt8>>(_ bytes: Bytes, _ from: Int, _ limit: Int) -> Int
    where Bytes.Index == Int {
        var index = from
        while index < limit, bytes[index] == 0x20 || bytes[index] == 0x09 { index += 1 }
        return index
    }
}
