/// Which fields a key's name may stand for: a key is only ever proposed for a field its name
/// suggests (`bookAuthor`, `readingStatus`, `myRate`, `作者`), and then only when its values read
/// as that field (see `ValueShape`). The name narrows; the values decide.
enum FieldHints {
    /// Folded fragments a key's folded name holds when it may stand for each field, and fragments
    /// that rule it out (an average rating, a page read so far, an author's sort name).
    private static let table: [(field: CanonicalField, hints: [String], not: [String])] = [
        (.title, ["title", "书名", "titel", "titulo", "título"], ["sub", "cover", "image", "series", "chapter", "original", "page"]),
        (.subtitle, ["subtitle", "副标题", "untertitel"], []),
        (
            .authors, ["author", "作者", "autor", "auteur", "creator", "writer"],
            ["sort", "url", "link", "id", "slug", "intro", "note", "page", "image", "cover", "bio"]
        ),
        (.isbn, ["isbn"], []),
        (.status, ["status", "状态", "estado", "zustand"], ["url", "date", "progress"]),
        (
            .rating, ["rate", "rating", "stars", "score", "评分", "bewertung", "valoracion", "valoración", "calificacion"],
            ["avg", "average", "count", "num", "douban", "goodreads", "community", "global", "public", "date", "amazon"]
        ),
        (
            .pages, ["page", "total", "seiten", "页数", "paginas", "páginas"],
            ["progress", "current", "read", "url", "link", "last", "start", "end", "已读", "word", "time", "image"]
        ),
        (.started, ["start", "begin", "开始"], ["page", "chapter", "finish", "end"]),
        (
            .finished, ["finish", "dateread", "readdate", "yearread", "readyear", "completed", "done", "读完", "enddate", "dateend"],
            ["page", "chapter", "start", "begin", "last"]
        ),
        (.added, ["added", "created"], []),
        (.published, ["publish", "pubdate", "year", "出版时间", "出版年"], ["publisher", "read", "lastmod", "post", "start", "finish"]),
        (.tags, ["tag"], []),
        (.genres, ["genre", "category", "categories", "分类", "类别"], []),
        (.publisher, ["publisher", "verlag", "出版社", "editorial"], []),
        (.series, ["series", "serie", "系列"], ["index", "number", "position", "order", "url"]),
        (.cover, ["cover", "封面"], ["title", "creator", "license", "source", "alt"]),
        (.language, ["language", "lang", "语言", "sprache", "idioma"], []),
    ]

    /// The fields a key's name may stand for: shelf's own name or alias first, then the hints.
    static func fields(forKey key: String) -> [CanonicalField] {
        var fields: [CanonicalField] = []
        if let known = CanonicalField(key: key) { fields.append(known) }
        let folded = CanonicalField.fold(key).lowercased()
        for row in table where !fields.contains(row.field) {
            guard row.hints.contains(where: { folded.contains($0) }), !row.not.contains(where: { folded.contains($0) }) else { continue }
            fields.append(row.field)
        }
        // Goodreads' `shelf: read` is the reading status; a post's `date` may be the day a book
        // was finished (`VocabularyChoice` decides by the statuses beside it).
        // Shelves kept as a list (`shelves: [read]`, `booklists: [completed]`) hold it too.
        if ["shelf", "shelves", "booklist", "booklists", "bookshelves"].contains(folded), !fields.contains(.status) {
            fields.append(.status)
        }
        if folded == "date" { fields.append(.finished) }
        // A key named for the act of reading (`read: 2021-12-12`, `readOn:`) holding a date is the
        // day the book was finished; its values decide, as for any other key.
        if ["read", "readon", "readat", "wasread"].contains(folded), !fields.contains(.finished) { fields.append(.finished) }
        // The day reading began, named for the act (WeRead's `readingDate` beside `finishedDate`):
        // proposed only beside a finished key (`VocabularyChoice.keepReadingStartBesideFinish`).
        if folded == "readingdate", !fields.contains(.started) { fields.append(.started) }
        return fields
    }
}
