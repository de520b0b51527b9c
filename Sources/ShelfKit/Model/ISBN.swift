/// A valid ISBN, held as its 13 digits.
///
/// Input is cleaned the way people and spreadsheets write ISBNs: hyphens, spaces, a lowercase
/// `x`, a `="…"` wrapper and an `ISBN` prefix are all accepted.
public struct ISBN: Sendable, Hashable, CustomStringConvertible {
    /// The 13-digit form.
    public let isbn13: String

    /// Why a text is not an ISBN.
    public enum Invalid: Error, Sendable, Equatable, CustomStringConvertible {
        case empty
        case badCharacter(Character)
        case badLength(Int)
        case badPrefix(String)
        case badCheckDigit(expected: Character, found: Character)

        /// The message shown to the user.
        public var description: String {
            switch self {
            case .empty: return "no digits"
            case .badCharacter(let character): return "'\(character)' is not a digit"
            case .badLength(let length): return "\(length) digits; an ISBN has 10 or 13"
            case .badPrefix(let prefix): return "an ISBN-13 starts with 978 or 979, not \(prefix)"
            case let .badCheckDigit(expected, found):
                return "check digit is \(found), expected \(expected)"
            }
        }
    }

    /// Validates `text` as an ISBN-10 or ISBN-13.
    public init(validating text: String) throws(Invalid) {
        // The common case, 13 bare digits that are valid, needs neither cleaning nor copying.
        if ISBN.isValidBareISBN13(text) {
            isbn13 = text
            return
        }
        let digits = try ISBN.clean(text)
        switch digits.count {
        case 10:
            let expected = ISBN.checkDigit10(digits.prefix(9))
            guard digits[9] == expected else {
                throw .badCheckDigit(expected: Character(Unicode.Scalar(expected)), found: Character(Unicode.Scalar(digits[9])))
            }
            let body = [UInt8]("978".utf8) + digits.prefix(9)
            isbn13 = String(decoding: body + [ISBN.checkDigit13(body)], as: UTF8.self)
        case 13:
            let prefix = String(decoding: digits.prefix(3), as: UTF8.self)
            guard prefix == "978" || prefix == "979" else { throw .badPrefix(prefix) }
            guard !digits.contains(UInt8(ascii: "X")) else { throw .badCharacter("X") }
            let expected = ISBN.checkDigit13(digits.prefix(12))
            guard digits[12] == expected else {
                throw .badCheckDigit(expected: Character(Unicode.Scalar(expected)), found: Character(Unicode.Scalar(digits[12])))
            }
            isbn13 = String(decoding: digits, as: UTF8.self)
        default:
            throw .badLength(digits.count)
        }
    }

    /// The ISBN of `text`, or nil. A value holding two ISBNs (`0802130305 9780802130303`, as
    /// some apps write) gives the first valid one.
    public static func parse(_ text: String) -> ISBN? {
        if let isbn = try? ISBN(validating: text) { return isbn }
        for part in text.split(whereSeparator: { $0 == " " || $0 == "," || $0 == ";" || $0 == "/" }) {
            if let isbn = try? ISBN(validating: String(part)) { return isbn }
        }
        return nil
    }

    /// Every valid ISBN in `text`, once each: `0441478123 9780441478125` (as the Obsidian Book
    /// Search plugin writes) gives the book under both forms, and two different ISBNs give both.
    static func parseAll(_ text: String) -> [ISBN] {
        if let whole = try? ISBN(validating: text) { return [whole] }
        var found: [ISBN] = []
        for part in text.split(whereSeparator: { $0 == " " || $0 == "," || $0 == ";" || $0 == "/" }) {
            if let isbn = try? ISBN(validating: String(part)), !found.contains(isbn) { found.append(isbn) }
        }
        return found
    }

