extension BookCodec {
    // MARK: - Values

    /// Deeper than the reader ever builds (`FieldValue.maximumDepth`) means a damaged file.
    static let maximumDepth = FieldValue.maximumDepth + 2

    static func encode(_ value: FieldValue, _ writer: inout CacheByteWriter) {
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

    static func value(_ reader: inout CacheByteReader, depth: Int) throws(CacheCorruption) -> FieldValue {
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

    static func encode(_ date: BookDate?, _ writer: inout CacheByteWriter) {
        guard let date else {
            writer.byte(0)
            return
        }
        writer.byte(1)
        writer.signed(Int64(date.year))
        optionalNumber(date.month.map(Int64.init), &writer)
        optionalNumber(date.day.map(Int64.init), &writer)
        optionalNumber(date.minutes.map(Int64.init), &writer)
        writer.string(date.text)
    }

    static func date(_ reader: inout CacheByteReader) throws(CacheCorruption) -> BookDate? {
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

    static func optional(_ text: String?, _ writer: inout CacheByteWriter) {
        if let text {
            writer.byte(1)
            writer.string(text)
        } else {
            writer.byte(0)
        }
    }

    static func optional(_ reader: inout CacheByteReader) throws(CacheCorruption) -> String? {
        switch try reader.byte() {
        case 0: return nil
        case 1: return try reader.string()
        default: throw CacheCorruption()
        }
    }

    static func optionalNumber(_ number: Int64?, _ writer: inout CacheByteWriter) {
        if let number {
            writer.byte(1)
            writer.signed(number)
        } else {
            writer.byte(0)
        }
    }

    static func optionalNumber(_ reader: inout CacheByteReader) throws(CacheCorruption) -> Int64? {
        switch try reader.byte() {
        case 0: return nil
        case 1: return try reader.signed()
        default: throw CacheCorruption()
        }
    }

    static func strings(_ texts: [String], _ writer: inout CacheByteWriter) {
        writer.count(texts.count)
        for text in texts { writer.string(text) }
    }

    static func strings(_ reader: inout CacheByteReader) throws(CacheCorruption) -> [String] {
        let count = try reader.count()
        var texts: [String] = []
        texts.reserveCapacity(count)
        for _ in 0..<count { texts.append(try reader.string()) }
        return texts
    }

    /// One of `cases`, written as its position plus one; 0 for none.
    static func member<T>(of cases: [T], _ reader: inout CacheByteReader) throws(CacheCorruption) -> T? {
        let code = Int(try reader.byte())
        guard code != 0 else { return nil }
        guard code <= cases.count else { throw CacheCorruption() }
        return cases[code - 1]
    }
}
