/// Finds the first byte that is not part of well-formed UTF-8.
enum UTF8Validation {
    /// The offset of the first invalid byte, or nil when the whole buffer is valid UTF-8.
    static func firstInvalidOffset(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        var index = 0
        let count = bytes.count
        guard let base = bytes.baseAddress else { return nil }
        while index < count {
            // 32 ASCII bytes at a time, then 8: most of a book file is ASCII.
            while index + 32 <= count {
                let raw = UnsafeRawPointer(base + index)
                let words =
                    raw.loadUnaligned(as: UInt64.self) | raw.loadUnaligned(fromByteOffset: 8, as: UInt64.self)
                    | raw.loadUnaligned(fromByteOffset: 16, as: UInt64.self) | raw.loadUnaligned(fromByteOffset: 24, as: UInt64.self)
                guard words & 0x8080_8080_8080_8080 == 0 else { break }
                index += 32
            }
            while index + 8 <= count {
                let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
                guard word & 0x8080_8080_8080_8080 == 0 else { break }
                index += 8
            }
            guard index < count else { break }
            guard let length = characterLength(bytes, at: index) else { return index }
            index += length
        }
        return nil
    }

    /// The length of the well-formed UTF-8 character at `index` (RFC 3629's table: no overlong
    /// forms, surrogates or scalars past U+10FFFF), or nil when the bytes there are not one.
    @inline(__always)
    static func characterLength(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Int? {
        let lead = bytes[index]
        if lead < 0x80 { return 1 }
        let length: Int
        var minimumSecond: UInt8 = 0x80
        var maximumSecond: UInt8 = 0xBF
        switch lead {
        case 0xC2...0xDF: length = 2
        case 0xE0: length = 3; minimumSecond = 0xA0
        case 0xE1...0xEC, 0xEE...0xEF: length = 3
        case 0xED: length = 3; maximumSecond = 0x9F
        case 0xF0: length = 4; minimumSecond = 0x90
        case 0xF1...0xF3: length = 4
        case 0xF4: length = 4; maximumSecond = 0x8F
        default: return nil
        }
        guard index + length <= bytes.count else { return nil }
        let second = bytes[index + 1]
        guard second >= minimumSecond, second <= maximumSecond else { return nil }
        for continuation in 2..<length where bytes[index + continuation] & 0xC0 != 0x80 {
            return nil
        }
        return length
    }

    /// 1-based line and column (in scalars) of a byte offset.
    static func lineAndColumn(of offset: Int, in bytes: UnsafeBufferPointer<UInt8>) -> (line: Int, column: Int) {
        var line = 1
        var column = 1
        var index = 0
        while index < offset && index < bytes.count {
            let byte = bytes[index]
            if byte == 0x0A {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
            index += 1
        }
        return (line, column)
    }
}
