import Foundation
import ShelfPresentation

/// A book and the highlights in its notes.
public struct BookHighlights: Sendable {
    /// The book.
    public var book: Book
    /// Its highlights, in the order its notes hold them.
    public var highlights: [Highlight]

    /// A book with these highlights.
    public init(book: Book, highlights: [Highlight]) {
        self.book = book
        self.highlights = highlights
    }
}

extension BookHighlights {
    /// The book's highlights whose passage or note holds every word of `query` (in any case,
    /// with or without accents: `godel` finds `Gödel`); nil when none does. An empty query keeps all.
    public func matching(_ query: String) -> BookHighlights? {
        let wanted = Set(TextFolding.words(query))
        guard !wanted.isEmpty else { return self }
        let kept = highlights.filter { wanted.isSubset(of: Set(TextFolding.words($0.text + " " + ($0.note ?? "")))) }
        return kept.isEmpty ? nil : BookHighlights(book: book, highlights: kept)
    }
}

extension Library {
    /// The highlights in the notes of each of `books` that has any, in the order given.
    public func highlights(of books: [Book]) -> [BookHighlights] {
        books.compactMap { book in
            guard let notes = notes(of: book) else { return nil }
            let highlights = Highlight.all(inNotes: notes)
            return highlights.isEmpty ? nil : BookHighlights(book: book, highlights: highlights)
        }
    }
}

extension Highlight {
    /// The highlights in a book's notes (its `## Highlights` section), in order.
    static func all(inNotes notes: String) -> [Highlight] {
        // Most books have no highlights: look for the heading before splitting lines.
        guard notes.range(of: "highlights", options: .caseInsensitive) != nil else { return [] }
        return HighlightsSection(body: notes).highlights
    }

    /// The highlight as JSON: `text`, then whichever of `note`, `chapter`, `page`, `location`
    /// and `date` it has.
    public func jsonObject() -> JSONValue {
        var members: [(String, JSONValue)] = [("text", .string(text))]
        if let note { members.append(("note", .string(note))) }
        if let chapter { members.append(("chapter", .string(chapter))) }
        if let page { members.append(("page", .string(page))) }
        if let location { members.append(("location", .string(location))) }
        if let date { members.append(("date", .string(date.text))) }
        return .object(members)
    }
}

extension HighlightsSection {
    /// The notes without shelf's record of imported highlights (a hidden comment in the file),
    /// for showing them: in a terminal or a safe HTML page the comment would show as text.
    public static func hidingImportRecord(_ notes: String) -> String {
        guard notes.contains(recordPrefix) else { return notes }
        // Split on scalars: Swift reads "\r\n" as one Character, which never equals "\n".
        let lines = notes.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false).map(Substring.init)
        var kept: [Substring] = []
        var index = 0
        while index < lines.count {
            // A record is hidden only when it is closed: a line of the reader's is never lost.
            if lines[index].hasPrefix(recordPrefix), let close = recordClose(from: index, in: lines, before: lines.count),
                lines[close].trimmingCharacters(in: .whitespacesAndNewlines).hasSuffix("-->")
            {
                index = close + 1
                continue
            }
            kept.append(lines[index])
            index += 1
        }
        return kept.joined(separator: "\n")
    }
}
