/// The keys shelf understands, each with the spellings it reads as that key.
///
/// Keys are compared folded: case, `_`, `-` and spaces are ignored, so `series_index`,
/// `seriesIndex` and `Series Index` are one key. Unknown keys are the user's and kept as they are.
public enum CanonicalField: String, Sendable, CaseIterable {
    case title, subtitle, authors, isbn, status, rating, tags
    case added, started, finished
    case series, seriesIndex = "series_index"
    case publisher, published, pages, language, genres, location, format, favorite, cover, copies
    case openlibrary, goodreads, source
    case ownership

    /// Other spellings read as this key (folded form).
    var aliases: [String] {
        switch self {
        case .authors: return ["author", "authors", "creator", "creators", "by"]
        case .isbn: return ["isbn", "isbn13", "isbn10"]
        case .rating: return ["rating", "myrating", "stars"]
        case .tags: return ["tags", "tag"]
        case .added: return ["added", "dateadded", "addedon"]
        case .started: return ["started", "datestarted", "startdate", "startedon", "startreaddate"]
        case .finished:
            return ["finished", "datefinished", "finishdate", "finishedon", "dateread", "finishreaddate", "datesread", "readdates"]
        case .seriesIndex: return ["seriesindex", "seriesnumber", "seriesposition", "volume"]
        case .published:
            return [
                "published", "year", "publishdate", "publicationyear", "datepublished", "publicationdate",
                "publishyear", "publishingyear", "yearpublished", "pubyear",
            ]
        case .pages: return ["pages", "pagecount", "numpages", "numberofpages", "totalpage", "totalpages"]
        case .language: return ["language", "lang"]
        case .genres: return ["genres", "genre"]
        case .favorite: return ["favorite", "favourite"]
        case .cover: return ["cover", "coverurl", "image"]
        case .openlibrary: return ["openlibrary", "olid", "openlibraryid"]
        case .goodreads: return ["goodreads", "goodreadsid"]
        // `owned: true` was how an earlier StoryGraph import said it.
        case .ownership: return ["ownership", "owned"]
        default: return [rawValue]
        }
    }

    /// True for keys whose value is a list of strings.
    var isList: Bool { self == .authors || self == .tags || self == .genres }

    /// The canonical key a front-matter key stands for, if any.
    public init?(key: String) {
        // An ASCII key is looked up in a flat table, without hashing or allocating a String.
        switch CanonicalField.keyTable.field(forKey: key) {
        case .field(let field): self = field
        case .none: return nil
        case .unknown:
            guard let field = CanonicalField.lookUpHashing(key) else { return nil }
            self = field
        }
    }

    /// The same lookup through a dictionary of Strings: for keys the flat table does not take.
    static func lookUpHashing(_ key: String) -> CanonicalField? {
        // Most keys are written exactly as shelf spells them: a direct hit avoids folding.
        CanonicalField.byFoldedKey[key] ?? CanonicalField.byFoldedKey[CanonicalField.fold(key)]
    }

    /// The position of the case among `allCases`, for tables indexed by field.
    var ordinal: Int {
        switch self {
        case .title: 0
        case .subtitle: 1
        case .authors: 2
        case .isbn: 3
        case .status: 4
        case .rating: 5
        case .tags: 6
        case .added: 7
        case .started: 8
        case .finished: 9
        case .series: 10
        case .seriesIndex: 11
        case .publisher: 12
        case .published: 13
        case .pages: 14
        case .language: 15
        case .genres: 16
        case .location: 17
        case .format: 18
        case .favorite: 19
        case .cover: 20
        case .copies: 21
        case .openlibrary: 22
        case .goodreads: 23
        case .source: 24
        case .ownership: 25
        }
    }

    /// Cases compare by case; Swift would otherwise compare and hash raw values, which are Strings.
    public static func == (lhs: CanonicalField, rhs: CanonicalField) -> Bool {
        lhs.ordinal == rhs.ordinal
    }

    /// Hashes the field's name, as `==` compares it.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(ordinal)
    }

    /// A key folded for comparison: lowercase ASCII letters and digits only.
    static func fold(_ key: String) -> String {
        var folded = ""
        folded.unicodeScalars.reserveCapacity(key.utf8.count)
        for scalar in key.unicodeScalars {
            switch scalar {
            case "_", "-", " ": continue
            case "A"..."Z": folded.unicodeScalars.append(Unicode.Scalar(scalar.value + 32) ?? scalar)
            default: folded.unicodeScalars.append(scalar)
            }
        }
        return folded
    }

    /// True when `fold(key) == folded`, found without making the folded key (a book's every key
    /// is compared this way when a name is looked up that no key spells exactly).
    static func fold(_ key: String, equals folded: String) -> Bool {
        // Byte by byte when `folded` is ASCII: a key whose fold holds any other character is
        // then never canonically equivalent to it (the decomposed forms differ), so any byte of
        // the key past 0x7F is a mismatch. Other text compares as `String` does.
        let answer =
            folded.utf8.withContiguousStorageIfAvailable { wanted -> Bool? in
                guard !wanted.contains(where: { $0 >= 0x80 }) else { return nil }
                return key.utf8.withContiguousStorageIfAvailable { bytes -> Bool in
                    var next = 0
                    for byte in bytes where byte != UInt8(ascii: "_") && byte != UInt8(ascii: "-") && byte != UInt8(ascii: " ") {
                        let lowered = byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte + 32 : byte
                        guard next < wanted.count, wanted[next] == lowered else { return false }
                        next += 1
                    }
                    return next == wanted.count
                }
            } ?? nil
        return answer ?? (fold(key) == folded)
    }

    /// `byFoldedKey` flattened for ASCII keys.
    private static let keyTable = CanonicalKeyTable(byFoldedKey)

    /// Folded spellings, plus each canonical name as written (`series_index`), for direct hits.
    static let byFoldedKey: [String: CanonicalField] = {
        var table: [String: CanonicalField] = [:]
        for field in CanonicalField.allCases {
            for alias in field.aliases { table[alias] = field }
            table[fold(field.rawValue)] = field
            table[field.rawValue] = field
        }
        return table
    }()
}
