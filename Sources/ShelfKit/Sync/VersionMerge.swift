import Foundation

/// The merge of one other version of a book into ours, key by key, as minimal edits on ours.
///
/// With a common ancestor (`base`), a key one side changed takes that side. Without one, keys
/// only the other version has are added. Lists merge item by item. A scalar both sides changed
/// differently keeps the side `preferTheirs` picks, and the other value is returned as a
/// conflict, for the caller to record in the body: nothing is lost.
///
/// Values are compared in the library's vocabulary: two status words it reads as one status
/// (`finished` and `read`) are equal, and a key spelled differently on each side (`author` and
/// `authors`) is one field.
struct VersionMerge {
    /// A value both versions changed differently.
    struct Conflict: Sendable, Equatable {
        var key: String
        /// The value kept, and the value set aside, as written in their files.
        var kept: String
        var setAside: String
    }

    /// A scalar both versions changed differently, before it is decided: the values as written.
    struct Difference: Sendable, Equatable {
        var key: String
        var ours: String
        var theirs: String
    }

    /// The edits to ours, the conflicts, and the keys (as ours will write them) whose value now
    /// comes from theirs.
    struct FieldMerge: Sendable {
        var edits: [FieldEdit] = []
        var conflicts: [Conflict] = []
        var taken: [String] = []
    }

    let ours: BookDocument
    let theirs: BookDocument
    let base: BookDocument?
    let vocabulary: Vocabulary
    /// Without a base: a version theirs descends from as much as ours does (the original, when
    /// several conflict copies merge into it). A value theirs still has as this version had it
    /// is no change of theirs, so ours keeps its own without a conflict.
    let reference: BookDocument?

    init(ours: BookDocument, theirs: BookDocument, base: BookDocument?, vocabulary: Vocabulary, reference: BookDocument? = nil) {
        self.ours = ours
        self.theirs = theirs
        self.base = base
        self.vocabulary = vocabulary
        self.reference = reference
    }

    /// The edits that merge theirs' front matter into ours. `preferTheirs` decides each scalar
    /// both sides changed differently.
    func fieldEdits(preferTheirs: (Difference) -> Bool) -> FieldMerge {
        guard let oursMatter = ours.frontMatter, let theirsMatter = theirs.frontMatter else { return FieldMerge() }
        var result = FieldMerge()
        for (mineKey, otherKey) in pairedKeys(oursMatter, theirsMatter) {
            let mine = mineKey.flatMap { oursMatter.entry($0) }
            let other = otherKey.flatMap { theirsMatter.entry($0) }
            let key = mineKey ?? otherKey ?? ""
            let field = vocabulary.field(forKey: key)
            let original = [mineKey, otherKey].compactMap { $0 }.lazy.compactMap { self.base?.frontMatter?.entry($0) }.first
            let mineValue = mine.map { FieldValue($0.value) }
            let otherValue = other.map { FieldValue($0.value) }
            if same(mineValue, otherValue, field) { continue }
            if base != nil {
                let baseValue = original.map { FieldValue($0.value) }
                if same(mineValue, baseValue, field) {
                    result.edits += take(other, replacing: mine, key: key)
                    if other != nil { result.taken.append(mine?.key ?? other?.key ?? key) }
                    continue
                }
                if same(otherValue, baseValue, field) { continue }
            } else if let reference {
                let referenceEntry = [mineKey, otherKey].compactMap { $0 }.lazy.compactMap { reference.frontMatter?.entry($0) }.first
                let referenceValue = referenceEntry.map { FieldValue($0.value) }
                if same(otherValue, referenceValue, field) && !same(mineValue, referenceValue, field) { continue }
            }
            guard let mine, let mineValue else {
                result.edits += take(other, replacing: nil, key: key)
                if let other { result.taken.append(other.key) }
                continue
            }
            guard let other, let otherValue else { continue }
            if case .list(let mineItems) = mineValue, case .list(let otherItems) = otherValue {
                let baseItems: [FieldValue]? = original.map { FieldValue($0.value) }.flatMap {
                    if case .list(let items) = $0 { return items } else { return nil }
                }
                result.edits += listEdits(key: mine.key, mine: mineItems, other: otherItems, base: baseItems)
                continue
            }
            let mineText = ours.text(mine.value.range).trimmingSpaces
            let otherText = theirs.text(other.value.range).trimmingSpaces
            if preferTheirs(Difference(key: mine.key, ours: mineText, theirs: otherText)) {
                result.edits += take(other, replacing: mine, key: mine.key)
                result.taken.append(mine.key)
                result.conflicts.append(Conflict(key: mine.key, kept: otherText, setAside: mineText))
            } else {
                result.conflicts.append(Conflict(key: mine.key, kept: mineText, setAside: otherText))
            }
        }
        return result
    }

    /// The merged body lines: three-way with a base, else the union of both; `markers` writes
    /// git's conflict markers around regions both changed, else both sides are kept in turn.
    func mergedBody(markers: (ours: String, theirs: String)?) -> LineMerge.Result {
        let mine = VersionMerge.lines(ours.body)
        let other = VersionMerge.lines(theirs.body)
        guard let base else {
            let merged = LineMerge.union(mine, other)
            return LineMerge.Result(lines: merged, conflicts: 0)
        }
        let style: LineMerge.ConflictStyle = markers.map { .markers(ours: $0.ours, theirs: $0.theirs) } ?? .union
        return LineMerge.merge(base: VersionMerge.lines(base.body), ours: mine, theirs: other, style: style)
    }

