extension FrontMatterEditor {
    /// Why the current value of `entry` is one shelf cannot read, so that replacing it would
    /// destroy something the owner wrote: a date in a form shelf does not parse, a rating or
    /// status it does not know, a wiki-link, a nested map or list where one value belongs.
    /// nil when the value is readable (or empty), or when `value` is a merge's raw token.
    func unreadableReason(_ entry: FrontMatterEntry, replacingWith value: NewValue) -> String? {
        if case .raw = value { return nil }
        let field = vocabulary.field(forKey: entry.key)
        switch FieldValue(entry.value) {
        case .null:
            return nil
        case .map:
            return "is a nested map"
        case .list(let items):
            if items.contains(where: { $0.text == nil }) { return "is a nested list (a wiki-link [[…]] unquoted reads so in YAML)" }
            if let link = items.compactMap(\.text).first(where: FrontMatterEditor.isWikiLink) { return "holds the wiki-link \(link)" }
            return field?.isList == true || field == nil || isListValue(value) ? nil : "is a list where shelf reads one value"
        case .scalar(let raw, _):
            let text = raw.trimmingSpaces
            if text.isEmpty { return nil }
            // A link replaced by a link (the edit keeps the owner's form) loses nothing.
            if FrontMatterEditor.isWikiLink(text) { return isLink(value) ? nil : "is a wiki-link" }
            guard let field else { return nil }
            return unreadableReason(text, as: field)
        }
    }

    /// The value of `entry` as written, shortened, for the message.
    func shownValue(of entry: FrontMatterEntry) -> String {
        let text = document.text(entry.value.range).trimmingSpaces.replacingOccurrences(of: "\n", with: " ")
        let short = text.count > 60 ? String(text.prefix(57)) + "…" : text
        return "'\(short)'"
    }

    private func unreadableReason(_ text: String, as field: CanonicalField) -> String? {
        switch field {
        case .added, .started, .finished, .published:
            // A word for "not known" (`?`) is replaced as freely as an empty value.
            return BookDate(text) == nil && !WrittenText.isUnknownDate(text)
                ? "is not a date shelf reads (YYYY-MM-DD, 21.04.2025, April 21, 2025…)" : nil
        case .rating:
            return Rating.read(text) == .invalid ? "is not a rating shelf reads (0.5 to 5 stars)" : nil
        case .status:
            return vocabulary.status(fromWord: text) == nil ? "is not a status shelf knows" : nil
        case .pages, .seriesIndex:
            return Double(text) == nil ? "is not a number" : nil
        default:
            return nil
        }
    }

    private func isLink(_ value: NewValue) -> Bool {
        if case .string(let text) = value { return FrontMatterEditor.isWikiLink(text) }
        return false
    }

    private func isListValue(_ value: NewValue) -> Bool {
        if case .list = value { return true }
        return false
    }

    /// `[[Target]]` or `[[Target|Alias]]`, Obsidian's link.
    static func isWikiLink(_ text: String) -> Bool {
        text.hasPrefix("[[") && text.hasSuffix("]]") && text.count > 4
    }
}
