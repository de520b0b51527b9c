import Foundation

/// Reads a Kindle's `My Clippings.txt`: entries separated by `==========` lines, each a title
/// line (`Title (Author)`), a line of what and where (`- Your Highlight on page 12 | Location
/// 170-172 | Added on Sunday, March 3, 2024 10:15:32 PM`), a blank line and the clipped text.
///
/// The file has a byte order mark (some Kindles write one before every title), CRLF line ends,
/// and the device's language in the second line; English, German, French, Spanish, Italian and
/// Portuguese wordings are read. A highlight the reader extended later appears twice, the later
/// one overlapping the earlier: the later is kept. A note is attached to the highlight it was
/// typed at; a note with no highlight stays a note of its own. Bookmarks carry no text and are
/// counted, not imported.
enum KindleClippings {
    struct Parsed: Equatable {
        var books: [HighlightedBook]
        var bookmarks: Int
    }

    enum Kind { case highlight, note, bookmark }

    struct Clipping {
        var kind: Kind
        var bookKey: String
        var title: String
        var authors: [String]
        var page: String?
        var location: ClosedRange<Int>?
        var locationText: String?
        var date: BookDate?
        var text: String
    }

    static let separator = "=========="

    /// Whether text looks like a clippings file (its separator line near the start).
    static func looksLike(_ text: Substring) -> Bool {
        text.prefix(64 * 1024).contains(separator + "\n") || text.prefix(64 * 1024).contains(separator + "\r\n")
    }

    static func parse(_ text: String) -> Parsed {
        var reader = Reader()
        // Split on scalars: Swift reads "\r\n" as one Character, which never equals "\n".
        let scalars = text.unicodeScalars
        var start = scalars.startIndex
        while let end = scalars[start...].firstIndex(of: "\n") {
            reader.read(Substring(scalars[start..<end]))
            start = scalars.index(after: end)
        }
        reader.read(Substring(scalars[start...]))
        return reader.finish()
    }

    /// The clippings of a file read a line at a time: a file read in pieces is never held whole,
    /// only the clippings kept from it.
    struct Reader {
        private var clippings: [Clipping] = []
        private var bookmarks = 0
        private var entry: [Substring] = []

        /// Reads the next line, without its line feed.
        mutating func read(_ rawLine: Substring) {
            if let line = KindleClippings.entryLine(rawLine) { entry.append(line) } else { flush() }
        }

        /// The clippings read, grouped by book.
        mutating func finish() -> Parsed {
            flush()
            return Parsed(books: KindleClippings.books(from: clippings), bookmarks: bookmarks)
        }

        private mutating func flush() {
            defer { entry.removeAll(keepingCapacity: true) }
            guard let clipping = KindleClippings.clipping(from: entry) else { return }
            if clipping.kind == .bookmark { bookmarks += 1 } else { clippings.append(clipping) }
        }
    }

    /// A line as an entry holds it (without its CR and byte order marks), or nil for the
    /// separator line that ends an entry.
    static func entryLine(_ rawLine: Substring) -> Substring? {
        var line = rawLine
        if line.unicodeScalars.last == "\r" { line = Substring(line.unicodeScalars.dropLast()) }
        while line.first == "\u{FEFF}" { line = line.dropFirst() }
        return line.trimmingCharacters(in: .whitespaces) == KindleClippings.separator ? nil : line
    }

    /// An entry's kind and its book's line (trimmed), and its lines from that one on; nil for an
    /// entry too short to be a clipping. All an index of the file needs (`Indexer`).
    static func head(of lines: [Substring]) -> (kind: Kind, bookKey: String, lines: ArraySlice<Substring>)? {
        var lines = lines[...]
        while let first = lines.first, first.trimmingCharacters(in: .whitespaces).isEmpty { lines = lines.dropFirst() }
        guard lines.count >= 2, let titleLine = lines.first, let kind = kind(of: lines[lines.startIndex + 1]) else { return nil }
        return (kind, String(titleLine).trimmingSpaces, lines)
    }

