extension Book {
    /// Reads a book from a file's front matter.
    ///
    /// - Returns: nil when the front matter has no usable `title` (the file is not a book).
    init?(path: String, frontMatter: FrontMatter, vocabulary: Vocabulary = .standard) {
        self.init(path: path, entries: frontMatter.values, vocabulary: vocabulary)
    }

    /// Reads a book from a document's front matter alone: no inline fields are added, and no
    /// title is taken from a heading or the file name.
    /// - Returns: nil when the document has no front matter, or it has no usable `title`.
    public init?(path: String, frontMatterOf document: BookDocument, vocabulary: Vocabulary = .standard) {
        guard let frontMatter = document.frontMatter else { return nil }
        self.init(path: path, frontMatter: frontMatter, vocabulary: vocabulary)
    }

    /// Reads the book in a whole document: as `init(path:frontMatter:vocabulary:)`, and a note
    /// without a `title` key that has book keys takes its title from its first `# heading`, else
    /// its file name.
    init?(path: String, document: BookDocument, vocabulary: Vocabulary = .standard) {
        let inline = InlineFields.fields(in: document.bytes[document.bodyRange])
        guard document.frontMatter != nil || Book.inlineFieldsMakeABook(inline, vocabulary: vocabulary) else { return nil }
        let entries = Book.entries(document.frontMatter?.values ?? [], adding: inline, vocabulary: vocabulary)
        self.init(
            path: path, entries: entries, vocabulary: vocabulary,
            heading: { Book.firstHeading(in: document.bytes[document.bodyRange]) })
    }

    /// Reads a book from a file's front matter read as values only (as the library loader does):
    /// the same book as `init(path:frontMatter:vocabulary:)` for the same file.
    ///
    /// - Returns: nil when the front matter has no usable `title` (the file is not a book).
    init?(path: String, values: FrontMatterValues, vocabulary: Vocabulary = .standard) {
        self.init(path: path, entries: values.entries, vocabulary: vocabulary)
    }

