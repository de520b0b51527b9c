import Testing
@testable import ShelfKit

/// Shapes the held-out measure found misread (issue 45; docs/vaults.md): reads kept as
/// [start, end] pairs, a series number in the title, a series key that says none, and a Jekyll
/// tag string.
@Suite struct HeldOutShapeTests {
    func read(_ frontMatter: String, _ vocabulary: Vocabulary = .standard) throws -> Book {
        try #require(
            Book(path: "note.md", document: try BookDocument(bytes: Array("---\n\(frontMatter)---\n".utf8)), vocabulary: vocabulary))
    }

    // MARK: Reads as [start, end] pairs

    @Test func pairsAreTheReadsAndTheLastIsTheLatest() throws {
        let book = try read("title: x\nreadDates: [[2019-01-02, 2019-01-20], [2021-05-01, 2021-05-09]]\n")
        #expect(book.started?.text == "2021-05-01" && book.finished?.text == "2021-05-09")
        #expect(book.status == .read, "a read that ended, with no status written")
        #expect(book.earlierReads.map { [$0.started?.text, $0.ended?.text] } == [["2019-01-02", "2019-01-20"]])
        #expect(book.timesRead == 2)
        #expect(book.problems.isEmpty, "no invalid-date: \(book.problems)")
    }

    @Test(arguments: ["[[2024-10-22]]", "[[2019-01-02, 2019-01-20], [2024-10-22, null]]", "[[2019-01-02, 2019-01-20], [2024-10-22]]"])
    func anOpenPairIsAReadGoingOn(list: String) throws {
        let book = try read("title: x\nreadDates: \(list)\n")
        // `[[2024-10-22]]` alone is an Obsidian link to a day, as vaults write one.
        if list == "[[2024-10-22]]" { #expect(book.finished?.canonicalText == "2024-10-22"); return }
        #expect(book.started?.text == "2024-10-22" && book.finished == nil)
        #expect(book.status == .reading)
        #expect(book.problems.isEmpty)
    }

    @Test func aPairThatIsNoPairIsReported() throws {
        let book = try read("title: x\nreadDates: [[2011-08-01, 2011-08-05, 2019-09-07, 2019-11-02]]\n")
        #expect(book.problems.map(\.code) == ["invalid-date"])
    }

    static let pairs = "---\ntitle: x\nreadDates: [[2019-01-02, 2019-01-20], [2021-05-01, 2021-05-09]]\n---\n"

    @Test func settingWhatThePairsSayWritesNothing() throws {
        let edits: [FieldEdit] = [
            .set("finished", .typed("2021-05-09")), .set("started", .typed("2021-05-01")), .set("status", .string("read")),
        ]
        #expect(try vocabEdit(edits, on: HeldOutShapeTests.pairs, .standard) == HeldOutShapeTests.pairs)
    }

    @Test func anOpenPairIsEndedInPlace() throws {
        let open = "---\ntitle: x\nreadDates: [[2019-01-02, 2019-01-20], [2024-10-22]] # again\n---\n"
        let edited = try vocabEdit([.set("finished", .typed("2024-10-30"))], on: open, .standard)
        #expect(edited == "---\ntitle: x\nreadDates: [[2019-01-02, 2019-01-20], [2024-10-22, 2024-10-30]] # again\n---\n")
    }

    @Test func aNewPairGoesOnItsOwnLineInAListWrittenSo() throws {
        let note = "---\ntitle: x\nreadDates: [\n    [2019-11-23, 2019-11-28],\n    [2024-10-22, 2024-10-24],\n  ]\n---\n"
        let edited = try vocabEdit([.appendItem("readDates", raw: "[2025-01-02]")], on: note, .standard)
        #expect(edited == note.replacingOccurrences(of: "2024-10-24],\n", with: "2024-10-24],\n    [2025-01-02],\n"))
        let oneLine = try vocabEdit([.appendItem("readDates", raw: "[2025-01-02]")], on: HeldOutShapeTests.pairs, .standard)
        #expect(oneLine == HeldOutShapeTests.pairs.replacingOccurrences(of: "]]\n", with: "], [2025-01-02]]\n"))
    }

    @Test(arguments: [FieldEdit.set("finished", .typed("2021-06-01")), .set("started", .typed("2021-04-01")), .unset("finished")])
    func anyOtherChangeOfAPairIsRefused(edit: FieldEdit) throws {
        #expect(throws: EditError.self) { _ = try vocabEdit([edit], on: HeldOutShapeTests.pairs, .standard) }
    }

    // MARK: A series number in the title

    @Test(
        arguments: [
            ("Шарм. Книга 5", "Жажда", "Жажда", 5.0), ("Paper Girls Vol 5", nil, "Paper Girls", 5), ("Saga Vol. 3", nil, "Saga", 3),
            ("Сердце из тьмы и тумана. Школа тёмных-2", "Школа тёмных", "Школа тёмных", 2), ("Dune Book 2", nil, "Dune", 2),
            ("Les Passe-miroir Tome 3", nil, "Les Passe-miroir", 3), ("Die Chroniken Band 2", nil, "Die Chroniken", 2),
            ("Ведьмак. Том 2", "Ведьмак", "Ведьмак", 2), ("三体 第3卷", nil, "三体", 3), ("Mistborn #4", nil, "Mistborn", 4),
        ] as [(String, String?, String, Double)])
    func aNumberMarkedInTheTitleIsTheSeriesNumber(title: String, seriesKey: String?, series: String, index: Double) throws {
        let book = try read("title: \"\(title)\"\n" + (seriesKey.map { "series: \($0)\n" } ?? ""))
        #expect(book.title == title, "the title as written")
        #expect(book.series == series && book.seriesIndex == index)
    }

    @Test(arguments: ["1984", "Catch-22", "Metro 2033", "Barranquilla 2132", "Шарм. Книга 5", "Hitch-22"])
    func aBareNumberOrNoSeriesIsNone(title: String) throws {
        // `Шарм. Книга 5` with no series key: the name before the marker is the book's own.
        let book = try read("title: \"\(title)\"\n")
        #expect(book.series == nil && book.seriesIndex == nil)
    }

    @Test func aWrittenNumberWins() throws {
        let book = try read("title: Paper Girls Vol 5\nseries: Paper Girls\nseries_index: 4\n")
        #expect(book.seriesIndex == 4)
    }

    // MARK: A series key that says none

    @Test(arguments: ["самостоятельный роман", "standalone", "Stand-alone", "one-shot", "Einzelband", "standalone novel", "独立作品"])
    func noSeriesWordsAreNoSeries(word: String) throws {
        let book = try read("title: \"Коварная магия. Книга 1\"\nseries: \(word)\n")
        #expect(book.series == nil && book.seriesIndex == nil)
        #expect(book.problems.isEmpty)
    }

    // MARK: A Jekyll tag string

    @Test func aTagStringIsWordsInAVaultThatWritesThemSo() throws {
        var jekyll = Vocabulary.standard
        jekyll.splitsTagsAtSpaces = true
        #expect(try read("title: x\ntags: philosophy literature\n", jekyll).tags == ["philosophy", "literature"])
        #expect(
            try read("title: x\ntags: science fiction, fantasy\n", jekyll).tags == ["science fiction", "fantasy"], "commas still separate")
        #expect(try read("title: x\ntags: science fiction\n").tags == ["science fiction"], "shelf's own: one tag")
        let note = "---\ntitle: x\ntags: philosophy literature\n---\n"
        #expect(try vocabEdit([.add("tags", "literature")], on: note, jekyll) == note, "a tag it has is no change")
        #expect(try vocabEdit([.add("tags", "ethics")], on: note, jekyll) == "---\ntitle: x\ntags: philosophy literature ethics\n---\n")
        #expect(try vocabEdit([.remove("tags", "philosophy")], on: note, jekyll) == "---\ntitle: x\ntags: literature\n---\n")
    }

    @Test func detectProposesSpaceSeparatedTagsOnlyWithSupport() throws {
        var habits = VaultHabits()
        for (index, tags) in ["ecology power myth", "existentialism classic", "philosophy literature", "top-100"].enumerated() {
            habits.record([FieldEntry(key: "tags", value: .scalar(tags, isPlain: true))], path: "\(index).md")
        }
        #expect(habits.separatesTagsWithSpaces)
        habits.record([FieldEntry(key: "tags", value: .scalar("science fiction, space opera", isPlain: true))], path: "x.md")
        #expect(!habits.separatesTagsWithSpaces, "a tag string with a comma says the words are not tags")
        #expect(
            VocabularyPreset.settings(
                for: {
                    var v = Vocabulary.standard; v.splitsTagsAtSpaces = true; return v
                }(), comment: "x"
            ).contains("tag_separator: \" \""))
    }
}
