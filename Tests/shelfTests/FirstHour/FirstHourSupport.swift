import Foundation

/// The small library the first-hour tests run on: a handful of books with tags, ratings and
/// statuses that typos can be made against.
enum FirstHour {
    static let books: [(String, String)] = [
        (
            "le-guin-the-left-hand-of-darkness.md",
            bookFile(
                "title: The Left Hand of Darkness\nauthors: [Ursula K. Le Guin]\nstatus: read\nrating: 5\ntags: [sci-fi, classics]\nfinished: 2025-03-02",
                body: "Estraven on the ice.\n")
        ),
        (
            "herbert-dune.md",
            bookFile(
                "title: Dune\nauthors: [Frank Herbert]\nstatus: reading\nrating: 4\ntags: [sci-fi]\npublisher: Chilton")
        ),
        (
            "austen-emma.md",
            bookFile(
                "title: Emma\nauthors: [Jane Austen]\nstatus: read\nrating: 3\ntags: [classics]\nfinished: 2024-11-20")
        ),
        (
            "tolstoy-anna-karenina.md",
            bookFile(
                "title: Anna Karenina\nauthors: [Leo Tolstoy]\nstatus: to-read\ntags: [classics, russian]")
        ),
    ]

    static func library() throws -> TemporaryLibrary {
        try TemporaryLibrary(books: books)
    }

    /// Every command path of shelf (`["ls"]`, `["tags", "rename"]`…), from the parser's own
    /// description of the tree (`--experimental-dump-help`), so new commands are covered too.
    static func commandPaths(in library: TemporaryLibrary) throws -> [[String]] {
        let dump = try library.run(["--experimental-dump-help"])
        let object = try parseJSONObject(dump.stdout)
        guard let root = object["command"] as? [String: Any] else { throw ShelfTestError("no command in \(dump)") }
        var paths: [[String]] = []
        func walk(_ command: [String: Any], path: [String]) {
            for sub in command["subcommands"] as? [[String: Any]] ?? [] {
                guard let name = sub["commandName"] as? String, name != "help", sub["shouldDisplay"] as? Bool ?? true else { continue }
                paths.append(path + [name])
                walk(sub, path: path + [name])
            }
        }
        walk(root, path: [])
        return paths
    }
}
