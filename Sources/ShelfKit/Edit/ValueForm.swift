/// Fits a new value to the form the file already writes it in, so that an edit that changes
/// nothing writes nothing, and one that changes a value keeps its owner's habits: `rating: "5"`
/// then `rate 5` is no change; `★★★☆☆` stays stars; `finished: April 21, 2025` takes the next
/// date in the same words; `author: "[[Frank Herbert]]"` stays one linked name.
enum ValueForm {
    /// What to write.
    enum Fitted: Equatable {
        /// The file already says this: write nothing.
        case unchanged
        case write(NewValue)
    }

    /// The value to write over `entry` (nil for a new key) for field `field`, in the file's form.
    /// - Parameter siblings: the front matter's other entries, whose date style a new date takes.
    static func fit(
        _ value: NewValue, over entry: FrontMatterEntry?, field: CanonicalField?, siblings: [FrontMatterEntry],
        vocabulary: Vocabulary
    ) -> Fitted {
        let old = entry.map { FieldValue($0.value) }
        // `readingStatus: 读过` where the vault's usual word for read is `读完`: the status the file
        // already says, set again, is no change, in whichever of the vault's words it is written.
        if field == .status, case .string(let text) = value, let written = old?.writtenText,
            let status = vocabulary.status(fromWord: WrittenText.unlinked(written)), vocabulary.status(fromWord: text) == status
        {
            return .unchanged
        }
        switch (field, value) {
        case (.rating?, .typed(let text)):
            return fitRating(text, old: old, node: entry?.value)
        case (.added?, .typed(let text)), (.started?, .typed(let text)), (.finished?, .typed(let text)), (.published?, .typed(let text)):
            return fitDate(text, old: old, node: entry?.value, siblings: siblings, vocabulary: vocabulary)
        case (.authors?, .list(let items)), (.genres?, .list(let items)):
            return fitNames(items, old: old, node: entry?.value, vocabulary: field == .authors ? vocabulary : .standard)
        case (_, .string(let text)):
            // `title: 1984` reads as the text 1984 to shelf: the same text, quoted, is no change.
            if field != nil, case .scalar(let written, isPlain: true)? = old, written.hasSameBytes(as: text) { return .unchanged }
            // `title: " Cheval de Troie"` is shown trimmed: the text shown, set, is no change.
            if field != nil, !text.isEmpty, case .scalar(let written, isPlain: false)? = old, written != text,
                written.trimmingSpaces == text
            {
                return .unchanged
            }
            guard let old, let written = old.writtenText, written.hasPrefix("[[") else { return .write(value) }
            // A link keeps being a link: the same text is no change, a new one is linked too.
            if WrittenText.unlinked(written) == text || written == text { return .unchanged }
            return linked("[[" + text + "]]", node: entry?.value)
        case (_, .typed(let text)):
            // `pages: "412"`: shelf reads a quoted number the same; the same number is no change
            // and a new one stays quoted.
            guard field != nil, case .scalar(let scalar)? = entry?.value, scalar.style == .singleQuoted || scalar.style == .doubleQuoted
            else { return .write(value) }
            return scalar.value == text ? .unchanged : .write(.string(text))
        default:
            return .write(value)
        }
    }

    private static func fitRating(_ text: String, old: FieldValue?, node: YAMLNode?) -> Fitted {
        guard let stars = Double(text), let oldText = old?.writtenText else { return .write(.typed(text)) }
        let reading = Rating.read(oldText)
        if reading == .stars(stars) { return .unchanged }
        guard reading != .invalid else { return .write(.typed(text)) }
        return inSameQuoting(Rating.text(stars, in: Rating.form(of: oldText)), node: node)
    }

    private static func fitDate(
        _ text: String, old: FieldValue?, node: YAMLNode?, siblings: [FrontMatterEntry], vocabulary: Vocabulary
    ) -> Fitted {
        guard let date = BookDate(text) else { return .write(.typed(text)) }
        if let oldText = old?.writtenText, let oldDate = BookDate(oldText) {
            if oldDate.canonicalText == date.canonicalText { return .unchanged }
            return styled(date, in: oldDate.style, node: node, fallback: text)
        }
        // A new date takes the style of the book's other dates.
        for sibling in siblings where vocabulary.field(forKey: sibling.key).map(ValueForm.isDate) == true {
            if let siblingText = FieldValue(sibling.value).writtenText, let siblingDate = BookDate(siblingText) {
                // An emptied key (`date_read:` kept between reads) has no quoting of its own.
                let ownNode = (old?.writtenText ?? "").isEmpty ? nil : node
                return styled(date, in: siblingDate.style, node: ownNode ?? sibling.value, fallback: text)
            }
        }
        // A book's first date takes the vault's style (`date_style:` in shelf.yaml).
        if let style = vocabulary.dateStyle { return styled(date, in: style, node: node, fallback: text) }
        return .write(.typed(text))
    }

    /// A new value of a date field in a new file, in the vault's style when it has one.
    static func dateForNewFile(_ text: String, vocabulary: Vocabulary) -> NewValue {
        guard let style = vocabulary.dateStyle, let date = BookDate(text),
            case .write(let value) = styled(date, in: style, node: nil, fallback: text)
        else { return .typed(text) }
        return value
    }

    private static func styled(_ date: BookDate, in style: BookDate.Style, node: YAMLNode?, fallback: String) -> Fitted {
        // A time is written as shelf writes it; an ISO date as the canonical text.
        guard date.minutes == nil else { return .write(.typed(fallback)) }
        // An ISO date as the canonical text, quoted where the old one (or a sibling) was.
        if style == .iso(separator: "-") { return inSameQuoting(fallback, node: node) }
        let text = date.text(in: style)
        if case .link = style { return linked(text, node: node) }
        return inSameQuoting(text, node: node)
    }

    private static func fitNames(_ items: [String], old: FieldValue?, node: YAMLNode?, vocabulary: Vocabulary) -> Fitted {
        guard let old else { return .write(.list(items)) }
        let names = Book.readNames(old, vocabulary: vocabulary)
        if names == items { return .unchanged }
        // One name where the file writes one name: it stays a scalar (a link stays a link).
        guard case .scalar(let scalar)? = node, !scalar.isEmptyPlain, items.count == 1, names.count <= 1 else {
            if old.isBareLink, items.count == 1 { return linked("[[" + items[0] + "]]", node: node) }
            return .write(.list(items))
        }
        if scalar.value.hasPrefix("[[") { return linked("[[" + items[0] + "]]", node: node) }
        return .write(.string(items[0]))
    }

    /// A linked text: quoted when the old value was a quoted scalar (in its quotes), as written
    /// when it was an unquoted link.
    private static func linked(_ text: String, node: YAMLNode?) -> Fitted {
        if case .sequence? = node { return .write(.raw(text)) }
        return .write(.string(text))
    }

    /// `text` quoted when the old scalar was quoted (its quotes kept), else written as a typed value.
    private static func inSameQuoting(_ text: String, node: YAMLNode?) -> Fitted {
        if case .scalar(let scalar)? = node, scalar.style == .singleQuoted || scalar.style == .doubleQuoted { return .write(.string(text)) }
        return .write(.typed(text))
    }

    static func isDate(_ field: CanonicalField) -> Bool {
        field == .added || field == .started || field == .finished || field == .published
    }
}
