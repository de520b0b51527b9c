/// One book kept in several languages, as Hugo keeps translations: `record.zh.md` beside
/// `record.en.md` (or beside `record.md`, the site's default language) in one folder. Where the
/// library keeps books so, the book is listed once, under one of its files — the one without a
/// language, else the first by name — and its edits go to that file; the others are its
/// translations, which `show` names.
public enum BookTranslations {
    /// The folder and stem a translation's path shares with its siblings (`book-x/record`), and
    /// whether it names a language: `record.zh.md`, `record.pt-br.md` do, `record.md` and
    /// `vol.iv.md` do not. Nil for a name that is neither (`notes.md` is a book of its own, its own stem).
    static func stem(of path: String) -> (stem: Substring, language: Bool)? {
        guard path.hasSuffix(".md") else { return nil }
        let base = path.dropLast(3)
        guard let (stem, code) = suffix(of: base) else { return (base, false) }
        guard isLanguage(code) else { return (base, false) }
        guard !stem.isEmpty, stem.last != "/" else { return nil }
        return (stem, true)
    }

    /// A name without `.md` split at its last dot (`record.zh` is `record` and `zh`); nil without one.
    private static func suffix(of base: Substring) -> (stem: Substring, code: Substring)? {
        guard let dot = base.lastIndex(of: "."), base[dot...].count > 1 else { return nil }
        let code = base[base.index(after: dot)...]
        guard !code.contains("/") else { return nil }
        return (base[..<dot], code)
    }

    /// A language code as sites name their pages' translations: ISO 639-1 (or a country code
    /// sites use for one, `cn`, `jp`), with a region or script after `-` (`pt-br`, `zh-hans`).
    static func isLanguage(_ code: Substring) -> Bool {
        let parts = code.split(separator: "-", omittingEmptySubsequences: false)
        guard languageCodes.contains(String(parts[0])) else { return false }
        return parts.count == 1
            || (parts.count == 2 && (2...4).contains(parts[1].count) && parts[1].allSatisfy { $0.isASCII && $0.isLetter })
    }

    private static let languageCodes: Set<String> = Set(
        """
        aa ab ae af ak am an ar as av ay az ba be bg bh bi bm bn bo br bs ca ce ch co cr cs cu cv cy da de dv dz ee el en eo es
        et eu fa ff fi fj fo fr fy ga gd gl gn gu gv ha he hi ho hr ht hu hy hz ia id ie ig ii ik io is it iu ja jv ka kg ki kj
        kk kl km kn ko kr ks ku kv kw ky la lb lg li ln lo lt lu lv mg mh mi mk ml mn mr ms mt my na nb nd ne ng nl nn no nr nv
        ny oc oj om or os pa pi pl ps pt qu rm rn ro ru rw sa sc sd se sg si sk sl sm sn so sq sr ss st su sv sw ta te tg th ti
        tk tl tn to tr ts tt tw ty ug uk ur uz ve vi vo wa wo xh yi yo za zh zu cn jp gr dk ua cz hk
        """.split(whereSeparator: \.isWhitespace).map(String.init))

    /// The files of each book kept in several languages in `paths` (the stem's files whose names
    /// give a language), when the library keeps books so: most of its names that give a language
    /// (and at least two) have a sibling without one or in another language. A stem that also has
    /// a name whose suffix is no language (`vol.iii.md`, `notes.v2.md`), or whose codes are all
    /// roman numerals (`vol.ii.md`, `vol.vi.md`), is numbered volumes or versions, never translations.
    static func translated(_ paths: [String]) -> [Substring: [String]] {
        var languages: [Substring: [String]] = [:]
        var numbered: Set<Substring> = []
        for path in paths {
            guard path.hasSuffix(".md"), let (stem, code) = suffix(of: path.dropLast(3)) else { continue }
            if isLanguage(code) { languages[stem, default: []].append(path) } else { numbered.insert(stem) }
        }
        // Most libraries have no name of the shape `x.ll.md`: nothing to group.
        guard !languages.isEmpty else { return [:] }
        let all = Set(paths)
        var supported = 0
        var named = 0
        var groups: [Substring: [String]] = [:]
        for (stem, files) in languages {
            named += files.count
            let romanOnly = files.allSatisfy { path in path.dropLast(3).reversed().prefix { $0 != "." }.allSatisfy { "ivx".contains($0) } }
            guard !numbered.contains(stem), !romanOnly, files.count > 1 || all.contains(String(stem) + ".md") else { continue }
            supported += files.count
            groups[stem] = files
        }
        return supported >= 2 && supported * 2 > named ? groups : [:]
    }

    /// `paths` (sorted) without the translations of a book listed under another of its files.
    static func listedOnce(_ paths: [String]) -> [String] {
        let groups = translated(paths)
        guard !groups.isEmpty else { return paths }
        let all = Set(paths)
        var leftOut: Set<String> = []
        for (stem, files) in groups {
            // Under the file without a language when there is one, else the first by name.
            leftOut.formUnion(all.contains(String(stem) + ".md") ? files : Array(files.dropFirst()))
        }
        return paths.filter { !leftOut.contains($0) }
    }

    /// The other files of the book at `relative`, in its folder (`record.zh.md` for
    /// `record.en.md`), sorted; empty when it has none, or when the library does not keep books
    /// in several languages (each file is then a book of its own).
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
        guard !found.isEmpty, let listed = try? BookFileScanner.scan(root: library.root) else { return [] }
        // Translations are listed once: where every file of the book is listed, each is a book of its own.
        let files = Set(listed)
        return found.contains(where: { !files.contains($0) }) || !files.contains(relative) ? found.sorted() : []
    }
}