    /// The lines of a body. "\r\n" is one Character in Swift, so CRLF is normalised first.
    static func lines(_ text: String) -> [String] {
        text.replacingOccurrences(of: "\r\n", with: "\n").split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }

    /// The keys to merge, as (ours' key, theirs' key) pairs: the same key on both sides, else a
    /// key one side alone has, paired with the other side's spelling of the same field when that
    /// spelling is one the first side lacks (`author:` here, `authors:` there).
    func pairedKeys(_ oursMatter: FrontMatter, _ theirsMatter: FrontMatter) -> [(String?, String?)] {
        var mineKeys: [String] = []
        for entry in oursMatter.entries where !mineKeys.contains(entry.key) { mineKeys.append(entry.key) }
        var otherKeys: [String] = []
        for entry in theirsMatter.entries where !otherKeys.contains(entry.key) { otherKeys.append(entry.key) }
        let otherOnly = otherKeys.filter { !mineKeys.contains($0) }
        var paired: Set<String> = []
        var pairs: [(String?, String?)] = []
        for key in mineKeys {
            if otherKeys.contains(key) {
                pairs.append((key, key))
            } else if let field = vocabulary.field(forKey: key),
                      let spelling = otherOnly.first(where: { !paired.contains($0) && vocabulary.field(forKey: $0) == field }) {
                paired.insert(spelling)
                pairs.append((key, spelling))
            } else {
                pairs.append((key, nil))
            }
        }
        for key in otherOnly where !paired.contains(key) { pairs.append((nil, key)) }
        return pairs
    }

    /// Two values (or two absences) that mean the same, whatever their quoting; and two values
    /// shelf reads as one: status words the vocabulary reads as one status (`finished`, `read`),
    /// the same number (`4`, `"4"`), date, yes/no, ISBN (`978-0-…`, `978…`), or tags differing
    /// only in case. A copy that differs only so is no conflict.
    func same(_ lhs: FieldValue?, _ rhs: FieldValue?, _ field: CanonicalField?) -> Bool {
        if VersionMerge.same(lhs, rhs) { return true }
        guard let field, let lhs, let rhs else { return false }
        if field == .tags, case .list(let left) = lhs, case .list(let right) = rhs {
            return left.map { $0.text.map(TextFolding.foldTag) } == right.map { $0.text.map(TextFolding.foldTag) }
        }
        guard let left = lhs.text?.trimmingSpaces, let right = rhs.text?.trimmingSpaces else { return false }
        return VersionMerge.sameReading(left, right, field: field, vocabulary: vocabulary)
    }

    /// Two scalar texts of a field that shelf reads as the same value.
    static func sameReading(_ left: String, _ right: String, field: CanonicalField, vocabulary: Vocabulary) -> Bool {
        func equal<Value: Equatable>(_ read: (String) -> Value?) -> Bool {
            guard let value = read(left) else { return false }
            return value == read(right)
        }
        switch field {
        case .status: return equal(vocabulary.status(fromWord:))
        case .rating, .pages, .seriesIndex: return equal { Double($0) }
        case .added, .started, .finished, .published: return equal { BookDate($0)?.canonicalText }
        case .isbn: return equal { ISBN.parse($0)?.isbn13 }
        case .favorite:
            return equal { (text: String) -> Bool? in
                switch text.lowercased() {
                case "true", "yes", "on", "y": return true
                case "false", "no", "off", "n": return false
                default: return nil
                }
            }
        default: return false
        }
    }

    /// Two values (or two absences) that mean the same, whatever their quoting.
    static func same(_ lhs: FieldValue?, _ rhs: FieldValue?) -> Bool {
        switch (lhs, rhs) {
        case (nil, nil): return true
        case let (left?, right?): return left.sameMeaning(as: right)
        default: return false
        }
    }

    /// The edits that give ours the other version's entry (or remove ours, when it has none).
    private func take(_ other: FrontMatterEntry?, replacing mine: FrontMatterEntry?, key: String) -> [FieldEdit] {
        let key = mine?.key ?? key
        guard let other else { return mine == nil ? [] : [.unset(key)] }
        if case .scalar(let scalar) = other.value, !scalar.isEmptyPlain, mine.map({ $0.value.scalar != nil }) ?? false {
            return [.set(key, .raw(theirs.text(scalar.range).trimmingSpaces))]
        }
        // A list of strings replacing a list stays where it is: its items change in place.
        if case .list(let items) = FieldValue(other.value), mine?.value.sequence != nil,
           let texts = Optional(items.compactMap(\.text)), texts.count == items.count {
            return [.set(key, .list(texts))]
        }
        let lines = theirs.text(other.lineRange)
        return (mine == nil ? [] : [.unset(key)]) + [.insertEntries(lines)]
    }

    /// Item-level list merge: the other side's new items are added; with a base, items it
    /// removed are removed.
    private func listEdits(key: String, mine: [FieldValue], other: [FieldValue], base: [FieldValue]?) -> [FieldEdit] {
        let mineTexts = mine.compactMap(\.text)
        let otherTexts = other.compactMap(\.text)
        let baseTexts = base?.compactMap(\.text) ?? []
        var edits: [FieldEdit] = []
        for item in otherTexts where !mineTexts.contains(item) && !baseTexts.contains(item) {
            edits.append(.add(key, item))
        }
        if base != nil {
            for item in baseTexts where !otherTexts.contains(item) && mineTexts.contains(item) {
                edits.append(.remove(key, item))
            }
        }
        return edits
    }
}
