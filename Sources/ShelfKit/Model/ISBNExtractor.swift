import Foundation

/// Finds ISBNs in free text, such as a copyright page: `ISBN 978-0-306-40615-7`,
/// `ISBN-13: 978-0306406157`, `ISBN: 0-306-40615-2`. Text read by OCR often confuses letters
/// with digits (O→0, I/l→1, S→5, B→8, Z→2, G→6); such a correction is kept only when the check
/// digit then validates.
public enum ISBNExtractor {
    /// The valid ISBNs found in `text`, in order, without repeats.
    public static func extract(from text: String) -> [ISBN] {
        var found: [ISBN] = []
        let range = NSRange(text.startIndex..., in: text)
        for match in candidatePattern.matches(in: text, range: range) {
            guard let candidateRange = Range(match.range(at: 1), in: text) else { continue }
            let candidate = String(text[candidateRange])
            let labelled = match.range(at: 0).length > match.range(at: 1).length
            guard let isbn = parse(candidate, allowOCR: true, labelled: labelled) else { continue }
            if !found.contains(isbn) { found.append(isbn) }
        }
        return found
    }

    private static func parse(_ candidate: String, allowOCR: Bool, labelled: Bool) -> ISBN? {
        if let whole = parseCompact(candidate, allowOCR: allowOCR, labelled: labelled) { return whole }
        // The run may have swallowed numbers after the ISBN on its line (`9 780441 478125 50799`,
        // `ISBN 0-306-40615-2 10 9 8`): try its leading space-separated groups.
        let groups = candidate.split(separator: " ")
        guard groups.count > 1 else { return nil }
        for end in stride(from: groups.count - 1, through: 1, by: -1) {
            let prefix = groups[..<end].joined(separator: " ")
            if let isbn = parseCompact(prefix, allowOCR: allowOCR, labelled: labelled) { return isbn }
        }
        return nil
    }

    private static func parseCompact(_ candidate: String, allowOCR: Bool, labelled: Bool) -> ISBN? {
        let compact = candidate.filter { $0 != "-" && $0 != " " && $0 != "\u{2010}" && $0 != "\u{2013}" }
        if let isbn = try? ISBN(validating: compact) { return isbn }
        guard allowOCR else { return nil }
        // Without an `ISBN` label, only take corrections of something that is mostly digits.
        let digits = compact.filter(\.isNumber).count
        guard labelled || digits >= compact.count - 2 else { return nil }
        var corrected = ""
        for (offset, character) in compact.enumerated() {
            if let digit = ocrDigits[character] {
                corrected.append(digit)
            } else if (character == "x" || character == "X") && offset == compact.count - 1 {
                corrected.append("X")
            } else {
                corrected.append(character)
            }
        }
        guard corrected != compact else { return nil }
        return try? ISBN(validating: corrected)
    }

    private static let ocrDigits: [Character: Character] = [
        "O": "0", "o": "0", "D": "0", "Q": "0", "I": "1", "l": "1", "i": "1", "|": "1",
        "S": "5", "s": "5", "B": "8", "Z": "2", "z": "2", "G": "6", "b": "6",
    ]

    /// An optional `ISBN`, `ISBN-10`, `ISBN-13`, `ISBN:` label, then 10 to 17 characters of digits,
    /// OCR look-alikes, hyphens and single spaces, ending in a digit, look-alike or X.
    private static let candidatePattern: NSRegularExpression = {
        let body = "[0-9OoDQIli|SsBZzGb](?:[-\\u2010\\u2013 ]?[0-9OoDQIli|SsBZzGb]){8,16}(?:[-\\u2010\\u2013 ]?[0-9Xx])?"
        // Either right after an `ISBN` label (even with no space: `ISBN0306406152`), or not glued
        // to a word before it.
        let pattern = "(?:ISBN(?:-?1[03])?\\s*:?\\s*|(?<![0-9A-Za-z]))(" + body + ")(?![0-9A-Za-z])"
        // The pattern is a constant, checked by the tests; failing here is a programming error.
        guard let regex = try? NSRegularExpression(pattern: pattern, options: [.caseInsensitive]) else {
            preconditionFailure("invalid ISBN pattern")
        }
        return regex
    }()
}
