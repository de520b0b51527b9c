/// The edits that rename a tag across a library: the tag itself and every tag nested under it,
/// whatever their case, keeping each tag's place in its list.
struct TagRenamePlan: Sendable {
    struct Change: Sendable {
        var path: String
        var edits: [FieldEdit]
    }

    let changes: [Change]

    init(old: String, new: String, index: LibraryIndex) {
        let foldedOld = TextFolding.foldTag(old)
        var changes: [Change] = []
        for id in index.books(taggedWith: old) {
            let book = index.books[Int(id)]
            var edits: [FieldEdit] = []
            for tag in book.tags {
                let folded = TextFolding.foldTag(tag)
                guard TextFolding.tag(folded, matches: foldedOld) else { continue }
                let renamed = new + tag.dropFirst(tagPrefixLength(of: tag, matching: foldedOld))
                if renamed != tag { edits.append(.rename("tags", from: tag, to: renamed)) }
            }
            if !edits.isEmpty { changes.append(Change(path: book.path, edits: edits)) }
        }
        self.changes = changes
    }
}

/// How many characters of `tag` (which may start with `#`) the folded `prefix` covers.
private func tagPrefixLength(of tag: String, matching prefix: String) -> Int {
    let slashes = prefix.filter { $0 == "/" }.count
    var seen = 0
    for (offset, character) in tag.enumerated() where character == "/" {
        if seen == slashes { return offset }
        seen += 1
    }
    return tag.count
}
