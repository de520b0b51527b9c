/// Writes a `Book` to the cache's bytes and reads it back, field by field.
///
/// Every stored property of `Book` is written (a test lists them, so a new one cannot be
/// forgotten); the path is not, as the cache entry holds it. Change `LibraryCache.formatVersion`
/// whenever this layout changes.
enum BookCodec {
    // Made once: `allCases` builds a new array at every use.
    private static let statuses = ReadingStatus.allCases
    private static let canonicalFields = CanonicalField.allCases

    static func encode(_ book: Book, into writer: inout CacheByteWriter) {
        writer.string(book.title)
        optional(book.subtitle, &writer)
        strings(book.authors, &writer)
        optional(book.isbn, &writer)
        strings(book.isbns13, &writer)
        writer.byte(book.status.map { UInt8(statuses.firstIndex(of: $0) ?? 0) + 1 } ?? 0)
        optionalNumber(book.rating.map(Int64.init), &writer)
        strings(book.tags, &writer)
        for date in [book.added, book.started, book.finished, book.published] { encode(date, &writer) }
        optional(book.series, &writer)
        if let index = book.seriesIndex {
            writer.byte(1)
            writer.word(index.bitPattern)
        } else {
            writer.byte(0)
        }
        optional(book.publisher, &writer)
        optionalNumber(book.pages.map(Int64.init), &writer)
        optional(book.language, &writer)
        strings(book.genres, &writer)
        for text in [book.location, book.format] { optional(text, &writer) }
        writer.byte(book.favorite.map { $0 ? 2 : 1 } ?? 0)
        for text in [book.cover, book.openlibrary, book.goodreads, book.source] { optional(text, &writer) }
        writer.count(book.fields.count)
        for field in book.fields {
            writer.string(field.key)
            writer.byte(field.canonical.map { UInt8(canonicalFields.firstIndex(of: $0) ?? 0) + 1 } ?? 0)
            encode(field.value, &writer)
        }
        writer.count(book.problems.count)
        for problem in book.problems {
            writer.string(problem.code)
            writer.string(problem.key)
            writer.string(problem.message)
        }
    }

    static func decode(path: String, from reader: inout CacheByteReader) throws(CacheCorruption) -> Book {
        let title = try reader.string()
        let subtitle = try optional(&reader)
        let authors = try strings(&reader)
        let isbn = try optional(&reader)
        var book = Book(path: path, title: title, isbn: isbn, isbns13: try strings(&reader))
        book.subtitle = subtitle
        book.authors = authors
        book.status = try member(of: statuses, &reader)
        book.rating = try optionalNumber(&reader).map(Int.init)
        book.tags = try strings(&reader)
        book.added = try date(&reader)
        book.started = try date(&reader)
        book.finished = try date(&reader)
        book.published = try date(&reader)
        book.series = try optional(&reader)
        book.seriesIndex = try reader.byte() == 0 ? nil : Double(bitPattern: try reader.word())
        book.publisher = try optional(&reader)
        book.pages = try optionalNumber(&reader).map(Int.init)
        book.language = try optional(&reader)
        book.genres = try strings(&reader)
        book.location = try optional(&reader)
        book.format = try optional(&reader)
        switch try reader.byte() {
        case 0: book.favorite = nil
        case 1: book.favorite = false
        case 2: book.favorite = true
        default: throw CacheCorruption()
        }
        book.cover = try optional(&reader)
        book.openlibrary = try optional(&reader)
        book.goodreads = try optional(&reader)
        book.source = try optional(&reader)
        let fieldCount = try reader.count()
        book.fields.reserveCapacity(fieldCount)
        for _ in 0..<fieldCount {
            let key = try reader.string()
            let canonical = try member(of: canonicalFields, &reader)
            book.fields.append(BookField(key: key, canonical: canonical, value: try value(&reader, depth: 0)))
        }
        let problemCount = try reader.count()
        for _ in 0..<problemCount {
            book.problems.append(BookProblem(code: try reader.string(), key: try reader.string(), message: try reader.string()))
        }
        return book
    }

    // MARK: - Values

    /// Deeper than the reader ever builds (`FieldValue.maximumDepth`) means a damaged file.
    private static let maximumDepth = FieldValue.maximumDepth + 2

