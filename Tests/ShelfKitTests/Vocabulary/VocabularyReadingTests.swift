import Testing
@testable import ShelfKit

// docs/vocabularies.md: a library's own key names and status words, read as shelf's fields.
// Every helper here starts with `vocab` so nothing clashes with other folders of the target.

/// The Obsidian Book Search plugin's map, as `shelf init --preset obsidian-book-search` writes it.
let vocabPluginMap = Vocabulary(
    keys: [
        .authors: "author", .genres: "category", .published: "publish", .pages: "total", .rating: "myRate",
        .started: "startReadDate", .finished: "finishReadDate", .tags: "tag", .added: "created",
    ],
    statuses: ["unread": .toRead])

/// A note as the plugin's default template writes it.
let vocabPluginNote = """
    ---
    tag: 📚Book
    title: "The Left Hand of Darkness"
    subtitle: ""
    author: [Ursula K. Le Guin]
    category: [Fiction, Science Fiction]
    publisher:
    publish: 1969-03-01
    total: 304
    isbn: 0441478123 9780441478125
    cover: https://example.com/lhod.jpg
    status: unread
    created: 2024-03-02 10:11:12
    updated: 2024-03-02 10:11:12
    myRate: 5
    startReadDate:
    finishReadDate:
    ---

    """

/// The book a document reads as, in a vocabulary.
func vocabBook(_ text: String, _ vocabulary: Vocabulary = vocabPluginMap) throws -> Book {
    let document = try BookDocument(bytes: Array(text.utf8))
    let frontMatter = try #require(document.frontMatter)
    return try #require(Book(path: "note.md", frontMatter: frontMatter, vocabulary: vocabulary))
}

@Suite struct VocabularyMapTests {
    @Test func fieldForKeyUsesTheMapThenShelfsNames() {
        #expect(vocabPluginMap.field(forKey: "total") == .pages)
        #expect(vocabPluginMap.field(forKey: "myRate") == .rating)
        #expect(vocabPluginMap.field(forKey: "my_rate") == .rating)
        #expect(vocabPluginMap.field(forKey: "MY-RATE") == .rating)
        #expect(vocabPluginMap.field(forKey: "category") == .genres)
        #expect(vocabPluginMap.field(forKey: "publish") == .published)
        #expect(vocabPluginMap.field(forKey: "created") == .added)
        #expect(vocabPluginMap.field(forKey: "start_read_date") == .started)
        // shelf's own names and aliases still read.
        #expect(vocabPluginMap.field(forKey: "pages") == .pages)
        #expect(vocabPluginMap.field(forKey: "authors") == .authors)
        #expect(vocabPluginMap.field(forKey: "title") == .title)
        #expect(vocabPluginMap.field(forKey: "mood") == nil)
        // Without a map, the plugin's own keys that are not aliases are the user's keys.
        #expect(Vocabulary.standard.field(forKey: "total") == nil)
        #expect(Vocabulary.standard.field(forKey: "pages") == .pages)
    }

    @Test func keyForAFieldIsTheMappedKeyElseShelfsName() {
        #expect(vocabPluginMap.key(for: .pages) == "total")
        #expect(vocabPluginMap.key(for: .rating) == "myRate")
        #expect(vocabPluginMap.key(for: .started) == "startReadDate")
        #expect(vocabPluginMap.key(for: .authors) == "author")
        #expect(vocabPluginMap.key(for: .status) == "status")
        #expect(vocabPluginMap.key(for: .seriesIndex) == "series_index")
        #expect(Vocabulary.standard.key(for: .pages) == "pages")
    }

    @Test func statusWordsReadTheMapThenEveryAlias() {
        #expect(vocabPluginMap.status(fromWord: "unread") == .toRead)
        #expect(vocabPluginMap.status(fromWord: " Unread ") == .toRead)
        #expect(vocabPluginMap.status(fromWord: "reading") == .reading)
        #expect(vocabPluginMap.status(fromWord: "finished") == .read)
        #expect(vocabPluginMap.status(fromWord: "to-read") == .toRead)
        #expect(vocabPluginMap.status(fromWord: "nonsense") == nil)
        let custom = Vocabulary(statuses: ["shelved": .toRead, "binned": .abandoned])
        #expect(custom.status(fromWord: "binned") == .abandoned)
        #expect(custom.status(fromWord: "shelved") == .toRead)
    }

    @Test func wordForAStatusIsTheFilesWordElseShelfs() {
        #expect(vocabPluginMap.word(for: .toRead) == "unread")
        #expect(vocabPluginMap.word(for: .reading) == "reading")
        #expect(vocabPluginMap.word(for: .read) == "read")
        #expect(vocabPluginMap.word(for: .abandoned) == "abandoned")
        #expect(Vocabulary.standard.word(for: .toRead) == "to-read")
    }

    @Test func presetsHoldTheDocumentedMaps() throws {
        let plugin = try #require(VocabularyPreset.named("obsidian-book-search")).vocabulary
        #expect(plugin.keys == vocabPluginMap.keys)
        #expect(plugin.word(for: .toRead) == "unread")
        let hugo = try #require(VocabularyPreset.named("hugo")).vocabulary
        #expect(hugo.keys == [.authors: "book_author", .genres: "categories", .finished: "date"])
    }
}

