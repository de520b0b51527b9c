/// What a folder's files say about their owner's habits beyond key names, for `shelf detect`:
/// authors joined by commas, the style dates are written in, where and under which names the
/// notes are kept, and Hugo's post keys (drafts, post dates).
struct VaultHabits {
    /// Files whose author is one value of several full names joined by commas (`A, B`).
    private(set) var commaLists = 0
    /// Files whose author has a comma that belongs to one name (`Le Guin, Ursula K.`).
    private(set) var commaNames = 0
    /// Files whose tags are one string of several words and no comma (`tags: ecology power`).
    private(set) var spacedTagStrings = 0
    /// Files whose tags are one string holding a comma (`tags: a, b`).
    private(set) var commaTagStrings = 0
    /// Per date style (as an example date), the files whose first full date is in it.
    private(set) var dateStyles: [String: Int] = [:]
    /// Per folder ("" for the root): files with a title, and those named by it as written.
    private var titled: [String: (files: Int, named: Int)] = [:]
    /// Files marked `draft: true` (Hugo, Jekyll).
    private(set) var drafts: [String] = []
    /// Hugo's post keys with the files using each.
    private(set) var postKeys: [String: Int] = [:]

    /// The date every style example is written from.
    static let exampleDate = BookDate(year: 2025, month: 4, day: 21)
    static let hugoPostKeys = ["date", "publishDate", "lastmod", "draft", "slug", "expiryDate"]

    /// Records one file.
    mutating func record(_ entries: [FieldEntry], path: String) {
        var firstStyle: String?
        for entry in entries {
            let folded = CanonicalField.fold(entry.key)
            if let hugo = VaultHabits.hugoPostKeys.first(where: { CanonicalField.fold($0) == folded }) { postKeys[hugo, default: 0] += 1 }
            if folded == "draft", entry.value.text?.lowercased() == "true" { drafts.append(path) }
            let field = VaultHabits.field(ofKey: entry.key)
            if field == .authors, case .scalar(let text, _) = entry.value {
                switch VaultHabits.commaShape(text) {
                case .list?: commaLists += 1
                case .oneName?: commaNames += 1
                case nil: break
                }
            }
            if field == .tags, case .scalar(let text, _) = entry.value {
                if text.contains(",") { commaTagStrings += 1 } else if text.trimmingSpaces.contains(" ") { spacedTagStrings += 1 }
            }
            if firstStyle == nil, let field, ValueForm.isDate(field), let text = entry.value.writtenText,
                let date = BookDate(text.trimmingSpaces), date.day != nil, date.minutes == nil
            {
                firstStyle = VaultHabits.exampleDate.text(in: date.style)
            }
        }
        if let firstStyle { dateStyles[firstStyle, default: 0] += 1 }
        if let title = entries.first(where: { CanonicalField(key: $0.key) == .title })?.value.writtenText, !title.isEmpty {
            let slash = path.lastIndex(of: "/")
            let folder = slash.map { String(path[..<$0]) } ?? ""
            let stem = String(path.dropFirst(slash == nil ? 0 : folder.count + 1).dropLast(3))
            var counts = titled[folder] ?? (0, 0)
            counts.files += 1
            if stem == BookFileName.cleanedName(title) { counts.named += 1 }
            titled[folder] = counts
        }
    }

    /// True when the files join several authors with commas consistently: at least three files
    /// of several full names, and at most one in ten whose comma is one name's (`Le Guin,
    /// Ursula K.`). With a tool that writes them so (`expected`), more lists than names suffice.
    func joinsNamesWithCommas(expected: Bool) -> Bool {
        expected ? commaLists > commaNames : commaLists >= 3 && commaLists >= commaNames * 10
    }

    /// True when the files write their tags as one string of words, as Jekyll reads them: at
    /// least three such files, and none whose tag string holds a comma.
    var separatesTagsWithSpaces: Bool { spacedTagStrings >= 3 && commaTagStrings == 0 }

    /// The style most files write their dates in, as an example date, when it is not shelf's
    /// own: at least three files, and more than half of those with a date.
    var usualDateStyle: (example: String, files: Int, of: Int)? {
        let total = dateStyles.values.reduce(0, +)
        guard let best = dateStyles.max(by: { ($0.value, $1.key) < ($1.value, $0.key) }),
            best.key != VaultHabits.exampleDate.canonicalText, best.value >= 3, best.value * 2 > total
        else { return nil }
        return (best.key, best.value, total)
    }

    /// The `filename:` template of the files' layout, when at least three notes and two thirds
    /// of all the notes with a title sit in one folder named by their title as written
    /// (`Books/The Left Hand of Darkness.md`, the Obsidian Book Search plugin's way).
    var titleLayout: (template: String, files: Int, of: Int)? {
        let total = titled.values.reduce(0) { $0 + $1.files }
        guard let best = titled.max(by: { ($0.value.named, $1.key) < ($1.value.named, $0.key) }),
            best.value.named >= 3, best.value.named * 3 >= total * 2
        else { return nil }
        let template = best.key.isEmpty ? "{title}" : best.key + "/{title}"
        guard FileNameTemplate.problem(in: template) == nil else { return nil }
        return (template, best.value.named, total)
    }

    /// How a comma sits in an author value.
    enum CommaShape {
        /// Several full names (`Neil Gaiman, Terry Pratchett`).
        case list
        /// One name written family name first, or with a suffix (`Le Guin, Ursula K.`, `King, Jr.`).
        case oneName
    }

    /// The shape of an author value holding a comma; nil without one.
    static func commaShape(_ text: String) -> CommaShape? {
        guard text.contains(",") else { return nil }
        let parts = text.split(separator: ",").map { String($0).trimmingSpaces }.filter {
            !$0.isEmpty && !BookFileName.nameSuffixes.contains($0.lowercased())
        }
        return parts.count >= 2 && parts.allSatisfy(looksLikeFullName) ? .list : .oneName
    }

    /// Two words or more, not ending in an initial (`Ursula K.`), not starting with a family
    /// name's particle (`Le Guin`, `van Vogt`).
    private static func looksLikeFullName(_ part: String) -> Bool {
        let words = part.split(separator: " ")
        guard words.count >= 2, let first = words.first, let last = words.last else { return false }
        let isInitial = last.count <= 2 && (last.hasSuffix(".") || last.count == 1)
        return !isInitial && !particles.contains(first.lowercased())
    }

    private static let particles: Set<String> = [
        "le", "la", "de", "du", "des", "da", "di", "del", "della", "van", "von", "der", "den",
        "ten", "ter", "al", "el", "st.", "mac", "mc", "o'",
    ]

    /// The field a key stands for in shelf's names or any known tool's.
    private static func field(ofKey key: String) -> CanonicalField? {
        if let field = CanonicalField(key: key) { return field }
        for preset in VocabularyPreset.all where preset.name != VocabularyPreset.hugo.name {
            if let field = preset.vocabulary.field(forKey: key) { return field }
        }
        return CanonicalField.fold(key) == "bookauthor" ? .authors : nil
    }
}
