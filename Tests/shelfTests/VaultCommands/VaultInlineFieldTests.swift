import Foundation
import Testing

/// Dataview's inline fields (`rating:: 4` in a note's body), read and edited by the built binary
/// in a vault without `shelf.yaml`.
@Suite struct VaultInlineFieldTests {
    static let lhod =
        "# The Left Hand of Darkness\n\nauthor:: [[Ursula K. Le Guin]]\nrating:: 4\nstatus:: read\nisbn:: 9780441478125\n\n```\nrating:: 1\n```\n"
    static let dune = "---\ntitle: Dune\nrating: 3\n---\nA great book, I'd say [rating:: 5] and (status:: reading).\r\n"

    func vault() throws -> TemporaryLibrary {
        try TemporaryLibrary(
            config: nil,
            books: [
                ("lhod.md", Self.lhod), ("dune.md", Self.dune),
                // A project note Dataview tracks: no book, though its status and rating are inline.
                ("Projects/garden.md", "# Garden\n\nstatus:: done\nrating:: 4\n"),
            ])
    }

    func run(_ arguments: [String], in vault: TemporaryLibrary) throws -> CommandResult {
        try vault.run(arguments, environment: ["SHELF_LIBRARY": vault.root.path])
    }

    @Test func inlineFieldsGiveWhatTheFrontMatterLacks() throws {
        let vault = try vault()
        let result = try run(["ls", "--format", "json"], in: vault)
        #expect(result.status == 0, "\(result)")
        let rows = Dictionary(
            try parseJSONArray(result.stdout).map { ($0["path"] as? String ?? "", $0) }, uniquingKeysWith: { first, _ in first })
        let lhod = try #require(rows["lhod.md"])
        #expect(lhod["title"] as? String == "The Left Hand of Darkness")
        #expect(lhod["authors"] as? [String] == ["Ursula K. Le Guin"])
        #expect(lhod["rating"] as? Double == 4)
        #expect(lhod["status"] as? String == "read")
        #expect(lhod["isbn"] as? String == "9780441478125")
        #expect(rows["Projects/garden.md"] == nil)
        // The front matter's rating wins; the bracketed status fills what it lacks.
        #expect(rows["dune.md"]?["rating"] as? Double == 3)
        #expect(rows["dune.md"]?["status"] as? String == "reading")
        let check = try run(["check"], in: vault)
        // The book kept in inline fields is no complaint; the project note is no book.
        #expect(check.status == 0 && !check.stdout.contains("lhod.md") && check.stdout.contains("garden.md"), "\(check)")
    }

    @Test func anEditChangesOnlyTheInlineValue() throws {
        let vault = try vault()
        let rate = try run(["rate", "lhod.md", "5"], in: vault)
        #expect(rate.status == 0, "\(rate)")
        try expectEditFile("lhod.md", in: vault, equals: Self.lhod.replacingOccurrences(of: "rating:: 4\n", with: "rating:: 5\n"))
        // A link stays a link.
        let author = try run(["set", "lhod.md", "author=Frank Herbert"], in: vault)
        #expect(author.status == 0, "\(author)")
        try expectEditFile(
            "lhod.md", in: vault,
            equals: Self.lhod.replacingOccurrences(of: "rating:: 4\n", with: "rating:: 5\n")
                .replacingOccurrences(of: "[[Ursula K. Le Guin]]", with: "[[Frank Herbert]]"))
        let set = try run(["set", "dune.md", "status=read"], in: vault)
        #expect(set.status == 0, "\(set)")
        try expectEditFile("dune.md", in: vault, equals: Self.dune.replacingOccurrences(of: "(status:: reading)", with: "(status:: read)"))
        // A rating the front matter gives is edited there, the inline one left alone.
        let front = try run(["rate", "dune.md", "2"], in: vault)
        #expect(front.status == 0, "\(front)")
        try expectEditFile(
            "dune.md", in: vault,
            equals: Self.dune
                .replacingOccurrences(of: "(status:: reading)", with: "(status:: read)").replacingOccurrences(
                    of: "rating: 3\n", with: "rating: 2\n"))
    }

    @Test func aValueTheInlineFormCannotHoldIsRefused() throws {
        let vault = try vault()
        let set = try run(["set", "lhod.md", "author=Ursula K. Le Guin\nFrank Herbert"], in: vault)
        #expect(set.status != 0, "\(set)")
        #expect(set.stderr.contains("inline"), "\(set)")
        try expectEditFile("lhod.md", in: vault, equals: Self.lhod)
    }
}
