import Foundation

/// Merges another version of a book into ours, key by key, as minimal edits on ours.
///
/// With a common ancestor (`base`), a key one side changed takes that side. Without one, keys
/// only the other version has are added. Lists merge item by item. A scalar both sides changed
/// differently keeps the preferred side, and the other value is returned as a conflict, for the
/// caller to record in the body: nothing is lost.
public struct BookMerger {
    /// A value both versions changed differently.
    public struct Conflict: Sendable, Equatable {
        public var key: String
        /// The value kept, and the value set aside, as written in their files.
        public var kept: String
        public var setAside: String
    }

    public let ours: BookDocument
    public let theirs: BookDocument
    public let base: BookDocument?

    public init(ours: BookDocument, theirs: BookDocument, base: BookDocument?) {
        self.ours = ours
        self.theirs = theirs
        self.base = base
    }

    /// The edits to ours, and the conflicts. `preferTheirs` decides each conflicting scalar, by key.
    public func fieldEdits(preferTheirs: (String) -> Bool) -> (edits: [FieldEdit], conflicts: [Conflict]) {
        guard let oursMatter = ours.frontMatter, let theirsMatter = theirs.frontMatter else { return ([], []) }
        var edits: [FieldEdit] = []
        var conflicts: [Conflict] = []
        var keys = oursMatter.entries.map(\.key)
        for entry in theirsMatter.entries where !keys.contains(entry.key) { keys.append(entry.key) }
        for key in keys {
            let mine = oursMatter.entry(key)
            let other = theirsMatter.entry(key)
            let original = base?.frontMatter?.entry(key)
            let mineValue = mine.map { FieldValue($0.value) }
            let otherValue = other.map { FieldValue($0.value) }
            if BookMerger.same(mineValue, otherValue) { continue }
            if base != nil {
                let baseValue = original.map { FieldValue($0.value) }
                if BookMerger.same(mineValue, baseValue) {
                    edits += take(other, replacing: mine, key: key)
                    continue
                }
                if BookMerger.same(otherValue, baseValue) { continue }
            }
            guard let mine, let mineValue else {
                edits += take(other, replacing: nil, key: key)
                continue
            }
            guard let other, let otherValue else { continue }
            if case .list(let mineItems) = mineValue, case .list(let otherItems) = otherValue {
                let baseItems: [FieldValue]? = original.map { FieldValue($0.value) }.flatMap {
                    if case .list(let items) = $0 { return items } else { return nil }
                }
                edits += listEdits(key: key, mine: mineItems, other: otherItems, base: baseItems)
                continue
            }
            let mineText = ours.text(mine.value.range).trimmingSpaces
            let otherText = theirs.text(other.value.range).trimmingSpaces
            if preferTheirs(key) {
                edits += take(other, replacing: mine, key: key)
                conflicts.append(Conflict(key: key, kept: otherText, setAside: mineText))
            } else {
                conflicts.append(Conflict(key: key, kept: mineText, setAside: otherText))
            }
        }
        return (edits, conflicts)
    }

    /// The merged body lines: three-way with a base, else the union of both; `markers` writes
    /// git's conflict markers around regions both changed, else both sides are kept in turn.
    public func mergedBody(markers: (ours: String, theirs: String)?) -> LineMerge.Result {
        let mine = BookMerger.lines(ours.body)
        let other = BookMerger.lines(theirs.body)
        guard let base else {
            let merged = LineMerge.union(mine, other)
            return LineMerge.Result(lines: merged, conflicts: 0)
        }
        let style: LineMerge.ConflictStyle = markers.map { .markers(ours: $0.ours, theirs: $0.theirs) } ?? .union
        return LineMerge.merge(base: BookMerger.lines(base.body), ours: mine, theirs: other, style: style)
    }

    /// The lines of a body. "\r\n" is one Character in Swift, so CRLF is normalised first.
    public static func lines(_ text: String) -> [String] {
        text.replacingOccurrences(of: "\r\n", with: "\n").split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
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
