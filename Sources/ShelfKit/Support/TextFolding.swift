import Foundation

/// Folding and tokenising of text for matching: case- and diacritic-insensitive, so that
/// `godel` finds `Gödel` and `ESTRAVEN` finds `Estraven`.
public enum TextFolding {
    /// The text folded: lowercase, diacritics removed.
    static func fold(_ text: String) -> String {
        var isASCII = true
        var hasCapital = false
        for byte in text.utf8 {
            if byte >= 0x80 {
                isASCII = false
                break
            }
            if byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") { hasCapital = true }
        }
        // Most words and tags are already lower-case ASCII: give them back without a copy.
        if isASCII { return hasCapital ? text.lowercased() : text }
        let folded = text.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
        guard folded.unicodeScalars.contains(where: { extraFolds[$0] != nil }) else { return folded }
        var result = ""
        for scalar in folded.unicodeScalars {
            if let replacement = extraFolds[scalar] { result += replacement } else { result.unicodeScalars.append(scalar) }
        }
        return result
    }

    /// Letters whose base letter is not a decomposition, so diacritic folding keeps them:
    /// `Stanisław` should still be found as `stanislaw`.
    private static let extraFolds: [Unicode.Scalar: String] = [
        "ł": "l", "ø": "o", "đ": "d", "ð": "d", "ħ": "h", "ı": "i", "ŧ": "t", "ß": "ss", "æ": "ae", "œ": "oe", "þ": "th",
    ]

    /// The folded words of a text: runs of letters and digits.
    public static func words(_ text: String) -> [String] {
        var words: [String] = []
        forEachWord(in: text) { words.append($0) }
        return words
    }

    /// Calls `body` with each folded word of `text`. ASCII words are folded without Foundation,
    /// which keeps indexing a library's notes cheap.
    static func forEachWord(in text: String, _ body: (String) -> Void) {
        var utf8 = text.utf8
        let handled: Void? = utf8.withContiguousStorageIfAvailable { buffer in
            forEachWord(in: buffer, body)
        }
        if handled == nil {
            var copy = text
            copy.makeContiguousUTF8()
            utf8 = copy.utf8
            _ = utf8.withContiguousStorageIfAvailable { forEachWord(in: $0, body) }
        }
    }

    /// Calls `body` with each folded word of UTF-8 bytes.
    static func forEachWord(in bytes: UnsafeBufferPointer<UInt8>, _ body: (String) -> Void) {
        scanWords(
            in: bytes,
            ascii: { slice in
                body(
                    String(unsafeUninitializedCapacity: slice.count) { target in
                        for (offset, byte) in slice.enumerated() {
                            target[offset] = byte.asciiFolded
                        }
                        return slice.count
                    })
            },
            other: { slice in
                body(fold(String(decoding: slice, as: UTF8.self)))
            })
    }

    /// Finds the words of UTF-8 bytes (runs of letters and digits), unfolded: `ascii` gets the
    /// bytes of an all-ASCII word (fold by lowering A–Z), `other` those of any other word.
    static func scanWords(
        in bytes: UnsafeBufferPointer<UInt8>, ascii: (UnsafeBufferPointer<UInt8>) -> Void,
        other: (UnsafeBufferPointer<UInt8>) -> Void
    ) {
        var index = 0
        let count = bytes.count
        var wordStart = -1
        var wordIsASCII = true
        func flush(_ end: Int) {
            guard wordStart >= 0 else { return }
            let slice = UnsafeBufferPointer(rebasing: bytes[wordStart..<end])
            if wordIsASCII {
                ascii(slice)
            } else {
                other(slice)
            }
            wordStart = -1
            wordIsASCII = true
        }
        while index < count {
            let byte = bytes[index]
            if byte < 0x80 {
                let isWordByte = byte.isASCIIWordByte
                if isWordByte {
                    if wordStart < 0 { wordStart = index }
                } else {
                    flush(index)
                }
                index += 1
                continue
            }
            // A multi-byte scalar: decode it to ask whether it is a letter or digit.
            let length = byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : 2
            let end = min(index + length, count)
            var scalarValue = UInt32(byte) & (length == 2 ? 0x1F : length == 3 ? 0x0F : 0x07)
            for continuation in (index + 1)..<max(index + 1, end) {
                scalarValue = scalarValue << 6 | UInt32(bytes[continuation] & 0x3F)
            }
            let isWordScalar =
                Unicode.Scalar(scalarValue).map {
                    $0.properties.isAlphabetic || $0.properties.numericType != nil
                        || $0.properties.generalCategory == .nonspacingMark
                } ?? false
            if isWordScalar && TextFolding.isUnspacedScript(scalarValue) {
                // Chinese and Japanese are written without spaces: each character is a word, so
                // `春樹` (the phrase 春 樹) finds `村上春樹` and `森` finds `ノルウェイの森`.
                flush(index)
                wordStart = index
                wordIsASCII = false
                flush(end)
            } else if isWordScalar {
                if wordStart < 0 { wordStart = index }
                wordIsASCII = false
            } else {
                flush(index)
            }
            index = end
        }
        flush(count)
    }

    /// A tag folded for comparison: case folded, surrounding spaces and a leading `#` removed.
    static func foldTag(_ tag: String) -> String {
        // Most tags are printable ASCII without a `#`: trimming leaves them as they are, and
        // folding only lowercases them.
        let plain = tag.utf8.withContiguousStorageIfAvailable { bytes -> (isPlain: Bool, hasUpper: Bool) in
            guard let first = bytes.first, first != UInt8(ascii: "#") else { return (false, false) }
            var hasUpper = false
            for byte in bytes {
                guard byte > 0x20, byte < 0x7F else { return (false, false) }
                if byte >= 0x41 && byte <= 0x5A { hasUpper = true }
            }
            return (true, hasUpper)
        }
        if let plain, plain.isPlain { return plain.hasUpper ? tag.lowercased() : tag }
        return foldTagGenerally(tag)
    }

