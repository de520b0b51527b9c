/// Chooses, for each field, the key a folder's files really use for it, from the evidence of
/// their values: never a key no file holds, never a key whose values say it is something else.
struct VocabularyChoice {
    /// A key that lost a field to another, and why (said by `shelf detect`).
    typealias Preference = (field: CanonicalField, chosen: String, over: String, reason: String)

    var keys: [CanonicalField: String] = [:]
    var support: [CanonicalField: Int] = [:]
    var rejected: [(field: CanonicalField, key: String, reason: String)] = []
    var preferences: [Preference] = []
    /// Keys shelf would read as a field that hold something else here (the site owner's name on
    /// every post, an author's slug): declared as the files' own keys (`post_keys:`).
    var demoted: [String] = []
    /// Keys inside maps whose values read as a field, with the files holding them, that another
    /// key won the field from.
    var nested: [(path: String, field: CanonicalField, files: Int)] = []

    /// Fields whose values are told apart by their shape; any other field's key is taken on its name.
    static let typedFields: Set<CanonicalField> = [.authors, .isbn, .status, .rating, .pages, .added, .started, .finished, .published]

    init(_ evidence: VocabularyEvidence) {
        for field in CanonicalField.allCases { choose(field, evidence) }
        preferTitleOfAuthorsMap(evidence)
        chooseLabels(evidence)
        keepReadingStartBesideFinish()
        for (path, record) in evidence.nested.sorted(by: { $0.key < $1.key }) where !keys.values.contains(path) {
            let leaf = String(path.split(separator: ".").last ?? "")
            for field in FieldHints.fields(forKey: leaf) where VocabularyChoice.readsInside(field) {
                let support = record.support[field] ?? 0
                if support > 0, support * 2 >= record.filled { nested.append((path, field, support)) }
            }
        }
    }

    /// A page whose book is a map of its own (`book: {title: "Can't Even", author: …}`) beside the
    /// page's title (`title: "Cant Even"`): the title inside the map that gives the authors is the
    /// book's, taken when that map holds one in at least half the files its author is read from.
    private mutating func preferTitleOfAuthorsMap(_ evidence: VocabularyEvidence) {
        guard let authors = keys[.authors], let dot = authors.lastIndex(of: "."), let supported = support[.authors] else { return }
        let map = CanonicalField.fold(String(authors[..<dot]))
        guard
            let (path, record) = evidence.nested.first(where: { path, _ in
                guard let inner = path.lastIndex(of: ".") else { return false }
                return CanonicalField.fold(String(path[..<inner])) == map
                    && CanonicalField(key: String(path[path.index(after: inner)...])) == .title
            }),
            record.filled * 2 >= supported, keys[.title] != path
        else { return }
        let page = keys[.title] ?? CanonicalField.title.rawValue
        keys[.title] = path
        support[.title] = record.filled
        preferences.append(
            (
                field: .title, chosen: path, over: page,
                reason: "\(authors) gives the book's authors beside it: the book's own title, not the page's"
            ))
    }

    /// A key named for reading (`readingDate`) is the start only beside a key that gives the
    /// finish (`finishedDate`); alone, it could as well be the day the book was read.
    private mutating func keepReadingStartBesideFinish() {
        guard let started = keys[.started], CanonicalField.fold(started).lowercased() == "readingdate", support[.finished] == nil else {
            return
        }
        keys[.started] = nil
        support[.started] = nil
    }

    /// Fields a key inside a map (`params.author`) may be proposed for: those told by their
    /// values' shape, and the title.
    static func readsInside(_ field: CanonicalField) -> Bool { typedFields.contains(field) || field == .title }

    private mutating func choose(_ field: CanonicalField, _ evidence: VocabularyEvidence) {
        let typed = VocabularyChoice.typedFields.contains(field)
        var good: [VocabularyEvidence.KeyRecord] = []
        var bad: [VocabularyEvidence.KeyRecord] = []
        let inner = VocabularyChoice.readsInside(field) ? Array(evidence.nested.values) : []
        for record in Array(evidence.keys.values) + inner where record.filled > 0 {
            let key = record.spelling
            if field == .finished, CanonicalField.fold(key) == "date" {
                // A Hugo or Jekyll `date` is the day of the post, unless most posts with it are books
                // read and hardly any is a book still to read (whose post's date no read ended on).
                let dates = record.support[.finished] ?? 0
                if dates > 0, record.besideReadStatus * 2 >= dates, record.besideOtherStatus * 10 <= record.besideReadStatus {
                    good.append(record)
                } else if dates > 0 {
                    let reason =
                        record.besideReadStatus * 2 >= dates
                        ? "\(record.besideOtherStatus) files with it are books not read yet: it is the post's date"
                        : "most files with it are not read yet: it is the post's date"
                    rejected.append((field, key, reason))
                }
                continue
            }
            guard FieldHints.fields(forKey: key).contains(field) else { continue }
            let yes = record.support[field] ?? 0
            if yes > 0, !typed || yes >= record.filled - yes {
                good.append(record)
            } else if CanonicalField(key: key) == field {
                bad.append(record)
            }
        }
        let ordered = good.sorted { VocabularyChoice.rank($0, field) > VocabularyChoice.rank($1, field) }
        guard let best = ordered.first else {
            for record in bad where CanonicalField(key: record.spelling) == field {
                rejected.append((field, record.spelling, VocabularyChoice.mismatch(field)))
            }
            return
        }
        let chosen = best.spelling
        support[field] = best.support[field] ?? 0
        if CanonicalField.fold(chosen) != CanonicalField.fold(field.rawValue) { keys[field] = chosen }
        for loser in ordered.dropFirst() where field == .authors && !loser.varies(as: field) && best.varies(as: field) {
            preferences.append(
                (
                    field: field, chosen: chosen, over: loser.spelling,
                    reason: "every file gives `\(loser.spelling)` one value (\(loser.example ?? "")), the post's, not the book's"
                ))
            if CanonicalField(key: loser.spelling) == field { demoted.append(loser.spelling) }
        }
        for loser in bad where loser.spelling != chosen {
            preferences.append(
                (
                    field: field, chosen: chosen, over: loser.spelling,
                    reason: "most values of `\(loser.spelling)` are not \(VocabularyChoice.plural(field)) (\(loser.example ?? ""))"
                ))
            if CanonicalField(key: loser.spelling) == field { demoted.append(loser.spelling) }
        }
    }

    /// Values that vary beat one value on every file (for authors: the site owner); then the
    /// files supporting the key; then shelf's own name, then an alias shelf knows.
    private static func rank(_ record: VocabularyEvidence.KeyRecord, _ field: CanonicalField) -> (Int, Int, Int, Int, String) {
        let key = record.spelling
        return (
            field == .authors && record.varies(as: field) ? 1 : 0,
            record.support[field] ?? 0,
            CanonicalField.fold(key) == CanonicalField.fold(field.rawValue) ? 1 : 0,
            CanonicalField(key: key) == field ? 1 : 0,
            key
        )
    }

    private static func plural(_ field: CanonicalField) -> String {
        switch field {
        case .authors: return "names"
        case .isbn: return "ISBNs"
        case .status: return "status words"
        case .rating: return "ratings"
        case .pages: return "page counts"
        case .published: return "dates or years"
        default: return "dates"
        }
    }

    private static func mismatch(_ field: CanonicalField) -> String {
        "most of its values are not \(plural(field))"
    }
}
