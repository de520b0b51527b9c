/// Authors a note writes without an author key: inside its title (`title: "L'Assommoir - Émile
/// Zola"`, `"Dune by Frank Herbert"`), or on a Douban card line (`douban: {subtitle: "Tim Marshall
/// / 2015 / Elliott & Thompson"}`). Read only where no key gives the authors.
extension Book {
    /// A title that holds its author: the book's title, its authors, and the written part that
    /// holds them (` - Émile Zola` after the title, or `Agatha Christie - ` before it), which an
    /// edit of the title keeps.
    struct TitleWithAuthor: Equatable {
        var title: String
        var authors: [String]
        var kept: String
        var authorFirst: Bool
    }

    /// The title and author in `written`, split at `separator` (` - ` or ` by `), or nil when no
    /// side of it reads as a person's name. ` by ` has the author after it; ` - ` mostly too
    /// (`Title - Author`), else before it (`Agatha Christie - Mort sur le Nil`). With ` - `, which
    /// many titles hold for other reasons (`Castlevania - Aria of Sorrow`), a name must be two words
    /// or more (or one word the file's name gives as its author's part, `Voltaire_Candide.md`), and
    /// when the file's name holds words the title does not (`2022-02-24-Emile-Zola-L-Assommoir.md`),
    /// the name must share one of them.
    static func titleWithAuthor(in written: String, separator: String, path: String) -> TitleWithAuthor? {
        guard let last = written.range(of: separator, options: .backwards) else { return nil }
        let byWord = separator == " by "
        let stem = byWord ? "" : Book.fileStem(path)
        let fileWords = Book.words(of: stem)
        // `Voltaire_Candide.md`: the file named `Author_title`, its author's part before the `_`.
        let fileAuthorWords = stem.firstIndex(of: "_").map { Book.words(of: String(stem[..<$0])) } ?? []
        func attempt(author: Substring, title: Substring, kept: Substring, authorFirst: Bool) -> TitleWithAuthor? {
            let bare = String(title).trimmingSpaces
            guard bare.contains(where: \.isLetter) else { return nil }
            let names = Book.splitNamesInTitle(String(author).trimmingSpaces)
            let extra = fileWords.subtracting(Book.words(of: bare))
            let authorWords = Book.words(of: String(author))
            // One word is a name after ` by `, beside a longer one (`Arcadi et Boris Strougatski`),
            // or when the file's name gives it as the author's part (`Voltaire_Candide.md`).
            let oneWord = byWord || names.contains { $0.contains(" ") } || (!authorWords.isEmpty && fileAuthorWords == authorWords)
            guard !names.isEmpty, names.allSatisfy({ Book.readsAsNameInTitle($0, oneWord: oneWord) }) else { return nil }
            guard extra.isEmpty || !extra.isDisjoint(with: authorWords) else { return nil }
            return TitleWithAuthor(title: bare, authors: names, kept: String(kept), authorFirst: authorFirst)
        }
        if let split = attempt(
            author: written[last.upperBound...], title: written[..<last.lowerBound], kept: written[last.lowerBound...], authorFirst: false)
        {
            return split
        }
        guard !byWord, let first = written.range(of: separator) else { return nil }
        // Author first: the rest must be a title of words, not one word (`Warsow - LinuxFr`).
        let rest = written[first.upperBound...]
        guard rest.split(separator: " ").count > 1 else { return nil }
        return attempt(author: written[..<first.lowerBound], title: rest, kept: written[..<first.upperBound], authorFirst: true)
    }

    /// Several people in one written name: `Cormac McCarthy & Manu Larcenet`, `A, B and C`.
    static func splitNamesInTitle(_ text: String) -> [String] {
        var parts = [text]
        for separator in [", ", " & ", " and ", " et ", " und ", " y "] {
            parts = parts.flatMap { $0.components(separatedBy: separator) }
        }
        return parts.map(\.trimmingSpaces).filter { !$0.isEmpty }
    }

