import Testing
@testable import ShelfKit

// docs/vocabularies.md: "Every edit writes to your key, in your value spelling", with the same
// minimal-diff rules as any other edit.

/// The bytes after applying `edits` with `vocabulary`.
func vocabEdit(_ edits: [FieldEdit], on text: String, _ vocabulary: Vocabulary = vocabPluginMap) throws -> String {
    var editor = FrontMatterEditor(document: try BookDocument(bytes: Array(text.utf8)), path: "note.md", vocabulary: vocabulary)
    try editor.apply(edits)
    #expect(throws: Never.self) { _ = try BookDocument(bytes: editor.document.bytes) }
    return String(decoding: editor.document.bytes, as: UTF8.self)
}

/// A short plugin note; edits below name the lines that change.
let vocabShortNote = """
    ---
    tag: 📚Book
    title: "Piranesi"
    author: [Susanna Clarke]
    total: 272
    status: reading
    created: 2024-03-02 10:11:12
    myRate:
    ---
    Notes.

    """

@Suite struct VocabularyEditTests {
    @Test func settingToReadWritesTheFilesWord() throws {
        let actual = try vocabEdit([.set("status", .string("to-read"))], on: vocabShortNote)
        #expect(actual == vocabShortNote.replacingOccurrences(of: "status: reading", with: "status: unread"))
    }

    @Test func anAliasOfToReadIsWrittenAsTheFilesWordToo() throws {
        let actual = try vocabEdit([.set("status", .string("want-to-read"))], on: vocabShortNote)
        #expect(actual == vocabShortNote.replacingOccurrences(of: "status: reading", with: "status: unread"))
    }

    @Test func aStatusWithoutAWordOfItsOwnIsWrittenCanonically() throws {
        let actual = try vocabEdit([.set("status", .string("finished"))], on: vocabShortNote)
        #expect(actual == vocabShortNote.replacingOccurrences(of: "status: reading", with: "status: read"))
    }

    @Test func ratingFillsTheEmptyMyRateInPlace() throws {
        let actual = try vocabEdit([.set("rating", .typed("4"))], on: vocabShortNote)
        #expect(
            actual == """
                ---
                tag: 📚Book
                title: "Piranesi"
                author: [Susanna Clarke]
                total: 272
                status: reading
                created: 2024-03-02 10:11:12
                myRate: 4
                ---
                Notes.

                """)
    }

    @Test func ratingReplacesAnExistingMyRateInPlace() throws {
        let rated = vocabShortNote.replacingOccurrences(of: "myRate:", with: "myRate: 3  # first read")
        let actual = try vocabEdit([.set("rating", .typed("4"))], on: rated)
        #expect(actual == vocabShortNote.replacingOccurrences(of: "myRate:", with: "myRate: 4  # first read"))
    }

    @Test func ratingWritesTheSnakeCaseKeyWhereTheFileHasIt() throws {
        let snake = vocabShortNote.replacingOccurrences(of: "myRate:", with: "my_rate: 2")
        let actual = try vocabEdit([.set("rating", .typed("5"))], on: snake)
        #expect(actual == vocabShortNote.replacingOccurrences(of: "myRate:", with: "my_rate: 5"))
    }

    @Test func aNewStartedDateIsAppendedAsStartReadDate() throws {
        let actual = try vocabEdit([.set("started", .typed("2024-03-05"))], on: vocabShortNote)
        #expect(
            actual == """
                ---
                tag: 📚Book
                title: "Piranesi"
                author: [Susanna Clarke]
                total: 272
                status: reading
                created: 2024-03-02 10:11:12
                myRate:
                startReadDate: 2024-03-05
                ---
                Notes.

                """)
    }

    @Test func aNewPageCountIsAppendedAsTotal() throws {
        let note = "---\ntitle: Dune\n---\n"
        #expect(try vocabEdit([.set("pages", .typed("412"))], on: note) == "---\ntitle: Dune\ntotal: 412\n---\n")
    }

    @Test func pagesEditsTheTotalKeyInPlace() throws {
        let actual = try vocabEdit([.set("pages", .typed("280"))], on: vocabShortNote)
        #expect(actual == vocabShortNote.replacingOccurrences(of: "total: 272", with: "total: 280"))
    }

    @Test func aTagIsAddedToTheSingularTagKey() throws {
        let actual = try vocabEdit([.add("tags", "fantasy")], on: vocabShortNote)
        #expect(actual == vocabShortNote.replacingOccurrences(of: "tag: 📚Book", with: "tag: [📚Book, fantasy]"))
    }

    @Test func anEditThatChangesNothingWritesNothing() throws {
        let unread = vocabShortNote.replacingOccurrences(of: "status: reading", with: "status: unread")
        #expect(try vocabEdit([.set("status", .string("to-read"))], on: unread) == unread)
    }

    @Test func aNewFileIsWrittenInTheVocabulary() throws {
        var file = NewBookFile()
        file.set("title", .string("Piranesi"))
        file.set("authors", .list(["Susanna Clarke"]))
        file.set("status", .string("to-read"))
        file.set("tags", .list(["fantasy"]))
        file.set("added", .typed("2024-03-02"))
        file.set("pages", .typed("272"))
        let text = String(decoding: file.render(vocabulary: vocabPluginMap), as: UTF8.self)
        #expect(
            text == """
                ---
                title: Piranesi
                author: [Susanna Clarke]
                status: unread
                tag: [fantasy]
                created: 2024-03-02
                total: 272
                ---

                """)
    }
}
