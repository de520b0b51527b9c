/// `ImportText`'s decoding, fed the bytes in pieces: a character split between two pieces is
/// held until the rest arrives, so the scalars are those of the whole file decoded at once,
/// wherever the pieces are cut. An import reads its file a piece at a time through this, and
/// never holds the whole text.
struct ImportTextDecoder {
    private enum Encoding { case undecided, utf8, utf16(littleEndian: Bool) }

    private var encoding = Encoding.undecided
    /// The bytes of a character (or of the byte order mark) that the last piece cut.
    private var held: [UInt8] = []
    /// A UTF-16 high surrogate waiting for its low one.
    private var highSurrogate: UInt16?

    /// Decodes `bytes`, the next piece of the file, giving each scalar to `emit` in order.
    /// - Parameter final: this is the last piece: whatever is held is decoded as it stands.
    mutating func decode(_ bytes: ArraySlice<UInt8>, final: Bool, emit: (Unicode.Scalar) throws -> Void) rethrows {
        var input = bytes
        if !held.isEmpty {
            input = ArraySlice(held + bytes)
            held = []
        }
        if case .undecided = encoding {
            // Three bytes tell every byte order mark apart; a shorter file decides at its end.
            guard input.count >= 3 || final else {
                held = Array(input)
                return
            }
            if input.starts(with: [0xFF, 0xFE]) {
                encoding = .utf16(littleEndian: true)
                input = input.dropFirst(2)
            } else if input.starts(with: [0xFE, 0xFF]) {
                encoding = .utf16(littleEndian: false)
                input = input.dropFirst(2)
            } else {
                encoding = .utf8
                if input.starts(with: [0xEF, 0xBB, 0xBF]) { input = input.dropFirst(3) }
            }
        }
        switch encoding {
        case .utf16(let littleEndian): try utf16(input, littleEndian: littleEndian, final: final, emit: emit)
        default: try lenientUTF8(input, final: final, emit: emit)
        }
    }

    /// UTF-8 where it is valid; Windows-1252 for every other byte.
    private mutating func lenientUTF8(_ bytes: ArraySlice<UInt8>, final: Bool, emit: (Unicode.Scalar) throws -> Void) rethrows {
        var index = bytes.startIndex
        while index < bytes.endIndex {
            let byte = bytes[index]
            if byte < 0x80 {
                try emit(Unicode.Scalar(byte))
                index += 1
                continue
            }
            let length = byte >= 0xF0 && byte < 0xF5 ? 4 : byte >= 0xE0 ? 3 : byte >= 0xC2 ? 2 : 0
            if length > 0, index + length > bytes.endIndex, !final {
                held = Array(bytes[index...])
                return
            }
            if length > 0, index + length <= bytes.endIndex, let scalar = ImportTextDecoder.scalar(bytes[index..<(index + length)]) {
                try emit(scalar)
                index += length
                continue
            }
            try emit(ImportTextDecoder.windows1252(byte))
            index += 1
        }
    }

    /// The scalar of one complete UTF-8 sequence (its length given by its first byte), or nil
    /// when the bytes are not valid UTF-8 (overlong, a surrogate, past U+10FFFF, a bad continuation).
    private static func scalar(_ sequence: ArraySlice<UInt8>) -> Unicode.Scalar? {
        let first = sequence[sequence.startIndex]
        var value = UInt32(first) & (sequence.count == 2 ? 0x1F : sequence.count == 3 ? 0x0F : 0x07)
        for (offset, byte) in sequence.dropFirst().enumerated() {
            var low: UInt8 = 0x80, high: UInt8 = 0xBF
            if offset == 0 {
                switch first {
                case 0xE0: low = 0xA0
                case 0xED: high = 0x9F
                case 0xF0: low = 0x90
                case 0xF4: high = 0x8F
                default: break
                }
            }
            guard byte >= low, byte <= high else { return nil }
            value = value << 6 | UInt32(byte & 0x3F)
        }
        return Unicode.Scalar(value)
    }

    private mutating func utf16(_ bytes: ArraySlice<UInt8>, littleEndian: Bool, final: Bool, emit: (Unicode.Scalar) throws -> Void) rethrows
    {
        var index = bytes.startIndex
        while index + 1 < bytes.endIndex {
            let first = UInt16(bytes[index]), second = UInt16(bytes[index + 1])
            index += 2
            let unit = littleEndian ? first | second << 8 : first << 8 | second
            if let high = highSurrogate {
                highSurrogate = nil
                if UTF16.isTrailSurrogate(unit) {
                    let value = 0x10000 + (UInt32(high - 0xD800) << 10 | UInt32(unit - 0xDC00))
                    try emit(Unicode.Scalar(value) ?? "\u{FFFD}")
                    continue
                }
                try emit("\u{FFFD}")
            }
            if UTF16.isLeadSurrogate(unit) {
                highSurrogate = unit
            } else {
                try emit(Unicode.Scalar(unit) ?? "\u{FFFD}")
            }
        }
        // An odd byte waits for its pair; at the end it is dropped, as a unit cannot be made of it.
        if index < bytes.endIndex, !final { held = [bytes[index]] }
        if final, highSurrogate != nil {
            highSurrogate = nil
            try emit("\u{FFFD}")
        }
    }

    private static func windows1252(_ byte: UInt8) -> Unicode.Scalar {
        let value = byte >= 0x80 && byte < 0xA0 ? windows1252Controls[Int(byte - 0x80)] : UInt32(byte)
        return Unicode.Scalar(value) ?? "\u{FFFD}"
    }

    /// What Windows-1252 reads bytes 0x80–0x9F as (Latin-1 gives the rest).
    private static let windows1252Controls: [UInt32] = [
        0x20AC, 0x81, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, 0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0x8D, 0x017D, 0x8F,
        0x90, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014, 0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0x9D, 0x017E, 0x0178,
    ]
}
