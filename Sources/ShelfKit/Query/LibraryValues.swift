/// The values a library's books hold that a person types again: tags, authors and series. The
/// shell's completion, the web's edit and add forms (their `<datalist>`s) and the search box's
/// suggestions all offer these, so each is worked out here once.
public struct LibraryValues: Sendable {
    /// Each tag once, in the spelling most books use, most used first.
    public var tags: [String]
    /// Each author once (compared ignoring case), most books first, then by name.
    public var authors: [String]
    /// Each series once (compared ignoring case), most books first, then by name.
    public var series: [String]

    /// Values given as they are (none, by default).
    public init(tags: [String] = [], authors: [String] = [], series: [String] = []) {
        self.tags = tags
        self.authors = authors
        self.series = series
    }

    /// The values of every book `index` holds, most used first.
    public init(index: LibraryIndex) {
        tags = index.tagCounts().map(\.tag)
        authors = Self.byUse(index.books.flatMap(\.authors))
        series = Self.byUse(index.books.compactMap(\.series))
    }

    /// The values once each, ignoring case and accents (as first written), most used first.
    static func byUse(_ values: [String]) -> [String] {
        var counts: [String: (spelling: String, count: Int)] = [:]
        for value in values where !value.trimmingSpaces.isEmpty {
            let key = TextFolding.fold(value)
            counts[key, default: (value, 0)].count += 1
        }
        return counts.values.sorted { ($0.count, $1.spelling) > ($1.count, $0.spelling) }.map(\.spelling)
    }
}
