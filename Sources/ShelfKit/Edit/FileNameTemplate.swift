/// Where shelf writes a new book: `filename:` (a template that may name folders, such as
/// `Books/{title}`) and `filename_style:` (`slug` or `as-written`) in shelf.yaml. Every command
/// that creates a book (add, import, highlights import, serve's add) asks this one type, so they
/// all put a book in the same place under the same name.
struct FileNameTemplate: Sendable, Equatable {
    /// How the placeholders' values become file names.
    enum Style: String, Sendable {
        /// Lowercase words joined by dashes (`le-guin-the-left-hand-of-darkness.md`); `-2` on a collision.
        case slug
        /// The words as written, Unicode and capitals kept, only the characters file systems or
        /// Obsidian links refuse replaced (`The Left Hand of Darkness.md`); ` 2` on a collision,
        /// as Obsidian and its Book Search plugin name files.
        case asWritten = "as-written"
    }

    /// A template shelf refuses, with the reason.
    struct Invalid: Error, Sendable, CustomStringConvertible {
        var template: String
        var reason: String
        var description: String { "shelf.yaml: filename \"\(template)\" \(reason); nothing was written" }
    }

    let template: String
    let style: Style
    /// Why the template cannot be used, or nil when it can.
    let problem: String?

    static let placeholders = ["{author}", "{title}", "{year}"]

    init(template: String, style: Style = .slug) {
        self.template = template
        self.style = style
        problem = FileNameTemplate.problem(in: template)
    }

    /// Throws when the template cannot be used; an action that creates books calls it first.
    func check() throws(Invalid) {
        if let problem { throw Invalid(template: template, reason: problem) }
    }

    /// The folder new books go to, relative to the library ("" for the root), for `book`: the
    /// template's parts before its last `/`, with their placeholders filled. A part that comes
    /// out empty (`{author}/` for a book without one) is left out.
    func folder(for book: Book) -> String {
        guard problem == nil else { return "" }
        let parts = template.split(separator: "/", omittingEmptySubsequences: false).dropLast()
        return parts.map { expandFolder(String($0), for: book) }.filter { !$0.isEmpty }.joined(separator: "/")
    }

    /// The file name (with `.md`) a book gets: the template's last part, in the style.
    func name(for book: Book) -> String {
        let last =
            problem == nil
            ? template.split(separator: "/", omittingEmptySubsequences: false).last.map(String.init) ?? template
            : LibraryConfig.defaultFilenameTemplate
        let name = style == .slug ? BookFileName.name(for: book, template: last) : BookFileName.writtenName(for: book, template: last)
        // A book titled `_index` must not become Hugo's section page, which shelf never reads.
        return BookFileScanner.isSiteIndex(name) ? "_index\(collisionSeparator)book.md" : name
    }

    /// The path (relative to the library) a new book is written at, before any collision suffix.
    func path(for book: Book) -> String {
        let folder = folder(for: book)
        return folder.isEmpty ? name(for: book) : folder + "/" + name(for: book)
    }

    /// What a collision adds before the number: `-2` for slugs, ` 2` for names as written.
    var collisionSeparator: String { style == .slug ? "-" : " " }

    /// A folder part: its own text kept as written, each placeholder's value cleaned so that it
    /// cannot add a folder or leave the library.
    private func expandFolder(_ part: String, for book: Book) -> String {
        var text = part
        for (placeholder, value) in BookFileName.placeholderValues(for: book) {
            let cleaned = style == .slug ? BookFileName.slug(value) : BookFileName.cleanedName(value)
            text = text.replacingOccurrences(of: placeholder, with: cleaned)
        }
        let folder = BookFileName.cleanedName(text)
        // An author called `Templates` must not send books where shelf never reads them.
        return BookFileScanner.isTemplateFolder(folder) ? folder + collisionSeparator + "books" : folder
    }

    /// Why a template would put books where shelf must not, or cannot read them back; nil when it is fine.
    static func problem(in template: String) -> String? {
        if template.hasPrefix("/") || template.hasPrefix("~") { return "is an absolute path: books stay inside the library" }
        if template.contains("\\") { return "has a backslash: folders are separated by /" }
        if template.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) { return "has a control character" }
        var rest = Substring(template)
        while let open = rest.firstIndex(of: "{") {
            guard let close = rest[open...].firstIndex(of: "}") else { return "has a { without its }" }
            let placeholder = String(rest[open...close])
            if !placeholders.contains(placeholder) {
                return "has the unknown placeholder \(placeholder): use {author}, {title} or {year}"
            }
            rest = rest[rest.index(after: close)...]
        }
        let parts = template.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        for part in parts {
            if part.trimmingSpaces.isEmpty { return "has an empty folder or file name (two / in a row, or one at the end)" }
            if part == "." || part == ".." { return "has \(part) as a folder: books stay inside the library, in the folders it names" }
            if part.hasPrefix(".") { return "names a hidden folder (\(part)): shelf does not read books there" }
        }
        for part in parts.dropLast() {
            if BookFileScanner.isTemplateFolder(part) { return "names a templates folder (\(part)): shelf does not read books there" }
            if let bad = part.first(where: { BookFileName.illegalInNames.contains($0) }) {
                return "has \(bad) in a folder name, which some file systems refuse"
            }
        }
        return nil
    }
}