    /// One entry's lines as a clipping, or nil for an entry too short to be one.
    static func clipping(from entry: [Substring]) -> Clipping? {
        guard let (kind, bookKey, lines) = head(of: entry) else { return nil }
        let metaLine = lines[lines.startIndex + 1]
        var textLines = Array(lines.dropFirst(2))
        while let first = textLines.first, first.trimmingCharacters(in: .whitespaces).isEmpty { textLines.removeFirst() }
        while let last = textLines.last, last.trimmingCharacters(in: .whitespaces).isEmpty { textLines.removeLast() }
        let (title, authors) = titleAndAuthors(bookKey)
        var clipping = Clipping(
            kind: kind, bookKey: bookKey, title: title, authors: authors,
            text: textLines.joined(separator: "\n").trimmingSpaces)
        for part in metaLine.split(separator: "|") {
            let lowered = part.lowercased()
            if let word = locationWords.first(where: { lowered.contains($0) }) {
                let after = lowered.range(of: word).map { String(lowered[$0.upperBound...]) } ?? lowered
                if let range = numberRange(in: after) {
                    clipping.location = range.range
                    clipping.locationText = range.text
                }
            } else if pageWords.contains(where: { lowered.contains($0) }) {
                clipping.page = numberRange(in: lowered)?.text
            } else if addedWords.contains(where: { lowered.contains($0) }) {
                clipping.date = KindleDate.parse(String(part))
            }
        }
        return clipping
    }

    private static let locationWords = ["location", "loc.", "posição", "posición", "posizione", "position", "emplacement", "位置"]
    private static let pageWords = ["page", "seite", "página", "pagina", "页", "ページ"]
    private static let addedWords = [
        "added on", "hinzugefügt am", "ajouté le", "añadido el", "aggiunto il", "adicionado",
        "aggiunto", "added", "添加于", "作成日",
    ]

    private static func kind(of metaLine: Substring) -> Kind? {
        let lowered = metaLine.lowercased()
        guard lowered.hasPrefix("-") || lowered.hasPrefix("–") else { return nil }
        let head = lowered.split(separator: "|").first.map(String.init) ?? lowered
        if ["bookmark", "lesezeichen", "signet", "marcador", "segnalibro", "书签", "ブックマーク"].contains(where: { head.contains($0) }) {
            return .bookmark
        }
        if ["note", "notiz", "remarque", "nota", "笔记", "メモ"].contains(where: { head.contains($0) }) { return .note }
        if ["highlight", "markierung", "surlignement", "subrayado", "evidenziazione", "destaque", "标注", "ハイライト"].contains(where: {
            head.contains($0)
        }) {
            return .highlight
        }
        return nil
    }

    /// The first number or range of numbers (`170-172`, old Kindles' `1170-72`) in the text.
    private static func numberRange(in text: String) -> (text: String, range: ClosedRange<Int>?)? {
        let scalars = Array(text.unicodeScalars)
        guard let start = scalars.firstIndex(where: { ("0"..."9").contains($0) }) else {
            // Roman numerals for front matter pages (`page xii`).
            let word = text.split(separator: " ").last.map(String.init) ?? ""
            return word.allSatisfy({ "ivxlcdm".contains($0) }) && !word.isEmpty ? (word, nil) : nil
        }
        var end = start
        while end < scalars.count, ("0"..."9").contains(scalars[end]) || scalars[end] == "-" || scalars[end] == "–" { end += 1 }
        let token = String(String.UnicodeScalarView(scalars[start..<end])).trimmingCharacters(in: CharacterSet(charactersIn: "-–"))
        let numbers = token.split(whereSeparator: { $0 == "-" || $0 == "–" }).map(String.init)
        guard let first = numbers.first, let low = Int(first) else { return nil }
        var high = low
        if numbers.count > 1, let lastText = numbers.last, let last = Int(lastText) {
            // `1170-72`: the end keeps the start's leading digits.
            high = lastText.count < first.count ? Int(first.dropLast(lastText.count) + lastText) ?? last : last
        }
        guard high >= low else { return (String(low), low...low) }
        return (low == high ? String(low) : "\(low)-\(high)", low...high)
    }

