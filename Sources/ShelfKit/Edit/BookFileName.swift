import Foundation

/// File names for books, from the library's template (`{author}-{title}`, `{year}`): lowercase
/// ASCII slugs, safe on every file system (no `/ \ : * ? " < > |`, no leading dot, at most 100
/// bytes), made unique with `-2`, `-3`.
public enum BookFileName {
    public static let maximumBytes = 100

    /// The file name (with `.md`) the template gives for a book.
    public static func name(for book: Book, template: String) -> String {
        let author = book.authors.first.map(lastName) ?? ""
        let year = book.published.map { String($0.year) } ?? ""
        var expanded = template
        for (placeholder, value) in [("{author}", author), ("{title}", book.title), ("{year}", year)] {
            expanded = expanded.replacingOccurrences(of: placeholder, with: value)
        }
        var stem = slug(expanded)
        if stem.isEmpty { stem = slug(book.title) }
        if stem.isEmpty { stem = "book" }
        return String(stem.prefix(maximumBytes - 3)).trimmingDashes + ".md"
    }

    /// `name`, or `name-2`, `name-3`… the first for which `exists` is false.
    public static func unique(_ name: String, exists: (String) -> Bool) -> String {
        guard exists(name) else { return name }
        let stem = String(name.dropLast(3))
        var counter = 2
        while true {
            let suffix = "-\(counter)"
            let candidate = String(stem.prefix(maximumBytes - 3 - suffix.count)).trimmingDashes + suffix + ".md"
            if !exists(candidate) { return candidate }
            counter += 1
        }
    }

    /// Lowercase ASCII letters and digits joined by single dashes; diacritics are dropped
    /// (`Gödel` → `godel`), other scripts and punctuation become separators.
    public static func slug(_ text: String) -> String {
        let folded = TextFolding.fold(text.replacingOccurrences(of: "'", with: "").replacingOccurrences(of: "\u{2019}", with: ""))
        var slug = ""
        var pendingDash = false
        for scalar in folded.unicodeScalars {
            if (scalar >= "a" && scalar <= "z") || (scalar >= "0" && scalar <= "9") {
                if pendingDash && !slug.isEmpty { slug += "-" }
                slug.unicodeScalars.append(scalar)
                pendingDash = false
            } else {
                pendingDash = true
            }
        }
        return slug
    }

    /// The family name: the part before a comma (`Le Guin, Ursula K.`), else the last word with
    /// the particles before it (`Ursula K. Le Guin` → `Le Guin`, `Ludwig van Beethoven` → `van Beethoven`).
    public static func lastName(_ author: String) -> String {
        if let comma = author.firstIndex(of: ",") { return String(author[..<comma]).trimmingSpaces }
        let words = author.split(separator: " ").map(String.init)
        guard var index = words.indices.last else { return author }
        let particles: Set<String> = ["le", "la", "de", "du", "des", "da", "di", "del", "della", "van", "von", "der", "den", "ten", "ter", "bin", "al", "el", "st.", "mac"]
        while index > 0 && particles.contains(words[index - 1].lowercased()) { index -= 1 }
        return words[index...].joined(separator: " ")
    }
}

private extension String {
    var trimmingDashes: String {
        var text = Substring(self)
        while text.hasSuffix("-") { text = text.dropLast() }
        return String(text)
    }
}
