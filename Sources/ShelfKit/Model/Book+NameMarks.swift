/// Marks Chinese catalogues (and the WeRead and Douban cards copied from them) write around an
/// author's name that are not part of it: the nationality in brackets before it (`[美]`, `【德】`,
/// `（英）`) and a role after it (`等` "and others", `著` "wrote", `编`, `主编`, `编著` "edited").
/// shelf shows the name without them; the file keeps them until the name is set anew.
extension Book {
    private static let openings: [Character: Character] = ["[": "]", "【": "】", "（": "）", "(": ")", "〔": "〕"]
    private static let roles = ["等著", "等编", "主编", "编著", "等", "著", "编"]

    /// `name` without a nationality in brackets before it and a role word after it, when what is
    /// left is still a name of two characters or more; otherwise `name` as it is.
    static func withoutCatalogueMarks(_ name: String) -> String {
        // The marks are all beyond ASCII: most names need no look by character.
        guard name.utf8.contains(where: { $0 >= 0x80 }) else { return name }
        var rest = Substring(name)
        if let first = rest.first, let closing = openings[first], let end = rest.firstIndex(of: closing) {
            let inside = rest[rest.index(after: rest.startIndex)..<end]
            let after = rest[rest.index(after: end)...].drop { $0 == " " }
            if (1...3).contains(inside.count), inside.allSatisfy(isHan), after.count >= 2 { rest = after }
        }
        // Roles may follow one another (`马永武等编著`): each goes, so that reading the name
        // shown again gives the same name.
        while let role = roles.first(where: { rest.hasSuffix($0) }) {
            let kept = rest.dropLast(role.count)
            let trimmed = kept.reversed().drop { $0 == " " }
            // The role follows a Chinese name, never a Latin one (`Tom Lee 著` is not written).
            guard trimmed.count >= 2, let last = trimmed.first, isHan(last) || last == "·" || last == "•" else { break }
            rest = kept
            while rest.last == " " { rest = rest.dropLast() }
        }
        return rest.count == name.count ? name : String(rest)
    }

    /// A Han character (CJK unified ideographs and their first extension).
    static func isHan(_ character: Character) -> Bool {
        guard let scalar = character.unicodeScalars.first, character.unicodeScalars.count == 1 else { return false }
        return (0x4E00...0x9FFF).contains(scalar.value) || (0x3400...0x4DBF).contains(scalar.value)
    }
}

/// A contributor named beside the authors in one string (`Edgar Allan Poe, Illustrationen von Kat
/// Menschik`, `A, B (Illustrationen)`, `X, translated by Y`): the illustrator or translator, not
/// an author, so shelf does not show them among the authors.
extension Book {
    private static let rolePrefixes = [
        "illustrationen von", "illustriert von", "mit illustrationen von", "illustrated by", "illustrations by",
        "translated by", "übersetzt von", "aus dem englischen von", "übersetzung von",
    ]
    private static let roleSuffixes = [
        "(illustrationen)", "(illustrator)", "(illustrations)", "(übersetzer)", "(übersetzung)", "(translator)",
    ]

    /// `text` without its comma-separated parts that name an illustrator or a translator; `text`
    /// itself when it has none, or when nothing else would be left.
    static func withoutContributors(_ text: String) -> String {
        guard text.contains(",") else { return text }
        let parts = text.split(separator: ",", omittingEmptySubsequences: false)
        let kept = parts.filter { part in
            let folded = String(part).trimmingSpaces.lowercased()
            return !rolePrefixes.contains { folded.hasPrefix($0 + " ") } && !roleSuffixes.contains { folded.hasSuffix($0) }
        }
        guard kept.count < parts.count, !kept.isEmpty else { return text }
        return kept.joined(separator: ",")
    }
}
