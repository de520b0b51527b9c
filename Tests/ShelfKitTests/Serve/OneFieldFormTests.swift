import Testing

@testable import ShelfKit

/// The book page's one-field forms sent after the file changed (docs/serve.md, "On the phone"):
/// applied when the file left their field alone, a conflict when it changed it differently.
@Suite("Serve: OneFieldForm")
struct OneFieldFormTests {
    static let yaml =
        "title: Dune\nstatus: reading\nrating: 4.5\nprogress:\n  - 2026-11-20 page 100\n"
        + "loans:\n  - {to: Ann, lent: 2026-10-01, returned: 2026-10-20}\n  - {to: Bo, lent: 2026-11-01, due: 2026-12-01}\n"

    @Test func eachFormChangesOneFieldShownAsThePageShowsIt() throws {
        let book = try requireBook(Self.yaml)
        let shown = ["rate", "status", "progress", "lend", "return", "note"].map { action in
            OneFieldForm.field(ofForm: action).map { OneFieldForm.shownText(of: $0, in: book) }
        }
        #expect(
            shown == [
                "4.5", "reading", "2026-11-20 page 100", "Ann 2026-10-01 2026-10-20 back; Bo 2026-11-01 2026-12-01",
                "Ann 2026-10-01 2026-10-20 back; Bo 2026-11-01 2026-12-01", nil,
            ])
    }

    @Test func aFileChangedElsewhereLetsTheFormThroughAndTheSameFieldChangedIsAsked() throws {
        let now = try requireBook(Self.yaml.replacingOccurrences(of: "rating: 4.5", with: "rating: 2"))
        // The page showed 4.5; the file now says 2.
        #expect(
            OneFieldForm.conflict(field: "rating", original: "4.5", mine: "3", book: now, vocabulary: .standard)
                == FormMerge.Conflict(key: "rating", mine: "3", theirs: "2"))
        // The same value on both sides, or a field the file did not change: nothing to ask.
        #expect(OneFieldForm.conflict(field: "rating", original: "4.5", mine: "2", book: now, vocabulary: .standard) == nil)
        #expect(OneFieldForm.conflict(field: "status", original: "reading", mine: "read", book: now, vocabulary: .standard) == nil)
        #expect(
            OneFieldForm.conflict(field: "progress", original: "2026-11-20 page 100", mine: "+25", book: now, vocabulary: .standard)
                == nil)
        let logged = try requireBook(Self.yaml.replacingOccurrences(of: "page 100\n", with: "page 100\n  - 2026-11-24 page 150\n"))
        #expect(
            OneFieldForm.conflict(field: "progress", original: "2026-11-20 page 100", mine: "+25", book: logged, vocabulary: .standard)
                == FormMerge.Conflict(key: "progress", mine: "+25", theirs: "2026-11-20 page 100, 2026-11-24 page 150"))
    }
}