    /// Reads a book from the top-level entries of its front matter, in written order.
    /// - Parameter heading: the body's first `# heading`, asked for only when there is no title.
    init?(path: String, entries: [FieldEntry], vocabulary: Vocabulary, heading: () -> String? = { nil }) {
        var fields: [BookField] = []
        fields.reserveCapacity(entries.count)
        // The position of the entry each canonical field is read from, by `CanonicalField.ordinal`
        // (-1: none). The canonical spelling wins over an alias (`authors` over `author`), then
        // the first alias written.
        var chosen = ChosenEntries()
        func consider(_ entry: FieldEntry, as canonical: CanonicalField?) {
            if let canonical {
                let previous = chosen[canonical]
                if previous >= 0 {
                    // A key written twice: the last wins, as YAML readers take it.
                    let sameKey = entry.key == fields[previous].key
                    if sameKey
                        || (vocabulary.isPreferredKey(entry.key, for: canonical)
                            && !vocabulary.isPreferredKey(fields[previous].key, for: canonical))
                    {
                        chosen[canonical] = fields.count
                    }
                } else {
                    chosen[canonical] = fields.count
                }
            }
            fields.append(BookField(key: entry.key, canonical: canonical, value: entry.value))
        }
        var pageMaps = false
        for entry in entries {
            if case .map = entry.value { pageMaps = true }
            consider(entry, as: vocabulary.field(forKey: entry.key))
        }
        // Keys inside a page's map (`params: {author:}`, as `params.author`) come after every
        // top-level key, so a top-level key wins unless the vocabulary names the inner one.
        if pageMaps {
            for entry in entries {
                guard case .map(let inner) = entry.value, vocabulary.field(forKey: entry.key) == nil, vocabulary.readsInside(entry.key)
                else { continue }
                for item in inner {
                    let path = entry.key + "." + item.key
                    // An inner key that is no field stays part of its map, shown and exported with it
                    // (as `book.spine_color` too, a JSON import would write it twice).
                    guard let canonical = vocabulary.field(forKey: path, leaf: item.key) else { continue }
                    consider(FieldEntry(key: path, value: item.value), as: canonical)
                }
            }
        }
        let titleIndex = chosen[.title]
        var written: String?
        if titleIndex >= 0 {
            // A title still a template's placeholder (`{{title}}`, `<% tp.file.title %>`) is a template's.
            if case .scalar(let text, _) = fields[titleIndex].value, WrittenText.isPlaceholder(text) { return nil }
            written = fields[titleIndex].value.writtenText.map { WrittenText.unlinked($0.trimmingSpaces) }
        }
        // Where no key gives the authors, the title may hold them (`L'Assommoir - Émile Zola`), or
        // a Douban card line.
        let keyedAuthors = chosen.hasValue(.authors, in: fields)
        let titleSplit =
            keyedAuthors
            ? nil
            : vocabulary.titleAuthorSeparator.flatMap { separator in
                written.flatMap { Book.titleWithAuthor(in: $0, separator: separator, path: path) }
            }
        let card = keyedAuthors && chosen.hasValue(.published, in: fields) ? nil : Book.doubanCard(in: entries)
        let writtenAuthors = titleSplit?.authors ?? (keyedAuthors ? [] : card?.authors ?? [])
        let hasBookValues = chosen.hasBookValues(in: fields) || !writtenAuthors.isEmpty
        // A page about a person (`_authors/ukl.md`: a name and a title) is no book.
        if !hasBookValues, Book.isInPeopleFolder(path) { return nil }
        // A site's page beside its books (a blog post: a title, `layout:`, `categories:`), where
        // the notes carry book values (`book_values: required`). A note of a title alone is a book,
        // and so is one with any key a site's page does not have (`tags:`).
        if !hasBookValues, vocabulary.requiresBookValues, Book.isSitePage(keys: Set(entries.map { CanonicalField.fold($0.key) })) {
            return nil
        }
        guard
            let title = Book.title(
                written: titleSplit?.title ?? written, path: path, hasBookValues: hasBookValues, sections: vocabulary.sectionHeadings,
                name: { Book.name(in: entries) }, heading: heading)
        else { return nil }
        self.init(path: path, title: title)
        self.fields = fields
        // Each chosen field in the order its entry was written.
        for (index, field) in fields.enumerated() {
            guard let canonical = field.canonical, canonical != .title, chosen[canonical] == index else { continue }
            apply(field.value, to: canonical, key: field.key, vocabulary: vocabulary)
        }
        if !writtenAuthors.isEmpty { authors = writtenAuthors }
        if let card {
            if published == nil, !chosen.hasValue(.published, in: fields) { published = card.year }
            if publisher == nil, !chosen.hasValue(.publisher, in: fields) { publisher = card.publisher }
        }
        // A Goodreads title holds the series when no series key does (the file keeps its title).
        if titleIndex >= 0, series == nil, seriesIndex == nil, !chosen.hasValue(.series, in: fields),
            let split = Book.goodreadsSeries(in: self.title)
        {
            self.title = split.title
            series = split.series
            seriesIndex = split.index
        }
        // A number at the end of the title (`Paper Girls Vol 5`, `Шарм. Книга 5`) when no key gives
        // one; not when the series key says the book is in none (`series: standalone`).
        if seriesIndex == nil, series != nil || !chosen.hasValue(.series, in: fields),
            let found = Book.seriesNumber(inTitle: self.title, series: series), series != nil || found.name != nil
        {
            series = series ?? found.name
            seriesIndex = found.index
        }
        // A log kept without a status says it by its dates (`date_read: "2013/07/01"`): a finished
        // date is read, a started one reading. Only when no status is written at all, or a word
        // saying there is none (`未标记`).
        let statusWrittenAsNone = chosen[.status] >= 0 && fields[chosen[.status]].value.writtenText.map(Book.meansNoStatus) == true
        if status == nil, !chosen.hasValue(.status, in: fields) || statusWrittenAsNone {
            status = finished != nil ? .read : started != nil ? .reading : nil
        }
    }

