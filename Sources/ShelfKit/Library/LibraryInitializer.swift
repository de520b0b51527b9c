/// Makes a folder a library.
public enum LibraryInitializer {
    /// The `shelf.yaml` a new library starts with: every setting, commented.
    static let defaultConfig = """
        # shelf library settings. Every book is a Markdown file in this folder (or below it).
        # See docs/format.md for the book file format. Every key is optional.

        # File name for new books. Placeholders: {author} (first author's last name),
        # {title}, {year}; a / names folders inside the library ("Books/{title}").
        # Names are lowercase slugs that keep every script's letters, accents dropped from Latin
        # ones: le-guin-the-left-hand-of-darkness.md, булгаков-мастер-и-маргарита.md.
        filename: "{author}-{title}"

        # as-written keeps titles as they are (The Left Hand of Darkness.md), as Obsidian's
        # Book Search plugin names notes; only characters file systems refuse are replaced.
        # filename_style: slug

        # An example date in the style your notes write dates (2025/04/21, "[[2025-04-21]]");
        # a book's first date is written like it. Without it, shelf writes 2025-04-21.
        # date_style: 2025-04-21

        # Reading goals by year, shown by shelf goal and the dashboard. shelf goal 2026 --books 52
        # writes them (docs/reading.md).
        # goals:
        #   2026: {books: 52, pages: 15000}

        # Saved queries, run with @name: shelf ls @keepers (shelf help query).
        # queries:
        #   keepers: "rating:5 -tag:reference"

        # Your files' own key names, when another tool wrote them: shelf reads and writes these
        # keys instead of its own (docs/vocabularies.md; shelf detect proposes the map).
        # fields:
        #   authors: author
        #   rating: myRate

        # Your own status words, each mapped to to-read, reading, read or abandoned.
        # statuses:
        #   shelved: to-read

        # How many books a series has, for "3 of 5 read" in shelf series.
        # series_counts:
        #   Earthsea: 6

        """

    /// Writes `shelf.yaml` into `folder`, creating the folder if needed (through the library's
    /// door: see `WriteSettingsAction.initialize`).
    /// - Returns: the path of the written file.
    /// - Throws: when the folder already holds a `shelf.yaml`, or cannot be written.
    public static func initialize(folder: String, preset: VocabularyPreset? = nil) throws -> String {
        try WriteSettingsAction.initialize(folder: folder, preset: preset)
    }
}
