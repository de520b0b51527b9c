import ArgumentParser
import Foundation
import ShelfKit

/// Values the shell completes from the library itself: tags, authors, statuses, series, saved
/// queries and book names. The shell runs shelf to ask; the library is found as for any command
/// (`--library` on the line being completed, `$SHELF_LIBRARY`, or the folder).
enum CompletionValues {
    /// Each tag once, in the spelling most books use (`sci-fi`, not the odd `Sci-Fi`), most
    /// used first.
    static func tags(_ words: [String], _ index: Int, _ prefix: String) -> [String] {
        guard let library = library(words), let loaded = try? library.load(withNotes: false) else { return [] }
        return loaded.index.tagCounts().map(\.tag)
    }

    static func authors(_ words: [String], _ index: Int, _ prefix: String) -> [String] {
        books(words).flatMap(\.authors).uniqued()
    }

    static func series(_ words: [String], _ index: Int, _ prefix: String) -> [String] {
        books(words).compactMap(\.series).uniqued()
    }

    static func statuses(_ words: [String], _ index: Int, _ prefix: String) -> [String] {
        ReadingStatus.allCases.map(\.rawValue)
    }

    /// Book file names without `.md`, relative to the library; and, once a word is typed, the
    /// books whose title or author starts with it, as names shelf resolves: the title from that
    /// word on (`left-hand-of-darkness`), or the author then the title
    /// (`ursula-k-le-guin-the-left-hand-of-darkness`). Shells keep the candidates that start
    /// with what was typed, so these are the forms that let a title or an author word complete.
    static func bookNames(_ words: [String], _ index: Int, _ prefix: String) -> [String] {
        let books = books(words)
        let stems = books.map { String($0.path.dropLast(3)) }
        // Words as the resolver reads them (any script, case and accents folded), joined by dashes.
        let dashed = { (text: String) in TextFolding.words(text).joined(separator: "-") }
        let typed = dashed(prefix)
        guard !typed.isEmpty else { return stems }
        var names = stems
        for book in books {
            let title = TextFolding.words(book.title)
            for start in title.indices { names.append(title[start...].joined(separator: "-")) }
            for author in book.authors {
                let name = TextFolding.words(author)
                for start in name.indices { names.append((name[start...] + title).joined(separator: "-")) }
            }
        }
        return names.filter { $0.hasPrefix(typed) || $0.hasPrefix(prefix) }.uniqued()
    }

    /// Saved queries as `@name`, and `tag:` terms.
    static func queryTerms(_ words: [String], _ index: Int, _ prefix: String) -> [String] {
        guard let library = library(words) else { return [] }
        let saved = library.queryParser(today: Clock.today()).savedQueries.keys.sorted().map { "@" + $0 }
        return saved + tags(words, index, prefix).map { "tag:" + $0 }
    }

    private static func library(_ words: [String]) -> Library? {
        let explicit = words.firstIndex(of: "--library").flatMap { words.indices.contains($0 + 1) ? words[$0 + 1] : nil }
        return try? Library.locate(explicit: explicit)
    }

    private static func books(_ words: [String]) -> [Book] {
        guard let library = library(words), let loaded = try? library.load(withNotes: false) else { return [] }
        return loaded.index.books
    }
}

extension Array where Element == String {
    /// The strings once each, in first-seen order, compared case-insensitively.
    func uniqued() -> [String] {
        var seen = Set<String>()
        return filter { seen.insert($0.lowercased()).inserted }
    }
}
