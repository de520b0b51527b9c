/// One book kept in several languages, as Hugo keeps translations: `record.zh.md` beside
/// `record.en.md` (or beside `record.md`, the site's default language) in one folder. The book is
/// listed once, under one of its files — the one without a language, else the first by name —
/// and its edits go to that file; the others are its translations, which `show` names.
public enum BookTranslations {
    /// The folder and stem a translation's path shares with its siblings (`book-x/record`), and
    /// whether it names a language: `record.zh.md`, `record.pt-br.md` do, `record.md` does not.
    /// Nil for a name that is neither (`notes.md` is a book of its own, its own stem).
    static func stem(of path: String) -> (stem: Substring, language: Bool)? {
        guard path.hasSuffix(".md") else { return nil }
        let base = path.dropLast(3)
        guard let dot = base.lastIndex(of: "."), base[dot...].count > 1 else { return (base, false) }
        let code = base[base.index(after: dot)...]
        // A language code: two lowercase letters, with a region or script after `-` (`zh-hans`).
        let parts = code.split(separator: "-", omittingEmptySubsequences: false)
        guard parts[0].count == 2, parts[0].allSatisfy({ $0.isASCII && $0.isLowercase }),
            parts.count == 1 || (parts.count == 2 && (2...4).contains(parts[1].count) && parts[1].allSatisfy { $0.isASCII && $0.isLetter })
        else { return (base, false) }
        let stem = base[..<dot]
        guard !stem.isEmpty, stem.last != "/" else { return nil }
        return (stem, true)
    }

    /// `paths` (sorted) without the translations of a book listed under another of its files.
    static func listedOnce(_ paths: [String]) -> [String] {
        // Most libraries have no name of the shape `x.ll.md`: nothing to group.
        var languages: [Substring: [String]] = [:]
        for path in paths {
            guard let (stem, language) = stem(of: path), language else { continue }
            languages[stem, default: []].append(path)
        }
        guard !languages.isEmpty else { return paths }
        let all = Set(paths)
        var leftOut: Set<String> = []
        for (stem, files) in languages {
            let plain = String(stem) + ".md"
            if all.contains(plain) {
                leftOut.formUnion(files)
            } else if files.count > 1 {
                leftOut.formUnion(files.dropFirst())
            }
        }
        return leftOut.isEmpty ? paths : paths.filter { !leftOut.contains($0) }
    }

    /// The other files of the book at `relative`, in its folder (`record.zh.md` for
    /// `record.en.md`), sorted; empty when it has none.
    public static func others(of relative: String, in library: Library) -> [String] {
        guard let own = stem(of: relative) else { return [] }
        let slash = relative.lastIndex(of: "/")
        let folder = slash.map { String(relative[..<$0]) } ?? ""
        var found: [String] = []
        for name in FolderEntries(folder.isEmpty ? library.root : library.absolutePath(folder)) where BookFileScanner.isCandidate(name) {
            let path = folder.isEmpty ? name : folder + "/" + name
            guard path != relative, let other = stem(of: path), other.stem == own.stem, other.language || own.language else { continue }
            found.append(path)
        }
        return found.sorted()
    }
}
