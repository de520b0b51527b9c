import Foundation
import Testing

/// docs/vocabularies.md, end to end: in a Book Search vault every edit writes the plugin's keys in
/// the plugin's value spelling, changing only the value's bytes; notes that are not books are never
/// touched.
@Suite struct VocabularyVaultEditTests {
    @Test func startWritesReadingAndAppendsStartReadDate() throws {
        let vault = try vaultPlugin()
        let before = try vault.snapshot()
        try vault.vaultRun(["start", "left hand"])
        try vaultExpectFile(
            "Books/left-hand.md", in: vault,
            equals:
                vaultLeftHand
                .replacingOccurrences(of: "status: unread", with: "status: reading")
                .replacingOccurrences(
                    of: "updated: 2024-03-02 10:11:12\n---", with: "updated: 2024-03-02 10:11:12\nstartReadDate: 2024-03-05\n---"))
        try vaultExpectBystandersUntouched(before, vault, after: "start")
    }

    @Test func finishWithRatingFillsTheEmptyKeysInPlace() throws {
        let vault = try vaultPlugin()
        let before = try vault.snapshot()
        try vault.vaultRun(["finish", "piranesi", "--rating", "4"])
        try vaultExpectFile(
            "Books/piranesi.md", in: vault,
            equals:
                vaultPiranesi
                .replacingOccurrences(of: "status: reading", with: "status: read")
                .replacingOccurrences(of: "myRate:\n", with: "myRate: 4\n")
                .replacingOccurrences(of: "finishReadDate:\n", with: "finishReadDate: 2024-03-05\n"))
        try vaultExpectBystandersUntouched(before, vault, after: "finish")
    }

    @Test func finishWithoutTheKeysAppendsThemUnderThePluginsNames() throws {
        let vault = try vaultPlugin()
        try vault.vaultRun(["finish", "left hand", "--rating", "4", "--date", "2024-03-04"])
        try vaultExpectFile(
            "Books/left-hand.md", in: vault,
            equals:
                vaultLeftHand
                .replacingOccurrences(of: "status: unread", with: "status: read")
                .replacingOccurrences(
                    of: "updated: 2024-03-02 10:11:12\n---",
                    with: "updated: 2024-03-02 10:11:12\nfinishReadDate: 2024-03-04\nmyRate: 4\n---"))
    }

    @Test func setStatusToReadWritesUnread() throws {
        let vault = try vaultPlugin()
        let before = try vault.snapshot()
        try vault.vaultRun(["set", "dune", "status=to-read"])
        try vaultExpectFile("Books/dune.md", in: vault, equals: vaultDune.replacingOccurrences(of: "status: read", with: "status: unread"))
        try vaultExpectBystandersUntouched(before, vault, after: "set")
    }

    @Test func setPagesWritesTotal() throws {
        let vault = try vaultPlugin()
        try vault.vaultRun(["set", "dune", "pages=500"])
        try vaultExpectFile("Books/dune.md", in: vault, equals: vaultDune.replacingOccurrences(of: "total: 412", with: "total: 500"))
    }

    @Test func tagAndUntagEditTheSingularTagList() throws {
        let vault = try vaultPlugin()
        let before = try vault.snapshot()
        try vault.vaultRun(["tag", "dune", "classics"])
        let tagged = vaultDune.replacingOccurrences(of: "tag: [📚Book, sci-fi]", with: "tag: [📚Book, sci-fi, classics]")
        try vaultExpectFile("Books/dune.md", in: vault, equals: tagged)
        try vault.vaultRun(["untag", "dune", "sci-fi"])
        try vaultExpectFile(
            "Books/dune.md", in: vault, equals: vaultDune.replacingOccurrences(of: "tag: [📚Book, sci-fi]", with: "tag: [📚Book, classics]"))
        // The plugin's single `tag: 📚Book` becomes a flow list under the same key.
        try vault.vaultRun(["tag", "left hand", "classics"])
        try vaultExpectFile(
            "Books/left-hand.md", in: vault, equals: vaultLeftHand.replacingOccurrences(of: "tag: 📚Book", with: "tag: [📚Book, classics]"))
        try vaultExpectBystandersUntouched(before, vault, after: "tag/untag")
    }

    @Test func rateReplacesMyRateInPlace() throws {
        let vault = try vaultPlugin()
        let before = try vault.snapshot()
        try vault.vaultRun(["rate", "dune", "3"])
        try vaultExpectFile("Books/dune.md", in: vault, equals: vaultDune.replacingOccurrences(of: "myRate: 5", with: "myRate: 3"))
        // A book without the key gains it under the plugin's name.
        try vault.vaultRun(["rate", "left hand", "5"])
        try vaultExpectFile(
            "Books/left-hand.md", in: vault,
            equals:
                vaultLeftHand
                .replacingOccurrences(of: "updated: 2024-03-02 10:11:12\n---", with: "updated: 2024-03-02 10:11:12\nmyRate: 5\n---"))
        try vaultExpectBystandersUntouched(before, vault, after: "rate")
    }

    @Test func noteAppendsToTheBodyOnly() throws {
        let vault = try vaultPlugin()
        let before = try vault.snapshot()
        try vault.vaultRun(["note", "dune", "Spice", "must", "flow."])
        try vaultExpectFile("Books/dune.md", in: vault, equals: vaultDune + "\n### 2024-03-05 21:14\n\nSpice must flow.\n")
        try vaultExpectBystandersUntouched(before, vault, after: "note")
    }

    @Test func addCreatesAFileInTheVaultsVocabulary() throws {
        let vault = try vaultPlugin()
        let before = try vault.snapshot()
        let result = try vault.vaultRun([
            "add", "--title", "The Ladies of Grace Adieu", "--author", "Susanna Clarke",
            "--tag", "fantasy", "--pages", "235",
        ])
        let created = try vault.snapshot().entries.keys.filter { before.entries[$0] == nil && $0.hasSuffix(".md") }
        #expect(created == ["clarke-the-ladies-of-grace-adieu.md"], "\(result)")
        try vaultExpectFile(
            "clarke-the-ladies-of-grace-adieu.md", in: vault,
            equals: """
                ---
                title: The Ladies of Grace Adieu
                author: [Susanna Clarke]
                status: unread
                tag: [fantasy]
                created: 2024-03-05
                total: 235
                ---

                """)
        try vaultExpectBystandersUntouched(before, vault, after: "add")
    }

    @Test func everyCommandInTurnLeavesTheDailyNoteAndObsidianFolderAlone() throws {
        let vault = try vaultPlugin()
        let before = try vault.snapshot()
        let commands: [[String]] = [
            ["ls"], ["ls", "total:>300"], ["show", "dune"], ["start", "left hand"], ["finish", "piranesi", "--rating", "4"],
            ["set", "dune", "status=to-read"], ["tag", "dune", "x"], ["untag", "dune", "x"], ["rate", "dune", "2"],
            ["note", "dune", "More."], ["check"], ["detect"], ["tags", "list"],
        ]
        for command in commands {
            _ = try vault.run(command, environment: vaultClock)
            try vaultExpectBystandersUntouched(before, vault, after: command.joined(separator: " "))
        }
    }
}
