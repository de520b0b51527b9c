/// What a book reads from the habits of hand-kept vaults: titles from a heading or the file name,
/// names joined in one string, Obsidian links, a series written as a map or a list.
extension Book {
    /// The title of a note: its `title` key (nil when absent, empty or a placeholder); else, when
    /// it has book values, its `name:` (WeRead's notes), its first `# heading` unless that opens
    /// every note of the vault (`sections`), else its file name without `.md` (Obsidian titles a
    /// note by its file name).
    static func title(
        written: String?, path: String, hasBookValues: Bool, sections: [String] = [], name: () -> String?, heading: () -> String?
    ) -> String? {
        if let written, !written.isEmpty { return written }
        guard hasBookValues else { return nil }
        if let name = name() { return name }
        if let heading = heading(), !heading.isEmpty, !sections.contains(heading) { return heading }
        let name = path.split(separator: "/").last.map(String.init) ?? path
        let stem = name.hasSuffix(".md") ? String(name.dropLast(3)) : name
        return stem.trimmingSpaces.isEmpty ? nil : stem.trimmingSpaces
    }

    /// True when the note sits in a folder of pages about people (`authors/`, `_authors/`,
    /// `people/`), as sites and vaults keep their authors' pages.
    static func isInPeopleFolder(_ path: String) -> Bool {
        guard let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")) else { return false }
        let folder = path[..<slash].split(separator: "/").last.map { $0.lowercased() } ?? ""
        return ["authors", "_authors", "people", "_people", "persons", "writers", "autoren", "auteurs", "autores", "作者"].contains(folder)
    }

    /// True when a note's keys (folded) are a title and only keys a site gives every page
    /// (`layout`, `categories`, `comments`, `date`…), at least one of them: a blog's post.
    static func isSitePage(keys: Set<String>) -> Bool {
        let site: Set<String> = [
            "layout", "permalink", "comments", "categories", "category", "date", "draft", "slug", "published", "excerpt",
            "description", "image", "toc", "summary", "lastmod", "type", "weight", "aliases", "menu", "author", "featured",
            "header", "sidebar", "redirectfrom", "share", "hidden",
        ]
        let others = keys.subtracting(["title"])
        return !others.isEmpty && others.isSubset(of: site)
    }

    /// The text of a top-level `name:` key (a title for notes that call it so), or nil.
    static func name(in entries: [FieldEntry]) -> String? {
        guard let entry = entries.last(where: { CanonicalField.fold($0.key) == "name" }),
            let text = entry.value.writtenText?.trimmingSpaces, !text.isEmpty
        else { return nil }
        return WrittenText.unlinked(text)
    }

    /// The text of the first `# heading` of a body (an ATX level-one heading; `## ` does not
    /// count), outside fenced code, with closing `#`s and an Obsidian link's brackets removed.
    static func firstHeading(in body: ArraySlice<UInt8>) -> String? {
        var inFence = false
        for line in body.split(separator: 0x0A, omittingEmptySubsequences: true) {
            var text = Substring(String(decoding: line, as: UTF8.self))
            if text.hasSuffix("\r") { text = text.dropLast() }
            if text.hasPrefix("```") || text.hasPrefix("~~~") { inFence.toggle(); continue }
            guard !inFence, text.hasPrefix("# ") else { continue }
            var heading = text.dropFirst(2)
            while heading.hasSuffix("#") { heading = heading.dropLast() }
            let trimmed = String(heading).trimmingSpaces
            if !trimmed.isEmpty { return WrittenText.unlinked(trimmed) }
        }
        return nil
    }

    /// People's names (authors) or genres from a list or one string: list items one by one, an
    /// unquoted link as its text; one string split at `;` (never part of a name), and at `,` too
    /// when the vocabulary says the vault joins names with commas (Obsidian Book Search does);
    /// a catalogue's marks around a name (`[美]`, `等`) left out (`withoutCatalogueMarks`).
    static func readNames(_ value: FieldValue, vocabulary: Vocabulary) -> [String] {
        var names: [String] = []
        func add(_ text: String) {
            let trimmed = text.trimmingSpaces
            guard !trimmed.isEmpty, !WrittenText.isPlaceholder(trimmed) else { return }
            names.append(Book.withoutCatalogueMarks(WrittenText.unlinked(trimmed)))
        }
        switch value {
        case .scalar(let written, _):
            // An illustrator or translator named after a comma is no author (`A, Illustrationen von B`).
            let text = written.containsByte(UInt8(ascii: ",")) ? Book.withoutContributors(written) : written
            // Most names hold no separator byte at all: no need to look at them by character.
            let mayHoldSeparator = text.containsByte {
                $0 == UInt8(ascii: ";") || ($0 == UInt8(ascii: ",") && vocabulary.joinsNamesWithCommas)
            }
            guard mayHoldSeparator else { add(text); return names }
            let separators: Set<Character> = vocabulary.joinsNamesWithCommas ? [";", ","] : [";"]
            guard text.contains(where: separators.contains) else { add(text); return names }
            for part in text.split(whereSeparator: separators.contains) { add(String(part)) }
        case .list(let items):
            if value.isBareLink, let text = value.writtenText { add(text); return names }
            names.reserveCapacity(items.count)
            for item in items {
                if let text = item.writtenText { add(text) }
            }
        case .map, .null:
            break
        }
        return names
    }

