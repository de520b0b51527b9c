#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Dispatch

// MARK: - Writing bytes

struct Writer {
    var bytes: [UInt8] = []
    var newline: [UInt8] = [0x0A]

    init() { bytes.reserveCapacity(4096) }

    mutating func put(_ text: String) { bytes.append(contentsOf: text.utf8) }
    mutating func put(_ raw: [UInt8]) { bytes.append(contentsOf: raw) }
    mutating func byte(_ b: UInt8) { bytes.append(b) }
    mutating func line(_ text: String) { put(text); put(newline) }
    mutating func endLine() { put(newline) }

    mutating func number(_ value: Int, width: Int = 0) {
        var digits: [UInt8] = []
        var v = value
        repeat { digits.append(UInt8(ascii: "0") + UInt8(v % 10)); v /= 10 } while v > 0
        while digits.count < width { digits.append(UInt8(ascii: "0")) }
        bytes.append(contentsOf: digits.reversed())
    }

    mutating func date(_ day: Int) {
        let (y, m, d) = civilFromDays(day)
        number(y, width: 4); byte(UInt8(ascii: "-")); number(m, width: 2); byte(UInt8(ascii: "-")); number(d, width: 2)
    }
}

func capitalized(_ word: String) -> String {
    guard let first = word.first else { return word }
    return first.uppercased() + word.dropFirst()
}

func makeTitle(_ r: inout SplitMix64) -> String {
    func phrase(_ r: inout SplitMix64) -> [String] {
        var words: [String] = []
        if r.chance(0.4) { words.append("the") }
        if r.chance(0.45) { words.append(r.pick(titleAdjectives)) }
        words.append(r.pick(titleNouns))
        return words
    }
    var words: [String] = []
    repeat {
        words = phrase(&r)
        switch r.unit() {
        case ..<0.35: words += ["of"] + phrase(&r)
        case ..<0.45: words += ["and"] + phrase(&r)
        case ..<0.55: words = [r.pick(titleNouns), "and", r.pick(titleNouns)]
        default: break
        }
    } while !(2...6).contains(words.count)
    var title = words.enumerated().map { index, word in
        index > 0 && ["of", "and", "the"].contains(word) ? word : capitalized(word)
    }.joined(separator: " ")
    if r.chance(0.06) {
        // A subtitle after a colon: the value then needs quotes.
        title += ": " + capitalized(r.pick(titleAdjectives)) + " " + capitalized(r.pick(titleNouns))
    }
    return title
}

func makeAuthor(_ r: inout SplitMix64) -> String {
    var name = r.pick(firstNames)
    if r.chance(0.15) { name += " " + String(r.pick(firstNames).prefix(1)) + "." }
    return name + " " + r.pick(lastNames)
}

func slug(_ text: String) -> String {
    var out = ""
    var dash = false
    for scalar in text.lowercased().unicodeScalars {
        if scalar.isASCII, scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) {
            if dash && !out.isEmpty { out += "-" }
            out.unicodeScalars.append(scalar)
            dash = false
        } else {
            dash = true
        }
    }
    return String(out.prefix(60))
}

func isbn13(_ r: inout SplitMix64) -> String {
    var digits: [Int] = r.chance(0.9) ? [9, 7, 8] : [9, 7, 9]
    if digits[2] == 9 { digits.append(r.chance(0.5) ? 8 : 1) } else { digits.append(r.int(0...1)) }
    while digits.count < 12 { digits.append(r.int(0...9)) }
    var sum = 0
    for (i, d) in digits.enumerated() { sum += i % 2 == 0 ? d : 3 * d }
    digits.append((10 - sum % 10) % 10)
    return digits.map(String.init).joined()
}

/// A YAML scalar for a free text: plain when safe, else double-quoted.
func yamlText(_ text: String) -> String {
    let needsQuotes =
        text.contains(": ") || text.contains(" #") || text.hasPrefix("'") || text.hasPrefix("\"")
        || text.hasPrefix("&") || text.hasPrefix("*") || text.hasPrefix("!") || text.hasPrefix("[")
        || text.hasPrefix("{") || text.hasSuffix(":")
    guard needsQuotes else { return text }
    return "\"" + text.replacingDoubleQuotes() + "\""
}

extension String {
    func replacingDoubleQuotes() -> String {
        var out = ""
        for c in self { if c == "\"" || c == "\\" { out.append("\\") }; out.append(c) }
        return out
    }
}
