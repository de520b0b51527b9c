import Testing
@testable import ShelfKit

/// The web edit form merged three ways (docs/serve.md, "Conflicts"): the form as it was shown,
/// as it was posted, and the file as it is now.
@Suite("Serve: FormMerge")
struct FormMergeTests {
    /// The fields of a form, each as (original, mine, theirs); lists are `authors` and `tags`.
    func merge(_ fields: KeyValuePairs<String, (String?, String, String)>) -> FormMerge {
        FormMerge(
            fields.map { key, values in
                FormMerge.Field(key: key, original: values.0, mine: values.1, theirs: values.2, isList: ["authors", "tags"].contains(key))
            })
    }

    @Test func aTagAddedToTheFileWhileTheFormChangedTheTitleIsKept() throws {
        let merged = merge([
            "title": ("Dune", "Dune Messiah", "Dune"),
            "authors": ("Frank Herbert", "Frank Herbert", "Frank Herbert"),
            "tags": ("sci-fi", "sci-fi", "sci-fi, x"),
            "pages": ("", "", ""),
        ])
        #expect(merged.conflicts.isEmpty)
        #expect(merged.changes == [.value(key: "title", text: "Dune Messiah", isList: false)])
        #expect(merged.keptFromFile == ["tags"])
        let file = "---\ntitle: Dune  # the first\nauthor: Frank Herbert\ntags: [sci-fi, x]\n---\n\nSand.\n"
        #expect(
            try syncApplying(merged.edits(), to: syncDocument(file))
                == "---\ntitle: Dune Messiah  # the first\nauthor: Frank Herbert\ntags: [sci-fi, x]\n---\n\nSand.\n")
    }

    @Test func aRatingBothChangedDifferentlyIsTheOnlyConflict() throws {
        let merged = merge([
            "title": ("Dune", "Dune Messiah", "Dune"),
            "rating": ("3", "4", "2"),
            "tags": ("sci-fi", "sci-fi", "sci-fi, x"),
        ])
        #expect(merged.conflicts == [FormMerge.Conflict(key: "rating", mine: "4", theirs: "2")])
        #expect(merged.changes == [.value(key: "title", text: "Dune Messiah", isList: false)])
        // The conflict page's form: every field as merged, the asked one as the file has it.
        #expect(merged.resolved.map { "\($0.key)=\($0.text)" } == ["title=Dune Messiah", "rating=2", "tags=sci-fi, x"])
    }

    @Test func theSameChangeOnBothSidesIsNoConflictAndWritesNothing() throws {
        let merged = merge([
            "rating": ("3", "4", "4"),
            "pages": ("", "412", "412"),
            "finished": ("", "2024-3-1", "2024-03-01"),
            "tags": ("sci-fi", "sci-fi, Classic", "sci-fi, classic"),
            "authors": ("Frank Herbert", "Frank Herbert, Brian Herbert", "Frank Herbert, Brian Herbert"),
        ])
        #expect(merged.conflicts.isEmpty)
        #expect(merged.changes.isEmpty)
        #expect(try merged.edits().isEmpty)
        #expect(merged.keptFromFile == ["rating", "pages", "finished", "tags", "authors"])
    }

    @Test func listsBothChangedMergeItemByItem() throws {
        let added = merge(["tags": ("a, b", "a, b, w", "a, b, x")])
        #expect(added.conflicts.isEmpty)
        #expect(added.changes == [.items(key: "tags", added: ["w"], removed: [])])
        #expect(added.resolved.map(\.text) == ["a, b, x, w"])
        let file = "---\ntitle: Dune\ntags:\n  - a\n  - b\n  - x\n---\n"
        let written = try syncApplying(added.edits(), to: syncDocument(file))
        #expect(written == "---\ntitle: Dune\ntags:\n  - a\n  - b\n  - x\n  - w\n---\n", "\(written)")
        let removed = merge(["tags": ("a, b", "a", "a, b, x")])
        #expect(removed.changes == [.items(key: "tags", added: [], removed: ["b"])])
        #expect(
            try syncApplying(removed.edits(), to: syncDocument("---\ntitle: Dune\ntags: [a, b, x]\n---\n"))
                == "---\ntitle: Dune\ntags: [a, x]\n---\n")
        // Only reordered in the form while the file added an author: both cannot be kept, so it is asked.
        let reordered = merge(["authors": ("A, B", "B, A", "A, B, C")])
        #expect(reordered.conflicts == [FormMerge.Conflict(key: "authors", mine: "B, A", theirs: "A, B, C")])
        #expect(reordered.changes.isEmpty)
    }

    @Test func onlyTheFormChangedAFieldSoItIsWrittenAsTyped() throws {
        let merged = merge(["authors": ("A", "A, B", "A"), "tags": ("x", "", "x"), "publisher": ("Ace", "Chilton", "Ace")])
        #expect(
            merged.changes == [
                .value(key: "authors", text: "A, B", isList: true), .value(key: "tags", text: "", isList: true),
                .value(key: "publisher", text: "Chilton", isList: false),
            ])
        #expect(try merged.edits() == [.set("authors", .list(["A", "B"])), .unset("tags"), .set("publisher", .string("Chilton"))])
        #expect(merged.keptFromFile.isEmpty)
    }

    @Test func withoutTheOriginalsEveryDifferenceIsAsked() {
        let merged = merge(["title": (nil, "S.P.Q.R.", "SPQR, A History"), "tags": (nil, "", "")])
        #expect(merged.conflicts == [FormMerge.Conflict(key: "title", mine: "S.P.Q.R.", theirs: "SPQR, A History")])
        #expect(merged.changes.isEmpty)
    }

    @Test func valuesAreCheckedAsShelfSetChecksThem() {
        #expect(throws: EditError.self) { try merge(["rating": ("3", "7", "3")]).edits() }
        #expect(throws: EditError.self) { try merge(["title": ("Dune", "", "Dune")]).edits() }
    }
}
