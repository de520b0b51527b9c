/// Ratings as readers write them: `4`, `4.5`, `"5"`, `★★★★☆`, `★★★½`, `⭐⭐⭐⭐`, `4/5`, `8/10`,
/// `87.1%` (a percent: a fifth of it in stars, to the nearest half star), and `0` (or no filled
/// star), or a word for none (`none`, `n/a`, `-`, `无`), meaning "not rated". A rating is a number of stars from above 0 to 5;
/// half and quarter stars are ratings too (Obsidian and StoryGraph write them).
public enum Rating {
    /// What a written rating says.
    public enum Reading: Sendable, Equatable {
        /// A rating, in stars (`4.5`).
        case stars(Double)
        /// Written, but meaning "not rated" (`0`, `☆☆☆☆☆`).
        case unrated
        /// Not a rating at all (`7`, `great`).
        case invalid
    }

    /// How a rating is written, so that a new rating can be written the same way.
    public enum Form: Sendable, Equatable {
        /// `4`, `4.5`.
        case number
        /// `★★★★☆` (padded to five with `empty` when the file does), `★★★½`.
        case stars(filled: Character, empty: Character?)
        /// `4/5`, `8/10`.
        case fraction(scale: Int)
        /// `87.1%`: stars times 20.
        case percent
    }

    /// Reads a rating as written.
    public static func read(_ text: String) -> Reading {
        let trimmed = text.trimmingSpaces
        guard let first = trimmed.utf8.first else { return .unrated }
        // A text that starts with a digit is no row of stars: most ratings are numbers, and
        // telling stars apart character by character is the slow part of reading one.
        let startsWithDigit = first >= UInt8(ascii: "0") && first <= UInt8(ascii: "9")
        if !startsWithDigit, noneWords.contains(trimmed.lowercased()) { return .unrated }
        if trimmed.utf8.last == UInt8(ascii: "%") {
            guard let percent = number(trimmed.dropLast()), percent >= 0, percent <= 100 else { return .invalid }
            return reading((percent / 20 * 2).rounded() / 2)
        }
        if !startsWithDigit, let stars = starCount(trimmed) { return stars > 0 ? .stars(stars) : .unrated }
        if let slash = trimmed.firstIndex(of: "/") {
            guard let value = number(trimmed[..<slash]), let scale = number(trimmed[trimmed.index(after: slash)...]),
                  scale > 0, value >= 0, value <= scale else { return .invalid }
            return reading(value * 5 / scale)
        }
        guard let value = number(Substring(trimmed)) else { return .invalid }
        return reading(value)
    }

    /// The form a rating is written in.
    public static func form(of text: String) -> Form {
        let trimmed = text.trimmingSpaces
        if starCount(trimmed) != nil, let filled = trimmed.first(where: { filledStars.contains($0) }) ?? trimmed.first {
            return .stars(filled: filledStars.contains(filled) ? filled : "★", empty: trimmed.first(where: { emptyStars.contains($0) }))
        }
        if trimmed.hasSuffix("%"), number(trimmed.dropLast()) != nil { return .percent }
        if let slash = trimmed.firstIndex(of: "/"), let scale = Int(String(trimmed[trimmed.index(after: slash)...]).trimmingSpaces), scale > 0 {
            return .fraction(scale: scale)
        }
        return .number
    }

    /// `stars` written in `form`: `4.5` as `4.5`, `★★★★½`, or `9/10`. A fraction of a star that
    /// the stars cannot show (a quarter) falls back to a number.
    public static func text(_ stars: Double, in form: Form = .number) -> String {
        switch form {
        case .number:
            return number(stars)
        case .fraction(let scale):
            return number(stars * Double(scale) / 5) + "/" + String(scale)
        case .percent:
            return number(stars * 20) + "%"
        case let .stars(filled, empty):
            let whole = Int(stars.rounded(.down))
            let half = stars - Double(whole) == 0.5
            guard stars - Double(whole) == 0 || half else { return number(stars) }
            var text = String(repeating: filled, count: whole) + (half ? "½" : "")
            if let empty { text += String(repeating: empty, count: max(0, 5 - whole - (half ? 1 : 0))) }
            return text
        }
    }

    /// `4`, `4.5`: no needless `.0`.
    public static func number(_ stars: Double) -> String {
        if stars == stars.rounded(), abs(stars) < 1e9 { return String(Int(stars)) }
        return String(stars)
    }

    /// Five stars drawn for a terminal: `★★★★½` for 4.5, rounded to the nearest half star.
    public static func drawn(_ stars: Double) -> String {
        let halves = Int((min(5, max(0, stars)) * 2).rounded())
        let whole = halves / 2
        let half = halves % 2 == 1
        return String(repeating: "★", count: whole) + (half ? "½" : "") + String(repeating: "☆", count: 5 - whole - (half ? 1 : 0))
    }

    /// Words written for "no rating" (`rating: 无` in a WeRead vault), read as not rated.
    private static let noneWords: Set<String> = ["none", "n/a", "na", "-", "--", "—", "无", "没有", "なし", "keine", "ninguna", "aucune", "unrated", "not rated"]

    private static let filledStars: Set<Character> = ["★", "⭐", "🌟", "*"]
    private static let emptyStars: Set<Character> = ["☆"]

    /// The stars of a text made only of star characters and `½` (nil for any other text).
    private static func starCount(_ text: String) -> Double? {
        var count = 0.0
        var sawStar = false
        for character in text where character != " " && character != "\u{FE0F}" {
            if filledStars.contains(character) {
                count += 1
            } else if character == "½" {
                count += 0.5
            } else if !emptyStars.contains(character) {
                return nil
            }
            sawStar = true
        }
        // A lone `*` is no rating; `***` is three stars.
        guard sawStar, text != "*" || count == 0 else { return nil }
        return count
    }

    private static func reading(_ value: Double) -> Reading {
        if value == 0 { return .unrated }
        return value > 0 && value <= 5 ? .stars(value) : .invalid
    }

    private static func number(_ text: Substring) -> Double? {
        var trimmed = String(text).trimmingSpaces
        // A decimal comma (`4,5`), as some locales write it; looked for by byte, not by Foundation.
        if trimmed.containsByte(UInt8(ascii: ",")) { trimmed = String(trimmed.map { $0 == "," ? "." : $0 }) }
        guard let value = Double(trimmed), value.isFinite, trimmed.first?.isNumber == true || trimmed.first == "." else { return nil }
        return value
    }
}