    private static func encode(_ value: FieldValue, _ writer: inout CacheByteWriter) {
        switch value {
        case .null:
            writer.byte(0)
        case .scalar(let text, let isPlain):
            writer.byte(isPlain ? 1 : 2)
            writer.string(text)
        case .list(let items):
            writer.byte(3)
            writer.count(items.count)
            for item in items { encode(item, &writer) }
        case .map(let entries):
            writer.byte(4)
            writer.count(entries.count)
            for entry in entries {
                writer.string(entry.key)
                encode(entry.value, &writer)
            }
        }
    }

    private static func value(_ reader: inout CacheByteReader, depth: Int) throws(CacheCorruption) -> FieldValue {
        guard depth <= maximumDepth else { throw CacheCorruption() }
        switch try reader.byte() {
        case 0:
            return .null
        case 1:
            return .scalar(try reader.string(), isPlain: true)
        case 2:
            return .scalar(try reader.string(), isPlain: false)
        case 3:
            let count = try reader.count()
            var items: [FieldValue] = []
            items.reserveCapacity(count)
            for _ in 0..<count { items.append(try value(&reader, depth: depth + 1)) }
            return .list(items)
        case 4:
            let count = try reader.count()
            var entries: [FieldEntry] = []
            entries.reserveCapacity(count)
            for _ in 0..<count {
                let key = try reader.string()
                entries.append(FieldEntry(key: key, value: try value(&reader, depth: depth + 1)))
            }
            return .map(entries)
        default:
            throw CacheCorruption()
        }
    }

    // MARK: - Dates

    private static func encode(_ date: BookDate?, _ writer: inout CacheByteWriter) {
        guard let date else {
            writer.byte(0)
            return
        }
        writer.byte(1)
        writer.signed(Int64(date.year))
        for part in [date.month, date.day, date.minutes] { optionalNumber(part.map(Int64.init), &writer) }
        writer.string(date.text)
    }

    private static func date(_ reader: inout CacheByteReader) throws(CacheCorruption) -> BookDate? {
        switch try reader.byte() {
        case 0: return nil
        case 1: break
        default: throw CacheCorruption()
        }
        let year = Int(try reader.signed())
        let month = try optionalNumber(&reader).map(Int.init)
        let day = try optionalNumber(&reader).map(Int.init)
        let minutes = try optionalNumber(&reader).map(Int.init)
        return BookDate(year: year, month: month, day: day, minutes: minutes, text: try reader.string())
    }

    // MARK: - Primitives

    private static func optional(_ text: String?, _ writer: inout CacheByteWriter) {
        if let text {
            writer.byte(1)
            writer.string(text)
        } else {
            writer.byte(0)
        }
    }

    private static func optional(_ reader: inout CacheByteReader) throws(CacheCorruption) -> String? {
        switch try reader.byte() {
        case 0: return nil
        case 1: return try reader.string()
        default: throw CacheCorruption()
        }
    }

    private static func optionalNumber(_ number: Int64?, _ writer: inout CacheByteWriter) {
        if let number {
            writer.byte(1)
            writer.signed(number)
        } else {
            writer.byte(0)
        }
    }

    private static func optionalNumber(_ reader: inout CacheByteReader) throws(CacheCorruption) -> Int64? {
        switch try reader.byte() {
        case 0: return nil
        case 1: return try reader.signed()
        default: throw CacheCorruption()
        }
    }

    private static func strings(_ texts: [String], _ writer: inout CacheByteWriter) {
        writer.count(texts.count)
        for text in texts { writer.string(text) }
    }

    private static func strings(_ reader: inout CacheByteReader) throws(CacheCorruption) -> [String] {
        let count = try reader.count()
        var texts: [String] = []
        texts.reserveCapacity(count)
        for _ in 0..<count { texts.append(try reader.string()) }
        return texts
    }

    /// One of `cases`, written as its position plus one; 0 for none.
    private static func member<T>(of cases: [T], _ reader: inout CacheByteReader) throws(CacheCorruption) -> T? {
        let code = Int(try reader.byte())
        guard code != 0 else { return nil }
        guard code <= cases.count else { throw CacheCorruption() }
        return cases[code - 1]
    }
}
