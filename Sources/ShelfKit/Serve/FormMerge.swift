/// A web form merged three ways: the fields as the form showed them (`original`), as it was
/// posted (`mine`), and as the file has them now (`theirs`, after a change made elsewhere since
/// the form was rendered).
///
/// A field only the form changed is written; a field only the file changed is left as the file
/// has it; a field both changed to the same value is left alone; a list both changed merges item
/// by item (the form's additions and removals applied to the file's list). Only a field both
/// changed differently is a conflict, for the user to decide: nothing else is asked.
public struct FormMerge: Sendable {
    /// One field of the form, as form texts (a list as `FormList` writes it).
    public struct Field: Sendable, Equatable {
        var key: String
        /// As the form showed it; nil when the form did not say (then any difference between
        /// the form and the file is a conflict).
        var original: String?
        var mine: String
        var theirs: String
        /// A list, written in the form with a comma between items (`FormList`).
        var isList: Bool

        /// A field: its value when the form was made (`original`, nil when absent), the form's
        /// (`mine`) and the file's now (`theirs`); `isList` merges items one by one.
        public init(key: String, original: String?, mine: String, theirs: String, isList: Bool = false) {
            self.key = key
            self.original = original
            self.mine = mine
            self.theirs = theirs
            self.isList = isList
        }
    }

    /// A field both sides changed, differently: the form's value and the file's.
    public struct Conflict: Sendable, Equatable {
        /// The field's key.
        public var key: String
        /// The value the form sent.
        public var mine: String
        /// The value in the file now.
        public var theirs: String
    }

    /// A change to write to the file as it is now.
    enum Change: Sendable, Equatable {
        /// The field takes the form's value (an empty one removes the key).
        case value(key: String, text: String, isList: Bool)
        /// A list both changed: the items the form added and removed, applied to the file's list.
        case items(key: String, added: [String], removed: [String])
    }

    /// What to write, in the form's order.
    private(set) var changes: [Change] = []
    /// The fields to ask about.
    public private(set) var conflicts: [Conflict] = []
    /// Fields the file changed since the form was made and the merge keeps as the file has them
    /// (the form left them alone, made the same change, or its list changes were merged in).
    public private(set) var keptFromFile: [String] = []
    /// Every field as it stands after the merge, as form text; a conflict's field holds the
    /// file's value. A form made from these, against the file now, writes exactly `changes`.
    public private(set) var resolved: [(key: String, text: String)] = []

    /// - Parameter vocabulary: the library's, so that two spellings it reads as one value are
    ///   the same change (`2024-3-1` and `2024-03-01`, tags differing in case).
    public init(_ fields: [Field], vocabulary: Vocabulary = .standard) {
        for field in fields {
            let mine = field.mine.trimmingSpaces
            let theirs = field.theirs.trimmingSpaces
            let original = field.original?.trimmingSpaces
            let form = FormText(isList: field.isList, field: vocabulary.field(forKey: field.key), vocabulary: vocabulary)
            if let original, form.items(mine) == form.items(original) {
                // The form left it alone: the file's value stands, changed or not.
                resolved.append((field.key, theirs))
                if form.items(theirs) != form.items(original) { keptFromFile.append(field.key) }
                continue
            }
            if form.same(mine, theirs) {
                resolved.append((field.key, theirs))
                if let original, form.items(theirs) != form.items(original) { keptFromFile.append(field.key) }
                continue
            }
            if let original, form.items(theirs) == form.items(original) {
                changes.append(.value(key: field.key, text: mine, isList: field.isList))
                resolved.append((field.key, mine))
                continue
            }
            if let original, field.isList, let merged = form.mergedItems(original: original, mine: mine, theirs: theirs) {
                changes.append(.items(key: field.key, added: merged.added, removed: merged.removed))
                resolved.append((field.key, FormList.text(merged.items)))
                keptFromFile.append(field.key)
                continue
            }
            conflicts.append(Conflict(key: field.key, mine: mine, theirs: theirs))
            resolved.append((field.key, theirs))
        }
    }

    /// The edits that make `changes`, each checked as `shelf set` checks it (a rating of 7, an
    /// ISBN with a wrong check digit, an empty title are refused).
    public func edits() throws(EditError) -> [FieldEdit] {
        var edits: [FieldEdit] = []
        for change in changes {
            switch change {
            case let .value(key, text, isList):
                if isList, !text.isEmpty {
                    edits.append(.set(key, .list(FormList.items(text))))
                } else {
                    edits.append(try FieldAssignment(key: key, value: text).edit())
                }
            case let .items(key, added, removed):
                edits += removed.map { .remove(key, $0) } + added.map { .add(key, $0) }
            }
        }
        return edits
    }
}

/// How one field's form text is read and compared.
private struct FormText {
    var isList: Bool
    var field: CanonicalField?
    var vocabulary: Vocabulary

    /// A list's items (`FormList`); a scalar as one item.
    func items(_ text: String) -> [String] {
        isList ? FormList.items(text) : [text]
    }

    /// Two texts that mean the same: equal items (tags in any case), or two spellings shelf
    /// reads as one value (`4` and `4.0`, two ways of writing one date).
    func same(_ left: String, _ right: String) -> Bool {
        if items(left) == items(right) { return true }
        if isList {
            guard field == .tags else { return false }
            return items(left).map(TextFolding.foldTag) == items(right).map(TextFolding.foldTag)
        }
        guard let field, !left.isEmpty, !right.isEmpty else { return false }
        return VersionMerge.sameReading(left, right, field: field, vocabulary: vocabulary)
    }

    /// The file's list with the form's additions and removals; nil when the form only reordered
    /// the list (its order and the file's changes cannot both be kept, so that is asked).
    func mergedItems(original: String, mine: String, theirs: String) -> (items: [String], added: [String], removed: [String])? {
        let before = items(original), after = items(mine)
        let added = after.filter { !contains(before, $0) }
        let removed = before.filter { !contains(after, $0) }
        guard !added.isEmpty || !removed.isEmpty else { return nil }
        var merged = items(theirs).filter { !contains(removed, $0) }
        for item in added where !contains(merged, item) { merged.append(item) }
        return (merged, added, removed)
    }

    /// Whether a list holds an item, compared as the list's edits compare them (a tag in any case).
    private func contains(_ list: [String], _ item: String) -> Bool {
        field == .tags ? list.contains { TextFolding.foldTag($0) == TextFolding.foldTag(item) } : list.contains(item)
    }
}
