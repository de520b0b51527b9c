/// The values of one book that queries compare most, stored beside its cache entry in a fixed
/// layout, so that a query over the whole library reads them in place instead of decoding
/// every book (`IndexPrefilter`).
///
/// Layout (little-endian): status (0 = none, else 1 + its position in `ReadingStatus.allCases`),
/// whether there is a rating, whether there is a page count, a zero, the number of days of each
/// date field (`added`, `started`, `finished`, `published`, 16 bits each), the rating and the
/// page count (64-bit floats), the days themselves (64-bit, days since 1970, each date's first
/// day, as `FieldMatcher` compares them), then the folded title key `--sort title` orders by.
///
/// The values are the ones the query evaluator reads: `queryNumber(of:)` for the numbers and
/// `queryDates(of:)` for the dates (every read's dates for `started` and `finished`).
struct EntryColumns {
    static let dateFields: [CanonicalField] = [.added, .started, .finished, .published]
    private static let statuses = ReadingStatus.allCases
    private static let headerSize = 28

    /// Appends the columns of `book` to `writer`.
    static func encode(_ book: Book, into writer: inout CacheByteWriter) {
        writer.byte(book.status.map { UInt8((statuses.firstIndex(of: $0) ?? 0) + 1) } ?? 0)
        // The typed values `queryNumber(of:)` and `queryDates(of:)` give for these fields.
        let rating = book.rating
        let pages = book.pages.map(Double.init)
        writer.byte(rating == nil ? 0 : 1)
        writer.byte(pages == nil ? 0 : 1)
        writer.byte(0)
        // Every read's dates for `started` and `finished`, as `readDates` gives them, with the
        // `reads:` list looked up once; each field's days are gone through twice (to count, then
        // to write), rather than gathered into arrays.
        let reads = book.earlierReads
        func forEachDay(of field: Int, _ body: (Int64) -> Void) {
            func day(_ date: BookDate?) { if let date { body(Int64(DateSpan(date).first)) } }
            switch field {
            case 0: day(book.added)
            case 1: for read in reads { day(read.started) }; day(book.started)
            case 2: for read in reads { day(read.ended) }; day(book.finished)
            default: day(book.published)
            }
        }
        // More dates than 16 bits count are cut: the entry is then never trusted (see `isTrusted`).
        let limit = Int(UInt16.max)
        for field in dateFields.indices {
            var count = 0
            forEachDay(of: field) { _ in count += 1 }
            let written = UInt16(min(count, limit))
            writer.byte(UInt8(truncatingIfNeeded: written))
            writer.byte(UInt8(truncatingIfNeeded: written >> 8))
        }
        writer.word((rating ?? 0).bitPattern)
        writer.word((pages ?? 0).bitPattern)
        for field in dateFields.indices {
            var written = 0
            forEachDay(of: field) { day in
                guard written < limit else { return }
                writer.word(UInt64(bitPattern: day))
                written += 1
            }
        }
        var key = BookSortKey.titleKey(book.title)
        key.withUTF8 { writer.raw(UnsafeRawBufferPointer($0)) }
    }

    let bytes: UnsafeRawBufferPointer

    /// A view of encoded columns; nil when they are too short for what they claim to hold.
    init?(_ bytes: UnsafeRawBufferPointer) {
        self.bytes = bytes
        guard bytes.count >= EntryColumns.headerSize, bytes.count >= daysEnd else { return nil }
    }

    var status: ReadingStatus? {
        let code = Int(bytes[0])
        return code == 0 || code > EntryColumns.statuses.count ? nil : EntryColumns.statuses[code - 1]
    }

    var rating: Double? { bytes[1] == 0 ? nil : Double(bitPattern: word(at: 12)) }
    var pages: Double? { bytes[2] == 0 ? nil : Double(bitPattern: word(at: 20)) }

    /// True when one of the days of date field `field` (a position in `dateFields`) passes `test`.
    func anyDay(_ field: Int, _ test: (Int) -> Bool) -> Bool {
        var offset = EntryColumns.headerSize
        for earlier in 0..<field { offset += 8 * count(earlier) }
        for _ in 0..<count(field) {
            if test(Int(Int64(bitPattern: word(at: offset)))) { return true }
            offset += 8
        }
        return false
    }

    /// True unless a date list was cut when it was written.
    var isTrusted: Bool {
        (0..<EntryColumns.dateFields.count).allSatisfy { count($0) < Int(UInt16.max) }
    }

    /// The folded title key, as bytes.
    var titleKey: UnsafeRawBufferPointer { UnsafeRawBufferPointer(rebasing: bytes[daysEnd...]) }

    private func count(_ field: Int) -> Int {
        Int(bytes[4 + 2 * field]) | Int(bytes[5 + 2 * field]) << 8
    }

    private var daysEnd: Int {
        EntryColumns.headerSize + 8 * (0..<EntryColumns.dateFields.count).reduce(0) { $0 + count($1) }
    }

    private func word(at offset: Int) -> UInt64 {
        UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
    }
}
