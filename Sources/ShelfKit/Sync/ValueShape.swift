/// What a front-matter value looks like, for telling which field a key holds from its values: a
/// person's name, an ISBN, a date, a rating, a status word, a page count.
enum ValueShape {
    /// True when `text` (one scalar, or one item of a list) reads as a value of `field`.
    static func reads(_ text: String, as field: CanonicalField) -> Bool {
        let text = WrittenText.unlinked(text.trimmingSpaces)
        guard !text.isEmpty else { return false }
        switch field {
        case .authors: return isPersonName(text)
        case .isbn: return !ISBNExtractor.extract(from: text).isEmpty
        case .status: return VocabularyEvidence.status(ofWord: text) != nil
        case .rating: return Rating.read(text) != .invalid
        case .pages: return Int(text).map { $0 > 0 && $0 < 20_000 } ?? false
        case .added, .started, .finished: return BookDate(text) != nil
        case .published: return BookDate(text) != nil || isYear(text)
        case .title: return !text.contains("{{")
        default: return true
        }
    }

    /// A year written alone or with a month in other scripts (`1969`, `2016年10月`).
    static func isYear(_ text: String) -> Bool {
        let digits = text.prefix { $0.isASCII && $0.isNumber }
        guard digits.count == 4, let year = Int(digits), year > 0, year < 2200 else { return false }
        return digits.count == text.count || !text.dropFirst(4).contains { $0.isASCII && $0.isLetter }
    }

    /// Looks like a person's name (`Ursula K. Le Guin`, `Le Guin, Ursula K.`, `杨万青`): letters,
    /// no digits, not a URL, not a slug (`jordan-b-peterson`), with a capital or a letter beyond
    /// ASCII.
    static func isPersonName(_ text: String) -> Bool {
        guard text.count <= 120, !text.contains("://"), !text.contains("{{"), !isSlug(text) else { return false }
        var hasLetter = false
        var hasCapitalOrOther = false
        for character in text {
            if character.isNumber { return false }
            if character.isLetter {
                hasLetter = true
                if character.isUppercase || !character.isASCII { hasCapitalOrOther = true }
            }
        }
        return hasLetter && hasCapitalOrOther && VocabularyEvidence.status(ofWord: text) == nil
    }

    /// Lowercase words joined by hyphens or underscores, as a site's link to a page
    /// (`jordan-b-peterson`).
    static func isSlug(_ text: String) -> Bool {
        guard text.contains("-") || text.contains("_") else { return false }
        return text.allSatisfy { ($0.isASCII && ($0.isLowercase || $0.isNumber)) || $0 == "-" || $0 == "_" }
    }
}
