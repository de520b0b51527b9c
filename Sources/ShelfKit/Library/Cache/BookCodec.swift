/// Writes a `Book` to the cache's bytes and reads it back, field by field.
///
/// Every stored property of `Book` is written (a test lists them, so a new one cannot be
/// forgotten); the path is not, as the cache entry holds it. The fields as written come first:
/// a typed value equal to one of them (the title, the authors…) is written as a reference to it,
/// so it is read back sharing that field's string instead of a second copy. Change
/// `LibraryCache.formatVersion` whenever this layout changes.
enum BookCodec {
    // Made once: `allCases` builds a new array at every use.
    private static let statuses = ReadingStatus.allCases
    private static let canonicalFields = CanonicalField.allCases

    static func encode(_ book: Book, into writer: inout CacheByteWriter) {
        let fields = book.fields
        writer.count(fields.count)
        for field in fields {
            writer.string(field.key)
            writer.byte(field.canonical.map { UInt8(canonicalFields.firstIndex(of: $0) ?? 0) + 1 } ?? 0)
            encode(field.value, &writer)
        }
        text(book.title, fields, &writer)
        text(book.subtitle, fields, &writer)
        texts(book.authors, fields, &writer)
        text(book.isbn, fields, &writer)
        strings(book.isbns13, &writer)
        writer.byte(book.status.map { UInt8(statuses.firstIndex(of: $0) ?? 0) + 1 } ?? 0)
        if let rating = book.rating {
            writer.byte(1)
            writer.word(rating.bitPattern)
        } else {
            writer.byte(0)
        }
        texts(book.tags, fields, &writer)
        encode(book.added, &writer)
        encode(book.started, &writer)
        encode(book.finished, &writer)
        encode(book.published, &writer)
        text(book.series, fields, &writer)
        if let index = book.seriesIndex {
            writer.byte(1)
            writer.word(index.bitPattern)
        } else {
            writer.byte(0)
        }
        text(book.publisher, fields, &writer)
        optionalNumber(book.pages.map(Int64.init), &writer)
        text(book.language, fields, &writer)
        texts(book.genres, fields, &writer)
        writer.byte(book.favorite.map { $0 ? 2 : 1 } ?? 0)
        text(book.location, fields, &writer)
        text(book.format, fields, &writer)
        text(book.cover, fields, &writer)
        text(book.openlibrary, fields, &writer)
        text(book.goodreads, fields, &writer)
        text(book.source, fields, &writer)
        writer.count(book.problems.count)
        for problem in book.problems {
            writer.string(problem.code)
            writer.string(problem.key)
            writer.string(problem.message)
        }
    }

    static func decode(path: String, from reader: inout CacheByteReader) throws(CacheCorruption) -> Book {
        let fieldCount = try reader.count()
        var fields: [BookField] = []
        fields.reserveCapacity(fieldCount)
        for _ in 0..<fieldCount {
            let key = try reader.string()
            let canonical = try member(of: canonicalFields, &reader)
            fields.append(BookField(key: key, canonical: canonical, value: try value(&reader, depth: 0)))
        }
        guard let title = try text(fields, &reader) else { throw CacheCorruption() }
        let subtitle = try text(fields, &reader)
        let authors = try texts(fields, &reader)
        let isbn = try text(fields, &reader)
        var book = Book(path: path, title: title, isbn: isbn, isbns13: try strings(&reader))
        book.subtitle = subtitle
        book.authors = authors
        book.status = try member(of: statuses, &reader)
        book.rating = try reader.byte() == 0 ? nil : Double(bitPattern: try reader.word())
        book.tags = try texts(fields, &reader)
        book.added = try date(&reader)
        book.started = try date(&reader)
        book.finished = try date(&reader)
        book.published = try date(&reader)
        book.series = try text(fields, &reader)
        book.seriesIndex = try reader.byte() == 0 ? nil : Double(bitPattern: try reader.word())
        book.publisher = try text(fields, &reader)
        book.pages = try optionalNumber(&reader).map(Int.init)
        book.language = try text(fields, &reader)
        book.genres = try texts(fields, &reader)
        switch try reader.byte() {
        case 0: book.favorite = nil
        case 1: book.favorite = false
        case 2: book.favorite = true
        default: throw CacheCorruption()
        }
        book.location = try text(fields, &reader)
        book.format = try text(fields, &reader)
        book.cover = try text(fields, &reader)
        book.openlibrary = try text(fields, &reader)
        book.goodreads = try text(fields, &reader)
        book.source = try text(fields, &reader)
        book.fields = fields
        let problemCount = try reader.count()
        for _ in 0..<problemCount {
            book.problems.append(BookProblem(code: try reader.string(), key: try reader.string(), message: try reader.string()))
        }
        return book
    }

    // MARK: - Typed values shared with the fields as written

    /// An optional text: absent (0), written out (1), or the text of scalar field `k` (2, k).
    private static func text(_ value: String?, _ fields: [BookField], _ writer: inout CacheByteWriter) {
        guard let value else {
            writer.byte(0)
            return
        }
        if let index = fields.firstIndex(where: { $0.value.text?.hasSameBytes(as: value) == true }) {
            writer.byte(2)
            writer.count(index)
        } else {
            writer.byte(1)
            writer.string(value)
        }
    }

    private static func text(_ fields: [BookField], _ reader: inout CacheByteReader) throws(CacheCorruption) -> String? {
        switch try reader.byte() {
        case 0: return nil
        case 1: return try reader.string()
        case 2:
            let index = Int(try reader.varint())
            guard index < fields.count, let text = fields[index].value.text else { throw CacheCorruption() }
            return text
        default: throw CacheCorruption()
        }
    }

    /// A list of texts: written out (1), or the texts of field `k` (2, k).
    private static func texts(_ values: [String], _ fields: [BookField], _ writer: inout CacheByteWriter) {
        if !values.isEmpty, let index = fields.firstIndex(where: { $0.value.hasTexts(values) }) {
            writer.byte(2)
            writer.count(index)
        } else {
            writer.byte(1)
            strings(values, &writer)
        }
    }

    private static func texts(_ fields: [BookField], _ reader: inout CacheByteReader) throws(CacheCorruption) -> [String] {
        switch try reader.byte() {
        case 1: return try strings(&reader)
        case 2:
            let index = Int(try reader.varint())
            guard index < fields.count else { throw CacheCorruption() }
            return fields[index].value.texts
        default: throw CacheCorruption()
        }
    }
}