    private mutating func apply(_ value: FieldValue, to field: CanonicalField, key: String, vocabulary: Vocabulary) {
        if case .null = value { return }
        // A template's placeholder is no value; an Obsidian link is read as its text.
        let text = value.writtenText?.trimmingSpaces
        let linkedText = nonEmpty(text).map(WrittenText.unlinked)
        switch field {
        case .title, .copies: break
        case .subtitle: subtitle = linkedText
        case .authors: authors = Book.readNames(value, vocabulary: vocabulary)
        case .tags: tags = Book.readTags(value, atSpaces: vocabulary.splitsTagsAtSpaces)
        case .genres: genres = Book.readNames(value, vocabulary: .standard)
        case .isbn:
            // `isbn: "[]"`, as some exports write an empty list, is no ISBN.
            if text == "[]" { return }
            isbn = nonEmpty(text) ?? value.texts.first
            if let isbn, isbns13.isEmpty {
                problems.append(BookProblem(code: "invalid-isbn", key: key, message: "'\(isbn)' is not a valid ISBN"))
            }
        case .status:
            if case .list = value, !value.isBareLink {
                // Shelves (`shelves: [to-read, favorites]`): the status is the one that is a status word.
                status = Book.statusShelf(in: value, vocabulary: vocabulary)?.status
                return
            }
            guard let text = linkedText, !Book.meansNoStatus(text) else { return }
            status = vocabulary.status(fromWord: text)
            if status == nil {
                problems.append(
                    BookProblem(code: "unknown-status", key: key, message: "'\(text)' is not a status (to-read, reading, read, abandoned)"))
            }
        case .rating:
            guard let text = nonEmpty(text), !WrittenText.isPlaceholder(text) else { return }
            switch Rating.read(text) {
            case .stars(let stars): rating = stars
            case .unrated: break
            case .invalid:
                problems.append(BookProblem(code: "invalid-rating", key: key, message: "'\(text)' is not a rating from 0.5 to 5"))
            }
        case .added: added = readDate(value, text, key: key)
        case .started: started = readDate(value, text, key: key)
        case .finished:
            if let pairs = Book.readPairs(in: value) {
                // `readDates: [[2019-01-02, 2019-01-20]]`: the last pair is the latest read; a
                // started key of its own, written later, still wins.
                finished = pairs.last??.ended
                if started == nil { started = pairs.last??.started }
                if pairs.contains(where: { $0 == nil }) {
                    problems.append(BookProblem(code: "invalid-date", key: key, message: "an item is not a [start, end] pair of dates"))
                }
                return
            }
            if let dates = Book.readDates(in: value) {
                // `dates_read: [2008-01-05, 2012-03-01]`: each a read finished that day, the last the latest.
                finished = dates.last ?? nil
                if dates.contains(where: { $0 == nil }) {
                    problems.append(BookProblem(code: "invalid-date", key: key, message: "an item is not a date"))
                }
                return
            }
            finished = readDate(value, text, key: key)
        case .published: published = readDate(value, text, key: key, yearsBeforeCommonEra: true)
        case .series:
            if let (name, index) = Book.firstSeries(in: value) {
                series = name
                if seriesIndex == nil { seriesIndex = index }
            } else if let linkedText, !Book.saysNoSeries(linkedText) {
                // `series: standalone` (`Einzelband`, `самостоятельный роман`) is no series.
                series = linkedText
            }
        case .seriesIndex:
            guard let text = nonEmpty(text) else { return }
            seriesIndex = Double(text)
            if seriesIndex == nil { problems.append(BookProblem(code: "invalid-number", key: key, message: "'\(text)' is not a number")) }
        case .pages:
            guard let text = nonEmpty(text) else { return }
            pages = Int(text)
            if pages == nil || pages ?? 0 < 0 {
                pages = nil; problems.append(BookProblem(code: "invalid-number", key: key, message: "'\(text)' is not a page count"))
            }
        case .favorite:
            switch text?.lowercased() {
            case "true", "yes", "on", "y": favorite = true
            case "false", "no", "off", "n": favorite = false
            default: break
            }
        case .publisher: publisher = linkedText
        case .language: language = linkedText
        case .location: location = linkedText
        case .format: format = linkedText
        case .cover: cover = nonEmpty(text)
        case .openlibrary: openlibrary = nonEmpty(text)
        case .goodreads: goodreads = nonEmpty(text)
        case .source: source = nonEmpty(text)
        case .ownership:
            // Read when asked (`ownership`); only a word that says nothing known is reported.
            guard let text, !WrittenText.isPlaceholder(text), Ownership(word: text) == nil, !Ownership.isNo(text) else { return }
            problems.append(
                BookProblem(
                    code: "unknown-ownership", key: key, message: "'\(text)' is not an ownership (owned, wishlist, borrowed, library)"))
        }
    }

