/// How people's own habits are read out of a value: Obsidian links, template placeholders,
/// booleans where a date goes.
enum WrittenText {
    /// True for a template's placeholder, which is no value yet: `{{title}}`, `{{date:YYYY-MM-DD}}`
    /// (Obsidian's core templates, Book Search), `<% tp.file.title %>` (Templater).
    static func isPlaceholder(_ text: String) -> Bool {
        // Every scalar of every book comes here: most hold neither `{` nor `<`, which one pass
        // over the bytes tells (a string search through Foundation took a fifth of a cold parse),
        // made over the stored bytes: stepping through `utf8` took 7% of a first index build.
        guard text.containsByte(where: { $0 == UInt8(ascii: "{") || $0 == UInt8(ascii: "<") }) else { return false }
        return (text.contains("{{") && text.contains("}}")) || (text.contains("<%") && text.contains("%>"))
    }

    /// The text a reader sees for an Obsidian link: `[[Ursula K. Le Guin]]` → `Ursula K. Le Guin`,
    /// `[[Books/Dune]]` → `Dune`, `[[people/ukl|Ursula K. Le Guin]]` → `Ursula K. Le Guin`. Any other
    /// text is returned as it is.
    static func unlinked(_ text: String) -> String {
        // The first byte rules out almost every text, without the string comparisons.
        guard text.utf8.first == UInt8(ascii: "["), text.hasPrefix("[["), text.hasSuffix("]]"), text.utf8.count > 4 else { return text }
        let inner = text.dropFirst(2).dropLast(2)
        guard !inner.contains("[[") && !inner.contains("]]") else { return text }
        let parts = inner.split(separator: "|", maxSplits: 1, omittingEmptySubsequences: false)
        if parts.count == 2, !String(parts[1]).trimmingSpaces.isEmpty { return String(parts[1]).trimmingSpaces }
        var target = Substring(parts.first ?? inner)
        // A heading or block inside the note (`Dune#Notes`) is not part of its name.
        if let hash = target.firstIndex(of: "#"), hash != target.startIndex { target = target[..<hash] }
        if let slash = target.lastIndex(of: "/") { target = target[target.index(after: slash)...] }
        if target.hasSuffix(".md") { target = target.dropLast(3) }
        let name = String(target).trimmingSpaces
        return name.isEmpty ? text : name
    }

    /// True for a word written where a date goes to say it is not known (`start: '?'`,
    /// `unknown`, `n/a`, `-`): no date, and nothing wrong.
    static func isUnknownDate(_ text: String) -> Bool {
        let word = text.trimmingSpaces.lowercased()
        return (!word.isEmpty && word.allSatisfy { $0 == "?" }) || unknownDateWords.contains(word)
    }

    private static let unknownDateWords: Set<String> = [
        "unknown", "n/a", "-", "--", "—", "tbd", "unbekannt", "desconocido", "inconnu", "未知",
    ]

    /// True for a year before the common era, as a publication year is written for the classics
    /// (`published: '-850'`, `500 BC`, `500 BCE`): shelf's dates start at year 1, so it is no date
    /// shelf compares, and nothing wrong.
    static func isYearBeforeCommonEra(_ text: String) -> Bool {
        var word = Substring(text.trimmingSpaces.lowercased())
        if word.hasPrefix("-") {
            word = word.dropFirst()
        } else {
            guard let suffix = [" bce", " bc", " b.c.", " b.c.e.", " v. chr."].first(where: { word.hasSuffix($0) }) else { return false }
            word = word.dropLast(suffix.count)
        }
        return (1...5).contains(word.count) && word.allSatisfy { $0.isASCII && $0.isNumber }
    }

    /// True for a plain YAML boolean: `published: false` or `draft: true` says nothing about a date.
    static func isBoolean(_ text: String) -> Bool {
        switch text.lowercased() {
        case "true", "false", "yes", "no", "on", "off": return true
        default: return false
        }
    }
}

extension FieldValue {
    /// The text of a value as its owner means it: a scalar's text, or an unquoted Obsidian link
    /// (`[[Dune]]`, which YAML reads as a list in a list) as `[[Dune]]`; nil for a template
    /// placeholder, a collection or null.
    var writtenText: String? {
        switch self {
        case .scalar(let text, _):
            return WrittenText.isPlaceholder(text) ? nil : text
        case .list(let items):
            guard items.count == 1, case .list(let inner) = items[0], inner.count == 1, case .scalar(let text, _) = inner[0] else {
                return nil
            }
            return "[[" + text + "]]"
        case .map, .null:
            return nil
        }
    }

    /// True for a value that names an unquoted link (`author: [[Ursula K. Le Guin]]`), which YAML
    /// reads as a list holding a list.
    var isBareLink: Bool {
        if case .list(let items) = self, items.count == 1, case .list = items[0] { return writtenText != nil }
        return false
    }
}
