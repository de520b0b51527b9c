/// Deterministic book files for differential tests: the shapes a generated library has (as
/// `shelf-bench-gen` writes them), mixed with the shapes that are hard to read the same way twice
/// (aliases, anchors, duplicate keys, nested maps, block scalars, tags, comments, CRLF, a BOM,
/// invalid UTF-8, control characters, unclosed brackets).
enum FrontMatterCorpus {
    /// `count` files, the same for the same `seed`.
    static func files(count: Int, seed: UInt64) -> [(name: String, bytes: [UInt8])] {
        (0..<count).map { index in
            var random = CorpusRandom(seed: seed &+ UInt64(index) &* 0x9E37_79B9_7F4A_7C15)
            return ("generated-\(index).md", makeFile(&random))
        }
    }

    private static func makeFile(_ random: inout CorpusRandom) -> [UInt8] {
        var groups: [[String]] = []
        if !random.chance(0.04) {
            groups.append(["title: " + (random.chance(0.7) ? random.pick(plainTitles) : random.pick(titles))])
        }
        for _ in 0..<random.below(12) {
            groups.append(random.chance(0.85) ? random.pick(usualEntries)(&random) : random.pick(entryMakers)(&random))
        }
        groups.shuffle(using: &random)
        var lines = groups.flatMap { $0 }
        if random.chance(0.05) { lines.insert("# imported", at: 0) }
        if random.chance(0.05) { lines.append("title: " + random.pick(titles)) }  // a duplicate key
        let newline = random.chance(0.1) ? "\r\n" : "\n"
        var text = (random.chance(0.03) ? "\u{FEFF}" : "") + "---" + newline
        for line in lines { text += line.replacingNewlines(with: newline) + newline }
        text += (random.chance(0.05) ? "..." : "---") + newline + "Notes about the book, with words.\n"
        var bytes = Array(text.utf8)
        if random.chance(0.02) { bytes.insert(0xFF, at: random.below(bytes.count)) }  // invalid UTF-8
        if random.chance(0.02) { bytes.insert(0x07, at: 4 + random.below(max(1, bytes.count - 40))) }  // a control character
        return bytes
    }

    static let titles = [
        "Dune", "'The Left Hand of Darkness'", "\"Piranesi\"", "1984", "null", "~", "", "Gödel, Escher, Bach",
        "\"Escaped \\\"quote\\\" \\u00e9\"", "'It''s here'", "A: title", "\"A: title\"", "The Dispossessed   # a comment",
        "  Spaced  ", "&anchor Anchored", "*anchor", "!!str 2001", "[not, a, title]", "|\n  Block\n  title",
        ">-\n  Folded\n  title", "Tabs\there", "Solaris\n  continued", "FInal ﬂight ı", "Ünïcödé", "[unclosed",
        "'unclosed", "{a: b}", "- item", "\"\\x41\"", "#", "title with # hash", "x: y",
    ]

    static let plainTitles = [
        "Dune", "The Left Hand of Darkness", "\"Piranesi\"", "'Solaris'", "Gödel, Escher, Bach", "Consider Phlebas",
        "\"The Name of the Rose: A Novel\"", "It's Here", "Title with (parens) and, commas", "Ünïcödé — “quotes”",
    ]

    /// Entries as `shelf-bench-gen` and real libraries write them.
    private static let usualEntries: [@Sendable (inout CorpusRandom) -> [String]] = [
        { r in ["authors:"] + (1...(1 + r.below(3))).map { _ in r.pick(["  - ", "- "]) + r.pick(plainNames) } },
        { r in ["authors: [" + (1...(1 + r.below(3))).map { _ in r.pick(plainNames) }.joined(separator: ", ") + "]"] },
        { r in ["author: " + r.pick(plainNames)] },
        { r in ["isbn: " + r.pick(["\"9780441478125\"", "'9780441478125'", "9780441478125", "\"0441478123\"", "\"9780441478126\""])] },
        { r in ["status: " + r.pick(["read", "to-read", "reading", "abandoned"]) + r.pick(["", "", "   # finally", " # gift"])] },
        { r in ["rating: " + r.pick(["1", "2", "3", "4", "5"])] },
        { r in ["tags: [" + (0..<r.below(4)).map { _ in r.pick(plainTags) }.joined(separator: ", ") + "]"] },
        { r in ["tags:"] + (1...(1 + r.below(3))).map { _ in "  - " + r.pick(plainTags) } },
        { r in [r.pick(["added", "started", "finished"]) + ": " + r.pick(["2008-11-13", "2024-03-02", "1999-12-31"])] },
        { r in ["series: " + r.pick(plainTitles), "series_index: " + r.pick(["1", "2", "7"])] },
        { r in ["publisher: " + r.pick(["Riverhead Books", "Bloomsbury", "Penguin Random House", "Éditions du Seuil"])] },
        { r in ["published: " + r.pick(["1995", "2024", "1813", "1969-03-01"])] },
        { r in ["pages: " + r.pick(["383", "943", "80"])] },
        { r in ["format: " + r.pick(["paperback", "ebook"]), "mood: " + r.pick(["cozy", "dark"])] },
    ]

    static let plainNames = ["Anne Peake", "Leo Márquez", "Ursula K. Le Guin", "Iain M. Banks", "Ted Chiang", "Stanisław Lem"]
    static let plainTags = ["sci-fi", "space-opera", "horror", "to-lend", "classic", "sci-fi/space", "non-fiction"]

