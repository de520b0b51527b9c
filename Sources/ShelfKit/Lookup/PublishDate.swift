import Foundation

/// Turns the dates services write (`July 28, 2008`, `Mar 1969`, `2014-10-28`, `c1985`) into
/// dates shelf reads: `2008-07-28`, `1969-03`, `1985`.
enum PublishDate {
    static func normalize(_ text: String) -> String? {
        // Catalogue conventions: `[1969]` (inferred), `c1985` and `©1985` (copyright), `1985?`.
        let trimmed = text.trimmingSpaces
            .replacingOccurrences(of: "[", with: "").replacingOccurrences(of: "]", with: "")
            .replacingOccurrences(of: "©", with: "").replacingOccurrences(of: "?", with: "")
        if let date = BookDate(trimmed) { return date.canonicalText }
        let words = trimmed.replacingOccurrences(of: ",", with: " ").split(separator: " ").map(String.init)
        var year: Int?
        var month: Int?
        var day: Int?
        for word in words {
            let digits = word.filter(\.isNumber)
            let isYearWord = word.allSatisfy { $0.isNumber || $0 == "c" || $0 == "." }
            if digits.count == 4, let value = Int(digits), isYearWord {
                year = value
            } else if let value = Int(word), (1...31).contains(value) {
                day = value
            } else if let index = months.firstIndex(where: { word.lowercased().hasPrefix($0) }) {
                month = index + 1
            }
        }
        guard let year else { return nil }
        guard let month else { return String(year) }
        guard let day, day <= BookDate.daysIn(month: month, year: year) else {
            return String(year) + "-" + String(format2: month)
        }
        return BookDate(year: year, month: month, day: day).text
    }

    private static let months = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"]
}
