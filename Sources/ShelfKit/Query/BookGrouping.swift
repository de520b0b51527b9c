/// Books split into sections by the values of a field. A book with several values (tags,
/// authors) appears in each of their sections; books without a value come last.
public enum BookGrouping {
    /// One section of a grouped listing.
    public struct Group: Sendable {
        /// The section's value; nil for books lacking the field.
        public var value: String?
        /// The section's books, in the listing's order.
        public var books: [Book]
    }

    /// Groups `books` (keeping their order within each group) by `field`. Dates group by year.
    public static func group(_ books: [Book], by field: String) -> [Group] {
        let canonical = CanonicalField(key: field)
        var order: [String] = []
        var members: [String: [Book]] = [:]
        var displays: [String: String] = [:]
        var missing: [Book] = []
        for book in books {
            let values = groupValues(of: book, field: field, canonical: canonical)
            if values.isEmpty { missing.append(book) }
            var seen = Set<String>()
            for value in values {
                let key = canonical == .tags ? TextFolding.foldTag(value) : TextFolding.fold(value)
                guard seen.insert(key).inserted else { continue }
                if members[key] == nil {
                    order.append(key)
                    displays[key] = value
                }
                members[key, default: []].append(book)
            }
        }
        let sorted = order.sorted { lhs, rhs in
            let left = displays[lhs] ?? lhs
            let right = displays[rhs] ?? rhs
            switch canonical {
            case .added?, .started?, .finished?, .published?, .rating?: return left > right
            case .status?: return (ReadingStatus(alias: left) ?? .abandoned) < (ReadingStatus(alias: right) ?? .abandoned)
            case .authors?: return BookSortKey.authorKey(left) < BookSortKey.authorKey(right)
            default: return TextFolding.fold(left) < TextFolding.fold(right)
            }
        }
        var groups = sorted.map { Group(value: displays[$0], books: members[$0] ?? []) }
        if !missing.isEmpty { groups.append(Group(value: nil, books: missing)) }
        return groups
    }

    private static func groupValues(of book: Book, field: String, canonical: CanonicalField?) -> [String] {
        switch canonical {
        case .added?, .started?, .finished?, .published?:
            return book.queryDate(of: field).map { [String($0.year)] } ?? []
        default:
            return book.queryTexts(of: field)
        }
    }
}