    /// `Dune (Dune Chronicles, Book 1) (Herbert, Frank)`: the last parenthesised group is the
    /// author (several separated by `;`, each possibly `Last, First`).
    static func titleAndAuthors(_ line: String) -> (String, [String]) {
        guard line.hasSuffix(")") else { return (line, []) }
        var depth = 0
        var open: String.Index?
        var index = line.endIndex
        while index > line.startIndex {
            index = line.index(before: index)
            if line[index] == ")" { depth += 1 }
            if line[index] == "(" {
                depth -= 1
                if depth == 0 { open = index; break }
            }
        }
        guard let open, open > line.startIndex else { return (line, []) }
        let title = line[..<open].trimmingCharacters(in: .whitespaces)
        let inside = line[line.index(after: open)..<line.index(before: line.endIndex)]
        let authors = inside.split(separator: ";").map { name -> String in
            let parts = name.split(separator: ",", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            return parts.count == 2 && !parts[1].isEmpty ? parts[1] + " " + parts[0] : name.trimmingCharacters(in: .whitespaces)
        }.filter { !$0.isEmpty }
        return (title.isEmpty ? line : title, authors)
    }

    /// Clippings grouped by book, in the order books first appear; extended highlights replaced
    /// by their last version and notes attached to their highlights.
    static func books(from clippings: [Clipping]) -> [HighlightedBook] {
        var order: [String] = []
        var byBook: [String: [Clipping]] = [:]
        for clipping in clippings {
            if byBook[clipping.bookKey] == nil { order.append(clipping.bookKey) }
            byBook[clipping.bookKey, default: []].append(clipping)
        }
        return order.compactMap { key -> HighlightedBook? in
            guard let group = byBook[key], let first = group.first else { return nil }
            var kept: [Clipping] = []
            var notes: [Clipping] = []
            for clipping in group {
                if clipping.kind == .note { notes.append(clipping); continue }
                guard !clipping.text.isEmpty else { continue }
                // A later highlight overlapping an earlier one is the same passage, extended or
                // trimmed on the device: it replaces the earlier one where that stood.
                if let earlier = kept.firstIndex(where: { overlaps($0, clipping) }) {
                    kept[earlier] = clipping
                } else {
                    kept.append(clipping)
                }
            }
            var highlights = kept.map { Highlight(text: $0.text, page: $0.page, location: $0.locationText, date: $0.date) }
            for note in notes where !note.text.isEmpty {
                if let target = attachTarget(for: note, in: kept), highlights[target].note == nil {
                    highlights[target].note = note.text
                } else if let target = attachTarget(for: note, in: kept), let existing = highlights[target].note {
                    highlights[target].note = existing + "\n\n" + note.text
                } else {
                    highlights.append(Highlight(text: "", note: note.text, page: note.page, location: note.locationText, date: note.date))
                }
            }
            return HighlightedBook(title: first.title, authors: first.authors, highlights: highlights)
        }
    }

    private static func overlaps(_ a: Clipping, _ b: Clipping) -> Bool {
        if a.text == b.text { return true }
        guard let first = a.location, let second = b.location else { return false }
        return first.overlaps(second) && (a.text.contains(b.text) || b.text.contains(a.text) || first.lowerBound == second.lowerBound)
    }

    /// The highlight a note was typed at: the one ending at its location, else one spanning it.
    private static func attachTarget(for note: Clipping, in highlights: [Clipping]) -> Int? {
        guard let location = note.location?.lowerBound else { return nil }
        return highlights.lastIndex(where: { $0.location?.upperBound == location })
            ?? highlights.lastIndex(where: { $0.location?.contains(location) == true })
    }
}
