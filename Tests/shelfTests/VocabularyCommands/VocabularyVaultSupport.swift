import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// An Obsidian vault written by the Book Search plugin, a Hugo folder and a mixed folder, for the
// end-to-end tests of docs/vocabularies.md. Every name here starts with `vault` / `Vault`.

/// The clock every command of these tests runs at.
let vaultClock = ["SHELF_TODAY": "2024-03-05", "SHELF_NOW": "21:14"]

/// The plugin's default template: no myRate/startReadDate/finishReadDate keys yet.
let vaultLeftHand = """
    ---
    tag: 📚Book
    title: "The Left Hand of Darkness"
    subtitle: ""
    author: [Ursula K. Le Guin]
    category: [Fiction]
    publisher:
    publish: 1969-03-01
    total: 304
    isbn: 0441478123 9780441478125
    cover: https://example.com/lhod.jpg
    status: unread
    created: 2024-03-02 10:11:12
    updated: 2024-03-02 10:11:12
    ---

    """

/// A template with the reading keys, left empty where not yet known.
let vaultPiranesi = """
    ---
    tag: 📚Book
    title: "Piranesi"
    subtitle: ""
    author: [Susanna Clarke]
    category: [Fantasy]
    publisher: Bloomsbury
    publish: 2020-09-15
    total: 272
    isbn: 163557563X 9781635575637
    cover:
    status: reading
    created: 2024-02-01 08:00:00
    updated: 2024-02-01 08:00:00
    myRate:
    startReadDate: 2024-02-01
    finishReadDate:
    ---

    """

let vaultDune = """
    ---
    tag: [📚Book, sci-fi]
    title: "Dune"
    subtitle: ""
    author: [Frank Herbert]
    category: [Fiction]
    publisher:
    publish: 1965
    total: 412
    isbn: 0441172717 9780441172719
    cover:
    status: read
    created: 2024-01-05 09:30:00
    updated: 2024-01-20 18:00:00
    myRate: 5
    startReadDate: 2024-01-05
    finishReadDate: 2024-01-20
    ---
    My notes.

    """

/// A daily note: front matter, but no title. Not a book; never touched.
let vaultDaily = """
    ---
    created: 2024-03-02 10:11:12
    tags: [daily]
    ---
    # Saturday

    - [ ] read Dune

    """

/// The plugin's template inside `.obsidian/`: it has a title, but a hidden folder is never read.
let vaultHiddenTemplate = """
    ---
    tag: 📚Book
    title: "{{title}}"
    author: [{{author}}]
    status: unread
    ---

    """

/// Paths of the files in the vault that are not books.
let vaultBystanders = ["Daily/2024-03-02.md", ".obsidian/templates/book.md", ".obsidian/app.json"]

/// A vault with the plugin's notes under `Books/`, a daily note and `.obsidian/`. With
/// `initialize`, `shelf init --preset obsidian-book-search` writes its shelf.yaml.
func vaultPlugin(initialize: Bool = true) throws -> TemporaryLibrary {
    let library = try TemporaryLibrary(
        config: nil,
        books: [
            ("Books/left-hand.md", vaultLeftHand), ("Books/piranesi.md", vaultPiranesi), ("Books/dune.md", vaultDune),
            ("Daily/2024-03-02.md", vaultDaily), (".obsidian/templates/book.md", vaultHiddenTemplate),
            (".obsidian/app.json", "{\"legacyEditor\": false}\n"),
        ])
    if initialize {
        let result = try library.run(["init", "--preset", "obsidian-book-search", library.root.path])
        #expect(result.status == 0, "\(result)")
    }
    try vaultAge(library)
    return library
}

/// Hugo posts about books.
func vaultHugo() throws -> TemporaryLibrary {
    func post(_ title: String, _ author: String, _ date: String, _ category: String) -> String {
        "---\ntitle: \"\(title)\"\ndate: \(date)\ncategories: [\(category)]\nbook_author: \(author)\ndraft: false\n---\nA review.\n"
    }
    return try TemporaryLibrary(
        config: nil,
        books: [
            ("content/books/dune.md", post("Dune", "Frank Herbert", "2024-01-20", "sci-fi")),
            ("content/books/piranesi.md", post("Piranesi", "Susanna Clarke", "2024-02-11", "fantasy")),
            ("content/_index.md", "---\ntitle: \"Books\"\ndraft: false\n---\n"),
        ])
}

/// Sets every file's modification time to a moment in the past, so a write shows.
func vaultAge(_ library: TemporaryLibrary) throws {
    guard let walker = FileManager.default.enumerator(atPath: library.root.path) else { return }
    while let relative = walker.nextObject() as? String {
        var times = [timeval(tv_sec: 1_000_000_000, tv_usec: 0), timeval(tv_sec: 1_000_000_000, tv_usec: 0)]
        _ = utimes(library.path(relative), &times)
    }
}

extension TemporaryLibrary {
    /// Runs shelf at the fixed test clock and expects success.
    @discardableResult
    func vaultRun(_ args: [String], sourceLocation: SourceLocation = #_sourceLocation) throws -> CommandResult {
        let result = try run(args, environment: vaultClock)
        #expect(result.status == 0, "shelf \(args.joined(separator: " ")): \(result)", sourceLocation: sourceLocation)
        return result
    }

    /// The text of a file.
    func vaultText(_ relative: String) throws -> String {
        String(decoding: try bytes(relative), as: UTF8.self)
    }

    /// Titles `shelf ls` prints as JSON for `args`, sorted.
    func vaultTitles(_ args: [String] = [], sourceLocation: SourceLocation = #_sourceLocation) throws -> [String] {
        let result = try vaultRun(["ls", "--format", "json"] + args, sourceLocation: sourceLocation)
        return try parseJSONArray(result.stdout).compactMap { $0["title"] as? String }.sorted()
    }
}

/// Expects that the files that are not books kept their bytes and modification times.
func vaultExpectBystandersUntouched(
    _ before: FolderSnapshot, _ library: TemporaryLibrary, after command: String,
    sourceLocation: SourceLocation = #_sourceLocation
) throws {
    let now = try library.snapshot()
    for path in vaultBystanders {
        #expect(
            now.entries[path] != nil && now.entries[path] == before.entries[path],
            "\(path) changed after \(command)", sourceLocation: sourceLocation)
    }
}

/// Expects a file's exact bytes, showing both texts on failure.
func vaultExpectFile(
    _ relative: String, in library: TemporaryLibrary, equals expected: String,
    sourceLocation: SourceLocation = #_sourceLocation
) throws {
    let actual = try library.bytes(relative)
    #expect(
        actual == Array(expected.utf8),
        "\(relative)\n--- expected ---\n\(expected)--- actual ---\n\(String(decoding: actual, as: UTF8.self))---",
        sourceLocation: sourceLocation)
}