    /// `foldTag` for any tag, without its fast path.
    static func foldTagGenerally(_ tag: String) -> String {
        var trimmed = Substring(tag.trimmingSpaces)
        if trimmed.hasPrefix("#") { trimmed = trimmed.dropFirst() }
        return fold(String(trimmed))
    }

    /// True when folded tag `tag` is `wanted` or nested below it (`sci-fi/space` under `sci-fi`).
    public static func tag(_ tag: String, matches wanted: String) -> Bool {
        guard tag.hasPrefix(wanted) else { return false }
        if tag.utf8.count == wanted.utf8.count { return true }
        return tag.utf8.dropFirst(wanted.utf8.count).first == UInt8(ascii: "/")
    }
}

extension TextFolding {
    /// Each word of `text` with its range in the original string and its folded form: slower
    /// than `forEachWord`, for the few texts a snippet is cut from.
    static func wordRanges(in text: String) -> [(range: Range<String.Index>, folded: String)] {
        asciiWordRanges(in: text) ?? wordRangesByCharacter(in: text)
    }

    /// `wordRanges` for ASCII text, byte by byte (in ASCII every byte but a CR before an LF is a
    /// character, and the word characters are the letters and digits); nil for any other text.
    static func asciiWordRanges(in text: String) -> [(range: Range<String.Index>, folded: String)]? {
        let utf8 = text.utf8
        let found = utf8.withContiguousStorageIfAvailable { bytes -> [(range: Range<String.Index>, folded: String)]? in
            var result: [(range: Range<String.Index>, folded: String)] = []
            var wordStart = -1
            func flush(_ end: Int) {
                guard wordStart >= 0 else { return }
                let word = UnsafeBufferPointer(rebasing: bytes[wordStart..<end])
                let folded = String(unsafeUninitializedCapacity: word.count) { target in
                    for (offset, byte) in word.enumerated() { target[offset] = byte.asciiFolded }
                    return word.count
                }
                let lower = utf8.index(utf8.startIndex, offsetBy: wordStart)
                result.append((lower..<utf8.index(lower, offsetBy: end - wordStart), folded))
                wordStart = -1
            }
            for (offset, byte) in bytes.enumerated() {
                guard byte < 0x80 else { return nil }
                let isWordByte = byte.isASCIIWordByte
                if isWordByte {
                    if wordStart < 0 { wordStart = offset }
                } else {
                    flush(offset)
                }
            }
            flush(bytes.count)
            return result
        }
        return found ?? nil
    }

    /// `wordRanges` for any text, character by character.
    static func wordRangesByCharacter(in text: String) -> [(range: Range<String.Index>, folded: String)] {
        var result: [(Range<String.Index>, String)] = []
        var start: String.Index?
        var index = text.startIndex
        func isWordCharacter(_ character: Character) -> Bool {
            character.unicodeScalars.contains { $0.properties.isAlphabetic || $0.properties.numericType != nil }
        }
        while index < text.endIndex {
            let character = text[index]
            if let first = character.unicodeScalars.first, isUnspacedScript(first.value) {
                // One word per character, as `scanWords` reads them.
                if let wordStart = start {
                    result.append((wordStart..<index, fold(String(text[wordStart..<index]))))
                    start = nil
                }
                let next = text.index(after: index)
                result.append((index..<next, fold(String(character))))
                index = next
                continue
            }
            if isWordCharacter(character) {
                if start == nil { start = index }
            } else if let wordStart = start {
                result.append((wordStart..<index, fold(String(text[wordStart..<index]))))
                start = nil
            }
            index = text.index(after: index)
        }
        if let wordStart = start { result.append((wordStart..<text.endIndex, fold(String(text[wordStart...])))) }
        return result
    }

    /// For each byte, its `asciiFolded` form when it `isASCIIWordByte`, else 0 (no word byte is 0).
    /// A pointer rather than an array, so that the hot loop reads it without a bounds check or
    /// a retain; written once, as it is made, and only ever read after.
    nonisolated(unsafe) static let asciiWordFolds: UnsafePointer<UInt8> = {
        let table = UnsafeMutablePointer<UInt8>.allocate(capacity: 256)
        for byte in 0...255 {
            let value = UInt8(byte)
            table[byte] = value.isASCIIWordByte ? value.asciiFolded : 0
        }
        return UnsafePointer(table)
    }()

    /// Han ideographs, hiragana and katakana: scripts written without spaces between words.
    static func isUnspacedScript(_ scalar: UInt32) -> Bool {
        (0x4E00...0x9FFF).contains(scalar) || (0x3400...0x4DBF).contains(scalar) || (0x20000...0x2FA1F).contains(scalar)
            || (0xF900...0xFAFF).contains(scalar) || (0x3040...0x30FF).contains(scalar) || (0x31F0...0x31FF).contains(scalar)
            || (0xFF66...0xFF9F).contains(scalar)
    }
}

extension UInt8 {
    /// A byte of an ASCII word as `TextFolding` reads words: a letter or a digit.
    var isASCIIWordByte: Bool {
        (self >= 0x61 && self <= 0x7A) || (self >= 0x41 && self <= 0x5A) || (self >= 0x30 && self <= 0x39)
    }

    /// The byte as `TextFolding` folds an ASCII word's: A–Z lowered, anything else kept.
    var asciiFolded: UInt8 { self >= 0x41 && self <= 0x5A ? self + 32 : self }
}
