import Foundation
import Testing

/// The owner's labels under another key than `tags` (`categories:`, `topics:`), read as tags in a
/// folder without `shelf.yaml` when they vary and some books have several; a key with one value
/// on nearly every note (`category: reading`) is the page's, and is read as neither tags nor genres.
@Suite struct VaultLabelTests {
    /// Twelve Hugo posts, each with `category: reading` and its own `categories:` list.
    static func site() throws -> TemporaryLibrary {
        let labels = [
            "Fiction", "Memoir", "Fiction", "History", "Science", "Fiction", "Essays", "Poetry", "Fiction", "Memoir", "Art", "Fiction",
        ]
        let books = labels.enumerated().map { index, label in
            // Two books of twelve have two labels: the owner labels, not classifies.
            let list = ["  - \(label)"] + (index % 6 == 5 ? ["  - Favourites"] : [])
            return (
                "2020/book-\(index)/index.md",
                "---\ntitle: \"Book \(index)\"\ncategory: reading\ncategories:\n\(list.joined(separator: "\n"))\nbook:\n  author: \"Ann Writer\"\n---\n"
            )
        }
        return try TemporaryLibrary(config: nil, books: books)
    }

    @Test func variedCategoriesAreTagsAndOneCategoryOnEveryPostIsNeither() throws {
        let site = try VaultLabelTests.site()
        let env = ["SHELF_LIBRARY": site.root.path]
        let shown = try site.run(["show", "Book 1", "--format", "json"], environment: env)
        let book = try parseJSONObject(shown.stdout)
        #expect(book["tags"] as? [String] == ["Memoir"], "\(shown)")
        #expect((book["genres"] as? [String] ?? []).isEmpty, "\(shown)")

        // Tagging a label the book has writes nothing; a new one goes into the owner's list.
        let before = try site.snapshot()
        let again = try site.run(["tag", "Book 1", "Memoir"], environment: env)
        #expect(again.status == 0, "\(again)")
        #expect(try site.snapshot() == before)
        let added = try site.run(["tag", "Book 1", "Travel"], environment: env)
        #expect(added.status == 0, "\(added)")
        try expectEditFile(
            "2020/book-1/index.md", in: site,
            equals: "---\ntitle: \"Book 1\"\ncategory: reading\ncategories:\n  - Memoir\n  - Travel\nbook:\n  author: \"Ann Writer\"\n---\n"
        )
    }
}
