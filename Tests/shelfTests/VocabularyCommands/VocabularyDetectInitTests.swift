import Foundation
import Testing

/// `shelf detect` and `shelf init --preset` (docs/vocabularies.md, "Presets" and "shelf detect").
@Suite struct VocabularyDetectInitTests {
    /// The `shelf.yaml` a new library starts with, before any preset.
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

    static let pluginSummary = "Obsidian's Book Search plugin (author, category, publish, total, myRate, startReadDate…)"
    static let explanation = "# shelf reads and writes these keys instead of its own names (docs/vocabularies.md).\n"

    /// The documented map, in shelf's field order; `rating` as the files spell it.
    static func pluginFields(rating: String = "myRate") -> String {
        """
        fields:
          authors: author
          rating: \(rating)
          tags: tag
          added: created
          started: startReadDate
          finished: finishReadDate
          published: publish
          pages: total
          genres: category
        statuses:
          unread: to-read

        """
    }

    static let hugoFields = "fields:\n  authors: book_author\n  finished: date\n  genres: categories\n"

    @Test func initWithThePluginPresetWritesItsMap() throws {
        let vault = try vaultPlugin()
        let text = try vault.vaultText("shelf.yaml")
        let expected = Self.defaultConfig + "\n# Vocabulary: \(Self.pluginSummary)\n" + Self.explanation + Self.pluginFields()
        #expect(text.hasPrefix(expected), "\(text)")
        // The documented map is `unread → to-read`; a word that is shelf's own (`reading: reading`)
        // may be spelled out too, since it means the same.
        let rest = text.hasPrefix(expected) ? text.dropFirst(expected.count).split(separator: "\n").map(String.init) : []
        #expect(
            Set(rest).isSubset(of: [
                "  reading: reading", "  read: read", "# Several authors in one value are joined with commas (author: A, B).",
                "author_separator: \",\"",
            ]), "\(rest)")
    }

    @Test func initWithTheHugoPresetWritesItsMap() throws {
        let site = try vaultHugo()
        let result = try site.vaultRun(["init", "--preset", "hugo", site.path("content/books")])
        #expect(result.stdout.contains("content/books/shelf.yaml"), "\(result)")
        try vaultExpectFile(
            "content/books/shelf.yaml", in: site,
            equals: Self.defaultConfig
                + "\n# Vocabulary: Hugo/Jekyll book posts (book_author, categories, date)\n" + Self.explanation + Self.hugoFields
                + "# The post's keys, not the book's: read as your own keys, not as shelf's fields.\npost_keys: [publishDate]\n")
        // The posts now read in shelf's terms.
        let show = try site.run(["show", "dune", "--format", "json"], in: "content/books", environment: vaultClock)
        let book = try parseJSONObject(show.stdout)
        #expect(book["authors"] as? [String] == ["Frank Herbert"], "\(show)")
        #expect(book["genres"] as? [String] == ["sci-fi"], "\(show)")
        #expect(book["finished"] as? String == "2024-01-20", "\(show)")
    }

    @Test func initRefusesAnUnknownPreset() throws {
        let library = try TemporaryLibrary(config: nil)
        let result = try library.run(["init", "--preset", "notion", library.root.path])
        #expect(result.status != 0, "\(result)")
        #expect(result.stderr.contains("obsidian-book-search"), "\(result)")
        #expect(!FileManager.default.fileExists(atPath: library.path("shelf.yaml")))
    }

    @Test func detectProposesThePluginMapAndWritesNothing() throws {
        let vault = try vaultPlugin(initialize: false)
        let before = try vault.snapshot()
        let result = try vault.vaultRun(["detect", "--library", vault.root.path])
        #expect(result.stdout.hasPrefix("4 files with front matter. Keys, by how many files use them:\n"), "\(result)")
        #expect(result.stdoutLines.contains("  3  total → pages"), "\(result)")
        #expect(result.stdoutLines.contains("  2  myRate → rating"), "\(result)")
        #expect(result.stdout.contains("They look written by \(Self.pluginSummary). Files supporting each mapping:"), "\(result)")
        #expect(result.stdoutLines.contains("  rating: myRate — 1 of 4 files"), "\(result)")
        #expect(result.stdout.contains("\n" + Self.pluginFields()), "\(result)")
        #expect(result.stdout.contains("(nothing written; --write adds these to shelf.yaml)"), "\(result)")
        let after = try vault.snapshot()
        #expect(after == before, "detect without --write wrote \(after.differences(from: before))")
    }

    @Test func detectProposesTheFilesOwnSpelling() throws {
        let vault = try vaultPlugin(initialize: false)
        try vault.write("Books/dune.md", vaultDune.replacingOccurrences(of: "myRate: 5", with: "my_rate: 5"))
        try vault.write("Books/piranesi.md", vaultPiranesi.replacingOccurrences(of: "myRate:", with: "my_rate:"))
        let result = try vault.vaultRun(["detect"])
        #expect(result.stdout.contains("\n" + Self.pluginFields(rating: "my_rate")), "\(result)")
    }

    @Test func detectWriteCreatesShelfYAML() throws {
        let vault = try vaultPlugin(initialize: false)
        try vault.vaultRun(["detect", "--write"])
        try vaultExpectFile(
            "shelf.yaml", in: vault,
            equals: Self.defaultConfig + "\n# Vocabulary detected: \(Self.pluginSummary)\n"
                + Self.explanation + Self.pluginFields())
    }

    @Test func detectWriteAppendsToAnExistingShelfYAML() throws {
        let vault = try vaultPlugin(initialize: false)
        try vault.write("shelf.yaml", "# my vault\nfilename: \"{title}\"\ngoal: 12")
        let before = try vault.snapshot()
        try vault.vaultRun(["detect", "--write"])
        try vaultExpectFile(
            "shelf.yaml", in: vault,
            equals: "# my vault\nfilename: \"{title}\"\ngoal: 12\n"
                + "\n# Vocabulary detected: \(Self.pluginSummary)\n" + Self.explanation + Self.pluginFields())
        #expect(try vault.snapshot().differences(from: before) == ["shelf.yaml"])
        // The vault now reads and writes in its own words.
        #expect(try vault.vaultTitles(["pages:>300"]) == ["Dune", "The Left Hand of Darkness"])
        try vault.vaultRun(["set", "dune", "status=to-read"])
        try vaultExpectFile("Books/dune.md", in: vault, equals: vaultDune.replacingOccurrences(of: "status: read", with: "status: unread"))
    }

    @Test func detectWriteRefusesAShelfYAMLThatHasAMap() throws {
        let vault = try vaultPlugin()
        let before = try vault.snapshot()
        let result = try vault.run(["detect", "--write"], environment: vaultClock)
        #expect(result.status != 0, "\(result)")
        #expect(try vault.snapshot() == before)
    }

    @Test func detectProposesTheHugoMap() throws {
        let site = try vaultHugo()
        let before = try site.snapshot()
        let result = try site.vaultRun(["detect", "--library", site.path("content")])
        #expect(
            result.stdout.contains(
                "They look written by Hugo/Jekyll book posts (book_author, categories, date). Files supporting each mapping:"),
            "\(result)")
        #expect(result.stdoutLines.contains("  authors: book_author — 2 of 2 files"), "\(result)")
        // A post's `date` is the day it was posted: nothing in these files says a book was read then.
        #expect(
            result.stdout.contains("Not proposed: finished: date, since most files with it are not read yet: it is the post's date."),
            "\(result)")
        #expect(result.stdout.contains("\nfields:\n  authors: book_author\n  genres: categories\n"), "\(result)")
        #expect(!result.stdout.contains("statuses:"), "\(result)")
        #expect(try site.snapshot() == before)
    }

    @Test func detectProposesAPostDateAsFinishedWhenTheValuesSaySo() throws {
        let site = try vaultHugo()
        for name in ["dune", "piranesi"] {
            let text = try site.vaultText("content/books/\(name).md")
            try site.write(
                "content/books/\(name).md", text.replacingOccurrences(of: "draft: false\n", with: "draft: false\nstatus: read\n"))
        }
        let result = try site.vaultRun(["detect", "--library", site.path("content")])
        #expect(result.stdout.contains("\n" + Self.hugoFields), "\(result)")
        #expect(result.stdoutLines.contains("  finished: date — 2 of 2 files"), "\(result)")
    }

    @Test func detectProposesTheStatusWordsTheFilesUse() throws {
        let library = try TemporaryLibrary(
            config: nil,
            books: [
                ("a.md", bookFile("title: A\nstatus: completed")), ("b.md", bookFile("title: B\nstatus: completed")),
                ("c.md", bookFile("title: C\nstatus: want-to-read")), ("d.md", bookFile("title: D\nstatus: 📖")),
                ("e.md", bookFile("title: E\nstatus: dnf")), ("f.md", bookFile("title: F\nstatus: read")),
            ])
        let result = try library.run(["detect", "--write", "--library", library.root.path], environment: vaultClock)
        #expect(result.status == 0, "\(result)")
        let settings = try library.vaultText("shelf.yaml")
        for line in ["  want-to-read: to-read", "  📖: reading", "  completed: read", "  dnf: abandoned"] {
            #expect(settings.contains(line + "\n"), "\(settings)")
        }
        #expect(!settings.split(separator: "\n").contains { $0.hasPrefix("fields:") }, "\(settings)")
        // With the usual words declared, check --fix respells only the one rarer word (`read`,
        // where most files say `completed`), never the words the vault uses.
        try vaultAge(library)
        let before = try library.snapshot()
        let fix = try library.run(["check", "--fix", "--library", library.root.path], environment: vaultClock)
        #expect(fix.stdout == "fixed f.md: status written as completed\n", "\(fix)")
        #expect(try library.snapshot().differences(from: before) == ["f.md"])
    }

    @Test func detectOnACanonicalFolderSaysNoMapIsNeeded() throws {
        let library = try TemporaryLibrary(
            config: nil,
            books: [
                ("a.md", bookFile("title: Piranesi\nauthors:\n  - Susanna Clarke\npages: 272\nstatus: to-read\nadded: 2024-03-02")),
                ("b.md", bookFile("title: Dune\nauthor: Frank Herbert\nrating: 5\ntags: [sci-fi]\nfinished: 2024-01-20")),
            ])
        let before = try library.snapshot()
        let result = try library.vaultRun(["detect", "--write"])
        #expect(result.stdout.contains("no fields: map is needed"), "\(result)")
        #expect(!result.stdout.contains("fields:\n"), "\(result)")
        #expect(try library.snapshot() == before, "detect wrote where no map is needed")
    }
}
