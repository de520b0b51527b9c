/// Makes a folder a library.
public enum LibraryInitializer {
    /// The `shelf.yaml` a new library starts with: every setting, commented.
    public static let defaultConfig = """
        # shelf library settings. Every book is a Markdown file in this folder (or below it).
        # See docs/format.md for the book file format.

        # File name for new books. Placeholders: {author} (first author's last name),
        # {title}, {year}. Names are lowercase ASCII slugs, e.g. le-guin-the-left-hand-of-darkness.md
        filename: "{author}-{title}"

        # Books to finish this year, shown on the dashboard.
        # goal: 30

        # Saved queries, run with @name: shelf ls @keepers
        # queries:
        #   keepers: "rating:5 -tag:reference"

        """

    /// Writes `shelf.yaml` into `folder`, creating the folder if needed (through the library's
    /// door: see `WriteSettingsAction.initialize`).
    /// - Returns: the path of the written file.
    /// - Throws: when the folder already holds a `shelf.yaml`, or cannot be written.
    public static func initialize(folder: String, preset: VocabularyPreset? = nil) throws -> String {
        try WriteSettingsAction.initialize(folder: folder, preset: preset)
    }
}
