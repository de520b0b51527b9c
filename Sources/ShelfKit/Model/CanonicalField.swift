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

    /// Other spellings read as this key (folded form).
    public var aliases: [String] {
        switch self {
        case .authors: return ["author", "authors", "creator", "creators", "by"]
        case .isbn: return ["isbn", "isbn13", "isbn10"]
        case .rating: return ["rating", "myrating", "stars"]
        case .tags: return ["tags", "tag"]
        case .added: return ["added", "dateadded", "addedon"]
        case .started: return ["started", "datestarted", "startdate", "startedon", "startreaddate"]
        case .finished: return ["finished", "datefinished", "finishdate", "finishedon", "dateread", "finishreaddate"]
        case .seriesIndex: return ["seriesindex", "seriesnumber", "seriesposition", "volume"]
        case .published: return ["published", "year", "publishdate", "publicationyear", "datepublished", "publicationdate"]
        case .pages: return ["pages", "pagecount", "numpages", "numberofpages"]
        case .language: return ["language", "lang"]
        case .genres: return ["genres", "genre"]
        case .favorite: return ["favorite", "favourite"]
        case .cover: return ["cover", "coverurl", "image"]
        case .openlibrary: return ["openlibrary", "olid", "openlibraryid"]
        case .goodreads: return ["goodreads", "goodreadsid"]
        default: return [rawValue]
        }
    }

    /// True for keys whose value is a list of strings.
    public var isList: Bool { self == .authors || self == .tags || self == .genres }

    /// The canonical key a front-matter key stands for, if any.
    public init?(key: String) {
        // Most keys are written exactly as shelf spells them: a direct hit avoids folding.
        if let field = CanonicalField.byFoldedKey[key] ?? CanonicalField.byFoldedKey[CanonicalField.fold(key)] {
            self = field
        } else {
            return nil
        }
    }

    /// A key folded for comparison: lowercase ASCII letters and digits only.
    public static func fold(_ key: String) -> String {
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

    /// Folded spellings, plus each canonical name as written (`series_index`), for direct hits.
    private static let byFoldedKey: [String: CanonicalField] = {
        var table: [String: CanonicalField] = [:]
        for field in CanonicalField.allCases {
            for alias in field.aliases { table[alias] = field }
            table[fold(field.rawValue)] = field
            table[field.rawValue] = field
        }
        return table
    }()
}