    /// `parseAll(text).map(\.isbn13)`; a valid bare ISBN-13 is its own one form.
    static func thirteenDigitForms(_ text: String) -> [String] {
        isValidBareISBN13(text) ? [text] : parseAll(text).map(\.isbn13)
    }

    /// The 10-digit form; nil for a 979 ISBN, which has none.
    public var isbn10: String? {
        guard isbn13.hasPrefix("978") else { return nil }
        let body = Array(isbn13.utf8.dropFirst(3).prefix(9))
        return String(decoding: body + [ISBN.checkDigit10(body[...])], as: UTF8.self)
    }

    /// The ISBN's 13 digits.
    public var description: String { isbn13 }

    /// Digits (and a final `X`) of `text`, with separators and wrappers removed.
    static func clean(_ text: String) throws(Invalid) -> [UInt8] {
        // The common case, bare digits as most files and scanners write them, needs no cleaning.
        let utf8 = text.utf8
        if utf8.count == 13 || utf8.count == 10, utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) {
            return Array(utf8)
        }
        var value = Substring(text.trimmingSpaces)
        if value.hasPrefix("=\"") && value.hasSuffix("\"") && value.count >= 3 {
            value = value.dropFirst(2).dropLast()
        }
        let upper = value.uppercased()
        for prefix in ["ISBN-13:", "ISBN-10:", "ISBN13:", "ISBN10:", "ISBN:", "ISBN"] where upper.hasPrefix(prefix) {
            value = value.dropFirst(prefix.count)
            break
        }
        var digits: [UInt8] = []
        for character in value {
            switch character {
            // A digit with a combining mark is one Character but not a digit: only plain ASCII counts.
            case "0"..."9" where character.asciiValue != nil: digits.append(character.asciiValue ?? 0x30)
            case "x", "X": digits.append(UInt8(ascii: "X"))
            case "-", " ", "\u{2010}", "\u{2011}", "\u{2013}", "\t": continue
            default: throw .badCharacter(character)
            }
        }
        guard !digits.isEmpty else { throw .empty }
        if let x = digits.firstIndex(of: UInt8(ascii: "X")), x != digits.count - 1 || digits.count != 10 {
            throw .badCharacter("X")
        }
        return digits
    }

    /// True for exactly 13 ASCII digits starting 978 or 979 with the right check digit: what
    /// `init(validating:)` accepts unchanged.
    static func isValidBareISBN13(_ text: String) -> Bool {
        let valid = text.utf8.withContiguousStorageIfAvailable { digits -> Bool in
            guard digits.count == 13, digits[0] == UInt8(ascii: "9"), digits[1] == UInt8(ascii: "7"),
                digits[2] == UInt8(ascii: "8") || digits[2] == UInt8(ascii: "9")
            else { return false }
            var sum = 0
            for index in 0..<13 {
                let digit = Int(digits[index]) - 0x30
                guard digit >= 0, digit <= 9 else { return false }
                if index < 12 { sum += (index % 2 == 0 ? 1 : 3) * digit }
            }
            return Int(digits[12]) - 0x30 == (10 - sum % 10) % 10
        }
        return valid ?? false
    }

    static func checkDigit10(_ nine: ArraySlice<UInt8>) -> UInt8 {
        var sum = 0
        for (index, digit) in nine.enumerated() { sum += (10 - index) * Int(digit - 0x30) }
        let check = (11 - sum % 11) % 11
        return check == 10 ? UInt8(ascii: "X") : UInt8(0x30 + check)
    }

    static func checkDigit13(_ twelve: ArraySlice<UInt8>) -> UInt8 {
        checkDigit13(Array(twelve))
    }

    static func checkDigit13(_ twelve: [UInt8]) -> UInt8 {
        var sum = 0
        for (index, digit) in twelve.prefix(12).enumerated() {
            sum += (index % 2 == 0 ? 1 : 3) * Int(digit - 0x30)
        }
        return UInt8(0x30 + (10 - sum % 10) % 10)
    }
}