    private static let entryMakers: [@Sendable (inout CorpusRandom) -> [String]] = [
        { r in ["authors: " + r.pick(lists)] },
        { r in ["author: " + r.pick(names)] },
        { r in ["authors:"] + (0..<r.below(4)).map { _ in r.pick(["  - ", "- ", "    - "]) + r.pick(names) } },
        { r in ["isbn: " + r.pick(isbns)] },
        { r in [r.pick(["ISBN13", "isbn10", "Isbn"]) + ": " + r.pick(isbns)] },
        { r in ["status: " + r.pick(statuses)] },
        { r in ["rating: " + r.pick(["1", "5", "4.0", "7", "four", "~", "\"3\"", "3 # good"])] },
        { r in ["tags: " + r.pick(lists)] },
        { r in ["tags:"] + (0..<r.below(4)).map { _ in "  - " + r.pick(tags) } },
        { r in ["tag: " + r.pick(["sci-fi, classic", "#reread", "SF/space", "Sci-Fi"])] },
        { r in [r.pick(["added", "started", "finished", "Date Read", "published", "year"]) + ": " + r.pick(dates)] },
        { r in
            [
                "series: " + r.pick(titles),
                r.pick(["series_index", "seriesIndex", "Series Index", "volume"]) + ": " + r.pick(["1", "2.5", "x", "-3"]),
            ]
        },
        { r in ["pages: " + r.pick(["412", "-1", "1e3", "many", "0", " 300 "])] },
        { r in ["favorite: " + r.pick(["true", "yes", "No", "off", "maybe", "Y"])] },
        { r in
            [
                r.pick(["publisher", "language", "location", "format", "cover", "openlibrary", "goodreads", "source", "subtitle"]) + ": "
                    + r.pick(titles)
            ]
        },
        { r in ["genres: " + r.pick(lists)] },
        { r in ["mood: " + r.pick(["cozy", "dark", "[a, b]", "{x: 1}", "~"])] },
        { r in ["copies:", "  - format: ebook", "    price: 9.99", "  - format: paper"] },
        { r in ["meta:", "  source: import", "  nested:", "    deep: [1, 2]", "  empty:"] },
        { r in ["base: &base {a: 1, b: [x, y]}", "other: *base", r.pick(["merged:", "merge:"]), "  <<: *base", "  c: 3"] },
        { r in ["shared: &s [one, two]", "tags: *s"] },
        { r in ["authors: &who [Ursula K. Le Guin]", "creator: *who"] },
        { r in ["title: &t Anchored title", "subtitle: *t"] },
        { r in ["loop: &l [*l]", "undefined: *nowhere"] },
        { r in ["? [complex, key]", ": value"] },
        { r in ["*t: aliased key"] },
        { r in ["\"quoted key\": value", "'single': value"] },
        { r in ["empty:", "nothing: ~", "nulls: [null, ~, \"\"]"] },
        { r in ["tagged: !!int 42", "custom: !mine value", "str: !!str 12"] },
        { r in ["notes: |", "  Line one", "", "  Line three", ""] },
        { r in ["folded: >", "  Folded", "  text", ""] },
        { r in ["# a comment line", "  # an indented comment"] },
        { r in ["bad: [unclosed"] },
        { r in ["bad: \"unclosed"] },
        { r in ["\tindented: with a tab"] },
        { r in ["nested-flow: {a: [1, {b: c}], d: e}"] },
        { r in ["unicode-ключ: значение", "emoji: 📚"] },
        { r in ["dup: first", "dup: second", "Title: capital"] },
        { r in ["url: https://example.com/a?b=c#frag", "time: 12:30", "colon:value"] },
        { r in ["trailing: value   ", "spaces:    lots   of   spaces  "] },
        { r in ["list-of-maps:", "  - a: 1", "    b: 2", "  - - nested", "    - list"] },
        { r in ["indentless:", "- one", "- two"] },
        { r in ["multi: first line", "  second line"] },
        { r in ["--- not a delimiter"] },
        { r in ["... not an end"] },
    ]

    static let names = ["Ursula K. Le Guin", "'Banks, Iain M.'", "\"Ted Chiang\"", "Stanisław Lem", "~", "", "José Saramago"]
    static let lists = [
        "[Le Guin, Banks]", "[]", "[ 'A, B', \"C\" ]", "[one,two]", "[a, [b, c]]", "[x, ~, null]", "Solo Author", "[trailing, ]",
    ]
    static let tags = ["sci-fi", "Sci-Fi/space", "#classic", "  spaced  ", "~", "to-lend", "non-fiction"]
    static let isbns = [
        "9780441478125", "'0441478123'", "\"978-0-441-47812-5\"", "0441478123 9780441478125", "978044147812X", "123",
        "ISBN 978-0-14-303943-3", "=\"9780143039433\"", "080442957x", "9790000000001", "~", "[9780441478125]", "9780441478126",
    ]
    static let statuses = [
        "read", "to-read", "Reading", "want to read", "DNF", "unread", "finished", "currently-reading", "meh", "~", "read   # finally",
    ]
    static let dates = [
        "2024", "2024-03", "2024-03-02", "2024/3/2", "2024-02-30", "2024-03-02 21:14", "2024-03-02T21:14:05Z",
        "2024-03-02T21:14:05.123+01:00", "180", "99", "March 2024", "'2024-03-02'", "~", "2024-13-01", "0000",
    ]
}

/// SplitMix64: small, fast and the same everywhere.
struct CorpusRandom: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(max(bound, 1))) }
    mutating func chance(_ probability: Double) -> Bool { Double(next() % 1_000_000) < probability * 1_000_000 }
    mutating func pick<T>(_ items: [T]) -> T { items[below(items.count)] }
}

private extension String {
    func replacingNewlines(with newline: String) -> String {
        newline == "\n" ? self : split(separator: "\n", omittingEmptySubsequences: false).joined(separator: newline)
    }
}
