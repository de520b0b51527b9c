import Foundation
import Testing

/// Shapes of sites and sync plugins the third held-out measure found misread (issue 45), read,
/// edited and carried through a JSON round trip by the built binary in folders without `shelf.yaml`.
@Suite struct VaultSiteShapeTests {
    /// A Hugo page per book whose book is a map of its own: the page's short title, the book's.
    static func readingLog() throws -> TemporaryLibrary {
        let page = { (title: String, author: String, book: String, year: Int) in
            "---\ntitle: \"\(title)\"\ndate: \(year)-10-02T21:04:28-04:00\ncategories:\n  - Fiction\nbook:\n  author: \"\(author)\"\n"
                + "  title: \"\(book)\"\n  publish_year: 1972\n  year_read: \(year)\n---\nA review.\n"
        }
        return try TemporaryLibrary(
            config: nil,
            books: [
                ("2020/cant-even/index.md", page("Cant Even", "Anne Helen Peterson", "Can't Even", 2020)),
                (
                    "2021/word-for-world/index.md",
                    page("Word for World Is Forest", "Ursula K. Le Guin", "The Word for World is Forest", 2021)
                ),
                ("2019/kindred/index.md", page("Kindred", "Octavia Butler", "Kindred", 2019)),
            ])
    }

    @Test func aBooksOwnMapGivesItsTitleAndTheYearItWasRead() throws {
        let site = try Self.readingLog()
        let env = ["SHELF_LIBRARY": site.root.path]
        let shown = try parseJSONObject(try site.run(["show", "2020/cant-even/index.md", "--format", "json"], environment: env).stdout)
        #expect(shown["title"] as? String == "Can't Even", "\(shown)")
        #expect(shown["status"] as? String == "read" && shown["finished"] as? String == "2020", "\(shown)")
        let other = try parseJSONObject(
            try site.run(["show", "2021/word-for-world/index.md", "--format", "json"], environment: env).stdout)
        #expect(other["title"] as? String == "The Word for World is Forest", "\(other)")

        // Setting what is shown writes nothing.
        let before = try site.snapshot()
        for assignment in ["title=Can't Even", "finished=2020", "status=read"] {
            let set = try site.run(["set", "2020/cant-even/index.md", assignment], environment: env)
            #expect(set.status == 0, "\(set)")
        }
        #expect(try site.snapshot() == before, "no-op edits write nothing")

        // A new title is the book's, written in its map; the page's own title stays.
        let renamed = try site.run(["set", "2019/kindred/index.md", "title=Kindred: A Novel"], environment: env)
        #expect(renamed.status == 0, "\(renamed)")
        let text = String(decoding: try site.bytes("2019/kindred/index.md"), as: UTF8.self)
        #expect(text.hasPrefix("---\ntitle: \"Kindred\"\n") && text.contains("  title: \"Kindred: A Novel\"\n"), "\(text)")
    }

    @Test func aHeadingEveryNoteOpensWithIsNotItsTitle() throws {
        let note = { (author: String, title: String) in
            "---\ndoc_type: weread-highlights-reviews\nauthor: \(author)\nisbn: 9787532183661\nlastReadDate: 2023-10-25\n---\n"
                + "# 元数据\n> - 书名： \(title)\n\n# 高亮划线\n"
        }
        let vault = try TemporaryLibrary(
            config: nil,
            books: [
                ("精品小说/冬泳.md", note("班宇", "冬泳")), ("心理/爱的艺术.md", note("艾里希·弗洛姆", "爱的艺术")),
                ("文学/小妇人.md", note("奥尔科特", "小妇人")),
            ])
        let env = ["SHELF_LIBRARY": vault.root.path]
        let shown = try parseJSONObject(try vault.run(["show", "精品小说/冬泳.md", "--format", "json"], environment: env).stdout)
        #expect(shown["title"] as? String == "冬泳", "\(shown)")
        let detect = try vault.run(["detect"], environment: env)
        #expect(detect.stdout.contains("section_headings: [元数据]\n"), "\(detect)")
        let before = try vault.snapshot()
        let set = try vault.run(["set", "精品小说/冬泳.md", "title=冬泳"], environment: env)
        #expect(set.status == 0, "\(set)")
        #expect(try vault.snapshot() == before, "the title shown set again writes nothing")

        // Where each note's heading is its own, the heading is still the title.
        let own = try TemporaryLibrary(
            config: nil,
            books: ["a", "b", "c"].map { ("\($0).md", "---\nauthor: Someone\n---\n# Book \($0.uppercased())\n\nNotes.\n") })
        let titled = try parseJSONObject(
            try own.run(["show", "b.md", "--format", "json"], environment: ["SHELF_LIBRARY": own.root.path]).stdout)
        #expect(titled["title"] as? String == "Book B", "\(titled)")
    }

