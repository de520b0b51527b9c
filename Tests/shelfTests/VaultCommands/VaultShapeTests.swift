import Foundation
import Testing

/// The value shapes of real vaults (issue 45), read and edited by the built binary in folders
/// without `shelf.yaml`, as an owner first points shelf at them.
@Suite struct VaultShapeTests {
    /// The books `ls --format json` lists in `library`, by path.
    func books(_ library: TemporaryLibrary, sourceLocation: SourceLocation = #_sourceLocation) throws -> [String: [String: Any]] {
        let result = try library.run(["ls", "--format", "json"], environment: ["SHELF_LIBRARY": library.root.path])
        #expect(result.status == 0, "\(result)", sourceLocation: sourceLocation)
        let rows = try parseJSONArray(result.stdout)
        return Dictionary(rows.map { ($0["path"] as? String ?? "", $0) }, uniquingKeysWith: { first, _ in first })
    }

    @Test func hugoPageBundlesAreReadAndEditedInsideParams() throws {
        let dune = "---\ntitle: \"Dune\"\ndate: 2020-01-02\nparams:\n  author: Frank Herbert\n  isbn: \"9780441013593\"\n  publishingYear: 2016\n---\nA review.\n"
        let lhod = "---\ntitle: \"The Left Hand of Darkness\"\ndate: 2021-03-04\nparams:\n  author: Ursula K. Le Guin\n  publishingYear: 1969\n---\n"
        let site = try TemporaryLibrary(config: nil, books: [("content/books/dune/index.md", dune), ("content/books/lhod/index.md", lhod)])
        let listed = try books(site)
        #expect(listed["content/books/dune/index.md"]?["authors"] as? [String] == ["Frank Herbert"])
        #expect(listed["content/books/dune/index.md"]?["isbn"] as? String == "9780441013593")
        #expect(listed["content/books/lhod/index.md"]?["published"] as? String == "1969")
        let edit = try site.run(["set", "content/books/dune/index.md", "published=2017"], environment: ["SHELF_LIBRARY": site.root.path])
        #expect(edit.status == 0, "\(edit)")
        try expectEditFile("content/books/dune/index.md", in: site, equals: dune.replacingOccurrences(of: "2016", with: "2017"))
        let rate = try site.run(["rate", "content/books/lhod/index.md", "4"], environment: ["SHELF_LIBRARY": site.root.path])
        #expect(rate.status == 0, "\(rate)")
        // No page has a rating: shelf's own key, at the top (Hugo gives it to the page as a param too).
        try expectEditFile("content/books/lhod/index.md", in: site, equals: lhod.replacingOccurrences(of: "1969\n", with: "1969\nrating: 4\n"))
    }

    @Test func aStatusKeptAmongShelvesIsReadAndEditedInPlace() throws {
        let emma = "---\ntitle: Emma\nauthor: Jane Austen\nshelves: [to-read, favorites]\n---\n"
        let vault = try TemporaryLibrary(config: nil, books: [
            ("dune.md", "---\ntitle: Dune\nauthor: Frank Herbert\nshelves: [read]\n---\n"),
            ("emma.md", emma),
            ("ulysses.md", "---\ntitle: Ulysses\nauthor: James Joyce\nshelves: [currently-reading, classics]\n---\n"),
        ])
        let listed = try books(vault)
        #expect(listed["dune.md"]?["status"] as? String == "read")
        #expect(listed["emma.md"]?["status"] as? String == "to-read")
        #expect(listed["ulysses.md"]?["status"] as? String == "reading")
        let start = try vault.run(["start", "emma.md", "--date", "2026-01-02"], environment: ["SHELF_LIBRARY": vault.root.path])
        #expect(start.status == 0, "\(start)")
        let text = String(decoding: try vault.bytes("emma.md"), as: UTF8.self)
        // In the vault's own word for reading, in place of the status shelf; no status: key added.
        #expect(text.contains("shelves: [currently-reading, favorites]\n"), "\(text)")
        #expect(!text.contains("status:"), "\(text)")
    }

    @Test func aWeReadVaultIsReadInItsOwnWords() throws {
        let vault = try TemporaryLibrary(config: nil, books: [
            ("三体.md", "---\nname: 三体\nauthor: 刘慈欣\npublish: 重庆出版社\npublishyear: 2016年10月\nstatus: 想读\nrating: 无\n---\n"),
            ("活着.md", "---\nname: 活着\nauthor: 余华\npublishyear: 2012年8月5日\nstatus: 读过\nrating: 87.1%\n---\n"),
            ("围城.md", "---\nname: 围城\nauthor: 钱钟书\npublishyear: 1947年\nstatus: 弃读\n---\n"),
        ])
        let listed = try books(vault)
        #expect(listed["三体.md"]?["title"] as? String == "三体")
        #expect(listed["三体.md"]?["status"] as? String == "to-read")
        #expect(listed["三体.md"]?["published"] as? String == "2016年10月")
        #expect(listed["活着.md"]?["rating"] as? Double == 4.5)
        #expect(listed["围城.md"]?["status"] as? String == "abandoned")
        // No invalid date, no invalid rating (`无` is none), no unknown status.
        let check = try vault.run(["check", "--format", "json"], environment: ["SHELF_LIBRARY": vault.root.path])
        #expect(check.status == 0 && check.stdout == "[]\n", "\(check)")
    }

    @Test func templatesAndPagesAboutPeopleAreNotListed() throws {
        let vault = try TemporaryLibrary(config: nil, books: [
            ("dune.md", "---\ntitle: Dune\nauthor: Frank Herbert\nrating: 5\n---\n"),
            ("emma.md", "---\ntitle: Emma\nauthor: Jane Austen\n---\n"),
            ("solaris.md", "---\nauthor: Stanisław Lem\n---\n# Solaris\n"),
            ("zzz-template/book.md", "---\ntitle: \"{{title}}\"\nauthor: \"{{VALUE:author}}\"\nstatus: to-read\n---\n"),
            ("_authors/ukl.md", "---\nname: Ursula K. Le Guin\ntitle: Ursula K. Le Guin\n---\n"),
        ])
        #expect(try books(vault).keys.sorted() == ["dune.md", "emma.md", "solaris.md"])
        let check = try vault.run(["check", "--format", "json"], environment: ["SHELF_LIBRARY": vault.root.path])
        #expect(check.stdout == "[]\n", "no word of notes that are not books: \(check)")
    }

    @Test func aListOfReadDatesGrowsAndIsNeverEmptied() throws {
        let dune = "---\ntitle: Dune\nstatus: read\ndates_read: [2008-01-05, 2012-03-01]\n---\n"
        let vault = try TemporaryLibrary(books: [("dune.md", dune)])
        let stats = try vault.run(["stats", "--format", "json"])
        let reads = try parseJSONObject(stats.stdout)["reads"] as? [String: Any]
        #expect(reads?["reads"] as? Int == 2 && reads?["rereads"] as? Int == 1, "\(stats)")
        let again = try vault.run(["finish", "dune", "--again", "--date", "2025-04-21"])
        #expect(again.status == 0, "\(again)")
        // The day joins the list, plain as its other days; no reads: copy of the last one.
        try expectEditFile("dune.md", in: vault, equals: "---\ntitle: Dune\nstatus: read\ndates_read: [2008-01-05, 2012-03-01, 2025-04-21]\n---\n")
        let before = try vault.snapshot()
        let start = try vault.run(["start", "dune"])
        #expect(start.status != 0 && start.stderr.contains("edit it by hand"), "\(start)")
        #expect(try vault.snapshot() == before, "nothing written")
    }
}
