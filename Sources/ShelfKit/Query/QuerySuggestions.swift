import Foundation

/// What the search box offers while a query is typed: the query as typed so far with its last
/// term completed. A bare word is completed to a field (`ta` → `tag:`) or to a tag, author or
/// series that starts with it (`sci` → `tag:sci-fi`); after `tag:`, `author:`, `series:` or
/// `status:` the values the library holds (quoted when they have a space, as the parser needs).
public struct QuerySuggestions: Sendable {
    let values: LibraryValues
    let savedQueries: [String]

    /// - Parameter savedQueries: the names `@name` may take (`shelf.yaml`'s and the built-in ones).
    public init(values: LibraryValues, savedQueries: [String] = []) {
        self.values = values
        self.savedQueries = savedQueries.sorted()
    }

    /// The fields offered for a bare word, the most asked for first (docs/query.md).
    static let fields = [
        "tag", "author", "series", "status", "rating", "title", "finished", "started", "added", "published", "pages", "publisher",
        "format", "language", "location", "genres", "favorite", "ownership", "isbn", "has",
    ]

    /// At most `limit` whole queries, each `text` with its last term completed; none when the
    /// last term is inside an open quote or already complete.
    public func complete(_ text: String, limit: Int = 12) -> [String] {
        let (head, term) = Self.lastTerm(of: text)
        let negation = term.hasPrefix("-") ? "-" : ""
        let word = String(term.dropFirst(negation.count))
        var found: [String] = []
        if let colon = word.firstIndex(of: ":") {
            let key = word[..<colon].lowercased()
            let typed = Self.unquoted(word[word.index(after: colon)...])
            let choices = candidates(for: key).filter { Self.value($0, startsWith: typed) }
            found = choices.map { head + negation + key + ":" + Self.quoted($0) }
        } else if word.hasPrefix("@") {
            found = savedQueries.filter { $0.hasPrefix(word.dropFirst()) }.map { head + negation + "@" + $0 }
        } else {
            let folded = TextFolding.fold(word)
            found = Self.fields.filter { $0.hasPrefix(folded) }.map { head + negation + $0 + ":" }
            // A word of two letters or more may be a value: the tags, authors and series it starts.
            if folded.count >= 2 {
                for key in ["tag", "author", "series"] {
                    found += candidates(for: key).filter { Self.value($0, startsWith: word) }.map {
                        head + negation + key + ":" + Self.quoted($0)
                    }
                }
            }
        }
        var seen = Set<String>()
        return Array(found.filter { $0 != text && seen.insert($0).inserted }.prefix(limit))
    }

    /// The values a field's completion offers.
    func candidates(for key: String) -> [String] {
        switch key {
        case "tag", "tags": return values.tags
        case "author", "authors": return values.authors
        case "series": return values.series
        case "status": return ReadingStatus.allCases.map(\.rawValue)
        case "has": return Self.fields.filter { $0 != "has" }
        default: return []
        }
    }

    /// The query before its last term, and the last term. A term inside an open quote runs
    /// from the field's name (`author:"le gu`).
    static func lastTerm(of text: String) -> (head: String, term: String) {
        var start = text.startIndex
        var quoted = false
        var index = text.startIndex
        while index < text.endIndex {
            let character = text[index]
            if character == "\"" {
                quoted.toggle()
            } else if !quoted && (character == " " || character == "(" || character == ")") {
                start = text.index(after: index)
            }
            index = text.index(after: index)
        }
        return (String(text[..<start]), String(text[start...]))
    }

    static func unquoted(_ value: Substring) -> String {
        String(value.drop { $0 == "\"" }.reversed().drop { $0 == "\"" }.reversed())
    }

    /// A value as a query writes it: quoted when it holds a space, a quote or a bracket.
    static func quoted(_ value: String) -> String {
        guard value.contains(where: { " ()\"".contains($0) }) else { return value }
        return "\"" + value.replacingOccurrences(of: "\"", with: "") + "\""
    }

    /// True when the value, or its words from one of them on, start with what was typed
    /// (ignoring case and accents): `guin` and `le g` find *Ursula K. Le Guin*, `stan` *Stanisław Lem*.
    static func value(_ value: String, startsWith typed: String) -> Bool {
        let wanted = TextFolding.fold(typed)
        guard !wanted.isEmpty else { return true }
        if TextFolding.fold(value).hasPrefix(wanted) { return true }
        let typedWords = TextFolding.words(typed)
        let words = TextFolding.words(value)
        guard let last = typedWords.last, typedWords.count <= words.count else { return false }
        return (0...(words.count - typedWords.count)).contains { start in
            zip(typedWords.dropLast(), words[start...]).allSatisfy { $0 == $1 } && words[start + typedWords.count - 1].hasPrefix(last)
        }
    }
}
