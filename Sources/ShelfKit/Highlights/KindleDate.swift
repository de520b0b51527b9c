import Foundation

/// The date in a Kindle clipping's `Added on …` part, in the device's language: `Sunday, March 3,
/// 2024 10:15:32 PM`, `Sonntag, 3. März 2024 22:15:32`, `dimanche 3 mars 2024`, `2024年3月3日`.
/// The time is dropped: a highlight's day is what a reader looks for.
enum KindleDate {
    static func parse(_ text: String) -> BookDate? {
        // Drop the time first, so that its numbers are not read as a day.
        let withoutTime = text.replacingOccurrences(of: #"\d{1,2}:\d{2}(:\d{2})?"#, with: " ", options: .regularExpression)
        let tokens = withoutTime.lowercased()
            .split(whereSeparator: { !$0.isLetter && !$0.isNumber })
            .flatMap(splitDigitsFromLetters)
        var year: Int?
        var month: Int?
        var numbers: [Int] = []
        for token in tokens {
            if let number = Int(token) {
                if token.count == 4, (1990...2200).contains(number), year == nil {
                    year = number
                } else if token.count <= 2 {
                    numbers.append(number)
                }
            } else if month == nil, let named = monthNumber(token) {
                month = named
            }
        }
        guard let year else { return nil }
        if month == nil {
            // `2024年3月3日`, `2024-03-03`: numbers in year, month, day order.
            guard numbers.count >= 2 else { return nil }
            month = numbers[0]
            numbers.removeFirst()
        }
        guard let month, (1...12).contains(month), let day = numbers.first, day >= 1,
            day <= BookDate.daysIn(month: month, year: year)
        else { return nil }
        return BookDate(year: year, month: month, day: day)
    }

    /// `3月3日` arrives as one token; digits and letters apart.
    private static func splitDigitsFromLetters(_ token: Substring) -> [String] {
        var parts: [String] = []
        var current = ""
        var currentIsDigit: Bool?
        for character in token {
            let isDigit = character.isASCII && character.isNumber
            if let currentIsDigit, currentIsDigit != isDigit {
                parts.append(current)
                current = ""
            }
            current.append(character)
            currentIsDigit = isDigit
        }
        if !current.isEmpty { parts.append(current) }
        return parts
    }

    /// Month names and their usual abbreviations in the Kindle's languages.
    private static func monthNumber(_ word: String) -> Int? {
        for (index, names) in monthNames.enumerated() where names.contains(where: { word == $0 || (word.count >= 3 && $0.hasPrefix(word)) })
        {
            return index + 1
        }
        return nil
    }

    private static let monthNames: [[String]] = [
        ["january", "januar", "janvier", "enero", "gennaio", "janeiro", "jänner"],
        ["february", "februar", "février", "febrero", "febbraio", "fevereiro"],
        ["march", "märz", "mars", "marzo", "março"],
        ["april", "avril", "abril", "aprile"],
        ["may", "mai", "mayo", "maggio", "maio"],
        ["june", "juni", "juin", "junio", "giugno", "junho"],
        ["july", "juli", "juillet", "julio", "luglio", "julho"],
        ["august", "août", "agosto"],
        ["september", "septembre", "septiembre", "settembre", "setembro"],
        ["october", "oktober", "octobre", "octubre", "ottobre", "outubro"],
        ["november", "novembre", "noviembre", "novembro"],
        ["december", "dezember", "décembre", "diciembre", "dicembre", "dezembro"],
    ]
}