    /// A person's name as titles write it: capitalised words (`Ursula K. Le Guin`, `J.R.R.
    /// Tolkien`, `Jun'Ichiro Tanizaki`), particles inside (`Hervé Le Tellier`, `Bessel van der
    /// Kolk`), no digits, not starting with an article (`The Clone Wars`); one word only where
    /// `oneWord` (`Odyssey by Homer`).
    static func readsAsNameInTitle(_ name: String, oneWord: Bool) -> Bool {
        let words = name.split(separator: " ")
        guard (oneWord ? 1 : 2)...6 ~= words.count, !name.contains(where: { $0.isNumber || ":?!\"/".contains($0) }) else { return false }
        let articles: Set<String> = ["the", "a", "an", "le", "la", "les", "l'", "der", "die", "das", "el", "los", "las", "il", "un", "une"]
        let particles: Set<String> = [
            "de", "da", "di", "du", "des", "del", "della", "van", "von", "der", "den", "ter", "le", "la", "bin", "ibn", "al",
        ]
        guard let first = words.first, !articles.contains(first.lowercased()) else { return false }
        for (index, word) in words.enumerated() {
            let inner = index > 0 && index < words.count - 1
            if inner, particles.contains(word.lowercased()) { continue }
            guard let letter = word.first(where: \.isLetter), letter.isUppercase || !letter.isCased else { return false }
        }
        return true
    }

    /// A file's name without its folder, `.md`, a language (`.en`) and a leading date
    /// (`2022-02-24-`); a page bundle's `index.md` is named by its folder.
    static func fileStem(_ path: String) -> String {
        var parts = path.split(separator: "/")
        var name = parts.popLast().map(String.init) ?? path
        if ["index.md", "_index.md", "readme.md"].contains(name.lowercased()), let folder = parts.last { name = String(folder) }
        if name.hasSuffix(".md") { name = String(name.dropLast(3)) }
        if let translated = BookTranslations.stem(of: name + ".md"), translated.language { name = String(translated.stem) }
        let date = name.prefix { $0.isASCII && ($0.isNumber || $0 == "-" || $0 == "_") }
        return String(name.dropFirst(date.count))
    }

    /// The words of three letters or more in `text`, folded (`Émile` is `emile`).
    static func words(of text: String) -> Set<String> {
        Set(TextFolding.fold(text).split { !$0.isLetter }.filter { $0.count >= 3 }.map(String.init))
    }

    /// The Douban card line of a note (`douban: {subtitle: "Tim Marshall / 2015 / Elliott &
    /// Thompson"}`, "author / year / publisher", or "author / publisher / year"): its authors (when
    /// they read as names), year and publisher; nil when the note has none.
    static func doubanCard(in entries: [FieldEntry]) -> (authors: [String], year: BookDate?, publisher: String?)? {
        // Asked of every book a library loads: keys compared without making their folded copies.
        guard case .map(let inner)? = entries.last(where: { CanonicalField.fold($0.key, equals: "douban") })?.value,
            let line = inner.last(where: { CanonicalField.fold($0.key, equals: "subtitle") })?.value.writtenText
        else { return nil }
        let parts = line.components(separatedBy: " / ").map(\.trimmingSpaces)
        guard parts.count >= 2, let yearIndex = parts.firstIndex(where: { BookDate($0) != nil || ValueShape.isYear($0) }), yearIndex > 0
        else { return nil }
        var people = Array(parts[..<yearIndex])
        var publisher = parts[(yearIndex + 1)...].first { !$0.isEmpty && !$0.contains(where: \.isNumber) }
        if publisher == nil, people.count > 1 { publisher = people.removeLast() }
        let authors = people.flatMap { $0.components(separatedBy: " and ").flatMap { $0.components(separatedBy: " & ") } }
            .map(\.trimmingSpaces).filter { !$0.isEmpty }
        let year = BookDate(parts[yearIndex]) ?? BookDate(String(parts[yearIndex].prefix(4)))
        return (authors.allSatisfy(ValueShape.isPersonName) ? authors : [], year, publisher)
    }
}