    /// Tags from a list, or from one string separated by commas (by spaces when `atSpaces` and
    /// the string has no comma, as Jekyll reads it); a leading `#` is dropped.
    static func readTags(_ value: FieldValue, atSpaces: Bool = false) -> [String] {
        var tags: [String] = []
        func add(_ part: String) {
            let trimmed = part.trimmingSpaces
            // A tag that does not start with `#` is kept as it is (a `#` starts the first character
            // only when it is the first byte).
            if let first = trimmed.utf8.first, first != UInt8(ascii: "#") {
                tags.append(trimmed)
                return
            }
            var tag = Substring(trimmed)
            if tag.hasPrefix("#") { tag = tag.dropFirst() }
            if !tag.isEmpty { tags.append(String(tag)) }
        }
        switch value {
        case .scalar(let text, _):
            let separator: Character = atSpaces && !text.contains(",") ? " " : ","
            for part in text.split(separator: separator) { add(String(part)) }
        case .list(let items):
            tags.reserveCapacity(items.count)
            for case .scalar(let text, _) in items { add(text) }
        case .map, .null:
            break
        }
        return tags
    }

    /// The status of a list of shelves (`shelves: [read]`, `booklists: [completed]`,
    /// `shelves: [to-read, favorites]`): the item that is a status word, the furthest along when
    /// several are (`[owned, read]` is read: `owned` also reads as to-read); the other items are
    /// the owner's shelves, left as they are.
    static func statusShelf(in value: FieldValue, vocabulary: Vocabulary) -> (status: ReadingStatus, word: String)? {
        guard case .list(let items) = value else { return nil }
        var found: (status: ReadingStatus, word: String)?
        for item in items {
            guard let text = item.writtenText?.trimmingSpaces, !text.isEmpty,
                let status = vocabulary.status(fromWord: WrittenText.unlinked(text))
            else { continue }
            if found.map({ $0.status < status }) ?? true { found = (status, text) }
        }
        return found
    }

    /// The first series of a value written as a map (`{name: Dune, index: 2}`) or a list of
    /// series (names or maps), with its number when one is written.
    static func firstSeries(in value: FieldValue) -> (name: String, index: Double?)? {
        switch value {
        case .map(let entries):
            let nameKeys: Set<String> = ["name", "title", "series"]
            let indexKeys: Set<String> = ["index", "number", "position", "order", "book", "volume", "#"]
            guard let name = entries.first(where: { nameKeys.contains(CanonicalField.fold($0.key)) })?.value.writtenText?.trimmingSpaces,
                !name.isEmpty
            else { return nil }
            let index = entries.first(where: { indexKeys.contains(CanonicalField.fold($0.key)) })?.value.text.flatMap {
                Double($0.trimmingSpaces)
            }
            return (WrittenText.unlinked(name), index)
        case .list(let items):
            if value.isBareLink { return nil }
            for item in items {
                if let series = firstSeries(in: item) { return series }
                if let text = item.writtenText?.trimmingSpaces, !text.isEmpty { return (WrittenText.unlinked(text), nil) }
            }
            return nil
        case .scalar, .null:
            return nil
        }
    }

    /// The parts of a Goodreads title that holds its series, `A Feast for Crows (A Song of Ice and
    /// Fire, #4)`: the title, the series, its number and the written tail ` (…, #4)`; nil otherwise.
    static func goodreadsSeries(in title: String) -> (title: String, series: String, index: Double, tail: String)? {
        guard title.hasSuffix(")"), let open = title.range(of: " (", options: .backwards),
            let hash = title.range(of: ", #", options: .backwards, range: open.upperBound..<title.endIndex)
        else { return nil }
        let number = title[hash.upperBound..<title.index(before: title.endIndex)]
        guard !number.isEmpty, number.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ".") }), let index = Double(number) else {
            return nil
        }
        let series = String(title[open.upperBound..<hash.lowerBound]).trimmingSpaces
        let bare = String(title[..<open.lowerBound]).trimmingSpaces
        guard !series.isEmpty, !bare.isEmpty else { return nil }
        return (bare, series, index, String(title[open.lowerBound...]))
    }

    /// Every series of a book whose series key holds a list or a map, for JSON: name and number
    /// of each. Empty when the book names one series the usual way.
    var seriesWritten: [(name: String, index: Double?)] {
        guard let field = fields.first(where: { $0.canonical == .series }), case .list(let items) = field.value, !field.value.isBareLink
        else { return [] }
        return items.compactMap { item in
            Book.firstSeries(in: item) ?? item.writtenText.map { (WrittenText.unlinked($0.trimmingSpaces), nil) }
        }
    }
}