    private mutating func readDate(_ value: FieldValue, _ text: String?, key: String, yearsBeforeCommonEra: Bool = false) -> BookDate? {
        guard let text = nonEmpty(text) else { return nil }
        if let date = BookDate(text) { return date }
        // `published: false` (Hugo, Jekyll) says the post is a draft, not when the book came out.
        if case .scalar(_, isPlain: true) = value, WrittenText.isBoolean(text) { return nil }
        // `start: '?'` says the day is not known; `published: '-850'` is a year before the common era.
        if WrittenText.isUnknownDate(text) || (yearsBeforeCommonEra && WrittenText.isYearBeforeCommonEra(text)) { return nil }
        problems.append(BookProblem(code: "invalid-date", key: key, message: "'\(text)' is not a date (YYYY, YYYY-MM or YYYY-MM-DD)"))
        return nil
    }

    /// `value.texts`, trimmed, without the empty ones (in one pass, with no arrays in between).
    static func trimmedTexts(_ value: FieldValue) -> [String] {
        switch value {
        case .scalar(let text, _):
            let trimmed = text.trimmingSpaces
            return trimmed.isEmpty ? [] : [trimmed]
        case .list(let items):
            var texts: [String] = []
            texts.reserveCapacity(items.count)
            for case .scalar(let text, _) in items {
                let trimmed = text.trimmingSpaces
                if !trimmed.isEmpty { texts.append(trimmed) }
            }
            return texts
        case .map, .null:
            return []
        }
    }
}

/// For each canonical field, the position of the entry it is read from (-1: none yet), in one
/// vector value: no allocation per book. (A position fits in 32 bits: a book with more entries
/// could not be held in memory.)
private struct ChosenEntries {
    private var positions = SIMD32<Int32>(repeating: -1)

    subscript(field: CanonicalField) -> Int {
        get { Int(positions[field.ordinal]) }
        set { positions[field.ordinal] = Int32(truncatingIfNeeded: newValue) }
    }

    /// True when a key only a book has is written with a value (not empty, not a template's
    /// placeholder): an author, an ISBN, a rating, a reading date…, so that a note without a title
    /// key is still a book.
    func hasBookValues(in fields: [BookField]) -> Bool {
        let bookFields: [CanonicalField] = [
            .authors, .isbn, .status, .rating, .started, .finished, .series, .pages, .publisher, .goodreads, .openlibrary,
        ]
        return bookFields.contains { hasValue($0, in: fields) }
    }

    /// True when `field` is read from an entry with a value (not empty, not a template's placeholder).
    func hasValue(_ field: CanonicalField, in fields: [BookField]) -> Bool {
        let index = self[field]
        guard index >= 0 else { return false }
        switch fields[index].value {
        case .scalar(let text, _): return !text.trimmingSpaces.isEmpty && !WrittenText.isPlaceholder(text)
        case .list(let items): return !items.isEmpty
        case .map(let entries): return !entries.isEmpty
        case .null: return false
        }
    }
}

private func nonEmpty(_ text: String?) -> String? {
    guard let text, !text.isEmpty else { return nil }
    return text
}
