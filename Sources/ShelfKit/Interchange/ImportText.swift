/// Turns an export file's bytes into text, whatever the service wrote: UTF-8 (with or without a
/// byte order mark), UTF-16 with a byte order mark, or UTF-8 with stray Windows-1252 bytes (as
/// LibraryThing's exports sometimes hold): each byte that is not part of valid UTF-8 is read as
/// Windows-1252, so `Cort\xE9zar` still reads `Cortézar` and nothing is dropped.
enum ImportText {
    /// The text of an export file's bytes.
    public static func decode(_ bytes: [UInt8]) -> String {
        if bytes.starts(with: [0xFF, 0xFE]) { return utf16(bytes.dropFirst(2), littleEndian: true) }
        if bytes.starts(with: [0xFE, 0xFF]) { return utf16(bytes.dropFirst(2), littleEndian: false) }
        var body = bytes[...]
        if body.starts(with: [0xEF, 0xBB, 0xBF]) { body = body.dropFirst(3) }
        if let text = String(validatingUTF8Bytes: body) { return text }
        return lenient(body)
    }

    private static func utf16(_ bytes: ArraySlice<UInt8>, littleEndian: Bool) -> String {
        var units: [UInt16] = []
        units.reserveCapacity(bytes.count / 2)
        var index = bytes.startIndex
        while index + 1 < bytes.endIndex {
            let first = UInt16(bytes[index]), second = UInt16(bytes[index + 1])
            units.append(littleEndian ? first | second << 8 : first << 8 | second)
            index += 2
        }
        return String(decoding: units, as: UTF16.self)
    }

    /// UTF-8 where it is valid; Windows-1252 for every other byte.
    private static func lenient(_ bytes: ArraySlice<UInt8>) -> String {
        var output = String.UnicodeScalarView()
        var index = bytes.startIndex
        while index < bytes.endIndex {
            let byte = bytes[index]
            if byte < 0x80 {
                output.append(Unicode.Scalar(byte))
                index += 1
                continue
            }
            let length = byte >= 0xF0 && byte < 0xF5 ? 4 : byte >= 0xE0 ? 3 : byte >= 0xC2 ? 2 : 0
            if length > 0, index + length <= bytes.endIndex,
               let scalar = String(validatingUTF8Bytes: bytes[index..<(index + length)])?.unicodeScalars,
               scalar.count == 1, let only = scalar.first {
                output.append(only)
                index += length
                continue
            }
            output.append(windows1252(byte))
            index += 1
        }
        return String(output)
    }

    private static func windows1252(_ byte: UInt8) -> Unicode.Scalar {
        let table: [UInt32] = [
            0x20AC, 0x81, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, 0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0x8D, 0x017D, 0x8F,
            0x90, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014, 0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0x9D, 0x017E, 0x0178,
        ]
        let value = byte >= 0x80 && byte < 0xA0 ? table[Int(byte - 0x80)] : UInt32(byte)
        return Unicode.Scalar(value) ?? "\u{FFFD}"
    }
}

private extension String {
    /// The text of `bytes` when they are valid UTF-8, else nil.
    init?(validatingUTF8Bytes bytes: ArraySlice<UInt8>) {
        var valid = true
        var iterator = bytes.makeIterator()
        var decoder = UTF8()
        var scalars = String.UnicodeScalarView()
        loop: while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar): scalars.append(scalar)
            case .emptyInput: break loop
            case .error:
                valid = false
                break loop
            }
        }
        guard valid else { return nil }
        self = String(scalars)
    }
}