    @Test func aPostsDateOnBooksStillToReadIsNoFinishedDateAndSurvivesAJSONRoundTrip() throws {
        let page = { (title: String, list: String) in
            "---\ndate: 2025-02-19T20:40:36+01:00\ntitle: \"\(title)\"\nparams:\n  author: \"Jane Harper\"\n  isbn: \"978-3-499-27250-9\"\n"
                + "booklists:\n  - \(list)\n---\nA summary.\n"
        }
        let site = try TemporaryLibrary(
            config: nil,
            books: [
                ("h/hitze/index.md", page("Hitze", "completed")), ("z/zwischen/index.md", page("Zwischen", "completed")),
                ("s/starve/index.md", page("Starve", "completed")), ("e/einfache/index.md", page("Einfache", "wishlist")),
                ("m/marsianer/index.md", page("Marsianer", "wishlist")),
            ])
        let shown = try parseJSONObject(
            try site.run(["show", "h/hitze/index.md", "--format", "json"], environment: ["SHELF_LIBRARY": site.root.path]).stdout)
        #expect(shown["status"] as? String == "read" && shown["finished"] == nil, "the page's date is not the day it was read: \(shown)")

        let export = try site.run(["export", "json"], environment: ["SHELF_LIBRARY": site.root.path])
        #expect(export.status == 0, "\(export)")
        let target = try TemporaryLibrary(config: nil, books: [])
        try target.write("books.json", export.stdout)
        let imported = try target.run(["import", "json", "books.json"], environment: ["SHELF_LIBRARY": target.root.path])
        #expect(imported.status == 0, "\(imported)")
        try FileManager.default.removeItem(atPath: target.path("books.json"))
        let again = try target.run(["export", "json"], environment: ["SHELF_LIBRARY": target.root.path])
        let before = try JSONSerialization.jsonObject(with: Data(export.stdout.utf8)) as? [[String: Any]] ?? []
        let after = try JSONSerialization.jsonObject(with: Data(again.stdout.utf8)) as? [[String: Any]] ?? []
        func dates(_ books: [[String: Any]]) -> [String] {
            books.map { "\($0["title"] ?? "") \($0["finished"] ?? "none") \($0["date"] ?? "none")" }.sorted()
        }
        #expect(after.count == 5 && dates(after) == dates(before), "\(export.stdout)\n---\n\(again.stdout)")
    }

    @Test func aStatusSetAgainInAnotherOfTheVaultsWordsWritesNothing() throws {
        let finished = { (title: String, word: String) in "---\ntitle: \(title)\nauthor: 达莱尔·哈夫\nreadingStatus: \(word)\n---\n" }
        let vault = try TemporaryLibrary(
            config: nil,
            books: [
                ("a.md", finished("统计数据会说谎", "读完")), ("b.md", finished("在轮下", "读完")), ("c.md", finished("百年孤独", "读完")),
                ("d.md", finished("禅宗哲学", "读过")),
            ])
        let env = ["SHELF_LIBRARY": vault.root.path]
        let before = try vault.snapshot()
        let set = try vault.run(["set", "d.md", "status=read"], environment: env)
        #expect(set.status == 0, "\(set)")
        #expect(try vault.snapshot() == before, "读过 is read already: \(set)")
        // `check --fix` still writes the vault's usual word, as asked.
        let fix = try vault.run(["check", "--fix"], environment: env)
        #expect(fix.status == 0, "\(fix)")
        try expectEditFile("d.md", in: vault, equals: finished("禅宗哲学", "读完"))
    }
}