@Suite struct VocabularyConfigTests {
    @Test func readsFieldsAndStatuses() throws {
        let text = """
            filename: "{author}-{title}"
            fields:
              authors: author
              pages: total
              rating: myRate
              series_index: volume_no
              nonsense: whatever
            statuses:
              unread: to-read
              binned: dnf
              bogus: notastatus

            """
        let config = try LibraryConfig(bytes: Array(text.utf8))
        #expect(config.vocabulary.keys == [.authors: "author", .pages: "total", .rating: "myRate", .seriesIndex: "volume_no"])
        #expect(config.vocabulary.statuses == ["unread": .toRead, "binned": .abandoned])
        #expect(config.filenameTemplate == "{author}-{title}")
    }

    @Test func noMapIsTheStandardVocabulary() throws {
        let config = try LibraryConfig(bytes: Array("goal: 12\n".utf8))
        #expect(config.vocabulary.isStandard)
        #expect(config.goal == 12)
    }

    @Test func presetSettingsReadBackAsThePreset() throws {
        for preset in VocabularyPreset.all {
            let config = try LibraryConfig(bytes: Array((LibraryInitializer.defaultConfig + "\n" + preset.settings).utf8))
            #expect(config.vocabulary.keys == preset.vocabulary.keys, "\(preset.name)")
            for status in [ReadingStatus.toRead, .reading, .read, .abandoned] {
                #expect(config.vocabulary.word(for: status) == preset.vocabulary.word(for: status), "\(preset.name) \(status)")
            }
        }
    }
}

@Suite struct VocabularyBookReadingTests {
    @Test func readsThePluginsKeysAsShelfsFields() throws {
        let book = try vocabBook(vocabPluginNote)
        #expect(book.title == "The Left Hand of Darkness")
        #expect(book.pages == 304)
        #expect(book.rating == 5)
        #expect(book.status == .toRead)
        #expect(book.authors == ["Ursula K. Le Guin"])
        #expect(book.genres == ["Fiction", "Science Fiction"])
        #expect(book.tags == ["📚Book"])
        #expect(book.published == BookDate("1969-03-01"))
        #expect(book.cover == "https://example.com/lhod.jpg")
        #expect(book.problems.isEmpty, "\(book.problems)")
    }

    @Test func createdIsADateWithATime() throws {
        let added = try #require(try vocabBook(vocabPluginNote).added)
        #expect(added.year == 2024 && added.month == 3 && added.day == 2)
        #expect(added.minutes == 10 * 60 + 11)
        #expect(added.text == "2024-03-02 10:11:12")
    }

    @Test func templateLeftoversAreAbsent() throws {
        let book = try vocabBook(vocabPluginNote)
        #expect(book.subtitle == nil)
        #expect(book.publisher == nil)
        #expect(book.started == nil)
        #expect(book.finished == nil)
        let unrated = try vocabBook(vocabPluginNote.replacingOccurrences(of: "myRate: 5", with: "myRate:"))
        #expect(unrated.rating == nil)
        #expect(unrated.problems.isEmpty, "\(unrated.problems)")
    }

    @Test func snakeCaseSettingsReadTheSame() throws {
        let note = "---\ntitle: Dune\nmy_rate: 4\nstart_read_date: 2024-01-03\ntotal: 412\nstatus: unread\n---\n"
        let book = try vocabBook(note)
        #expect(book.rating == 4)
        #expect(book.started == BookDate("2024-01-03"))
        #expect(book.pages == 412)
        #expect(book.status == .toRead)
    }

    @Test func aTenAndThirteenDigitPairGivesBothForms() throws {
        let book = try vocabBook(vocabPluginNote)
        #expect(book.isbn == "0441478123 9780441478125")
        #expect(book.isbns13 == ["9780441478125"])
        #expect(book.isbn13 == "9780441478125")
        #expect(ISBN.parse("0441478123")?.isbn13 == "9780441478125")
    }

    @Test func twoDifferentISBNsGiveBoth() throws {
        let book = try vocabBook("---\ntitle: Two editions\nisbn: 9780441172719 9780441478125\n---\n")
        #expect(book.isbns13 == ["9780441172719", "9780441478125"])
        #expect(book.problems.isEmpty, "\(book.problems)")
    }

    @Test func withoutAMapThePluginsUnknownKeysAreTheUsers() throws {
        let book = try vocabBook(vocabPluginNote, .standard)
        #expect(book.pages == nil)
        #expect(book.value(of: "total")?.text == "304")
        // `author`, `tag` and `status: unread` are shelf's aliases anyway.
        #expect(book.authors == ["Ursula K. Le Guin"])
        #expect(book.status == .toRead)
    }

    @Test func shelfsOwnNamesStillReadInAMappedLibrary() throws {
        let note = "---\ntitle: Piranesi\nauthors:\n  - Susanna Clarke\npages: 272\nrating: 4\nstatus: read\n---\n"
        let book = try vocabBook(note)
        #expect(book.authors == ["Susanna Clarke"])
        #expect(book.pages == 272)
        #expect(book.rating == 4)
        #expect(book.status == .read)
    }

    @Test func aNoteWithoutATitleIsNotABook() throws {
        let document = try BookDocument(bytes: Array("---\ntags: [daily]\ncreated: 2024-03-02 10:11:12\n---\n# Today\n".utf8))
        let frontMatter = try #require(document.frontMatter)
        #expect(Book(path: "daily.md", frontMatter: frontMatter, vocabulary: vocabPluginMap) == nil)
    }
}
