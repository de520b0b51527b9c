import Testing
@testable import ShelfKit

/// `My Clippings.txt` as Kindles write it: a BOM before each title, CRLF, `==========`.
@Suite struct KindleClippingsTests {
    static func clipping(_ title: String, _ meta: String, _ text: String) -> String {
        "\u{FEFF}\(title)\r\n\(meta)\r\n\r\n\(text)\r\n==========\r\n"
    }

    @Test func readsHighlightsNotesAndBookmarksWithPlaceAndDate() {
        let text =
            Self.clipping(
                "The Left Hand of Darkness (Le Guin, Ursula K.)",
                "- Your Highlight on page 233 | Location 3540-3542 | Added on Sunday, March 3, 2024 10:15:32 PM",
                "Light is the left hand of darkness, and darkness the right hand of light.")
            + Self.clipping(
                "The Left Hand of Darkness (Le Guin, Ursula K.)",
                "- Your Note on page 233 | Location 3542 | Added on Sunday, March 3, 2024 10:16:00 PM", "The whole book in one line.")
            + Self.clipping(
                "The Left Hand of Darkness (Le Guin, Ursula K.)",
                "- Your Bookmark on page 12 | Location 170 | Added on Sunday, March 3, 2024 9:00:00 PM", "")
        let parsed = KindleClippings.parse(text)
        #expect(parsed.bookmarks == 1)
        #expect(parsed.books.count == 1)
        let book = parsed.books[0]
        #expect(book.title == "The Left Hand of Darkness")
        #expect(book.authors == ["Ursula K. Le Guin"])
        #expect(
            book.highlights == [
                Highlight(
                    text: "Light is the left hand of darkness, and darkness the right hand of light.",
                    note: "The whole book in one line.", page: "233", location: "3540-3542",
                    date: BookDate(year: 2024, month: 3, day: 3))
            ])
    }

    @Test func aHighlightExtendedOnTheDeviceKeepsOnlyTheLaterVersion() {
        let text =
            Self.clipping(
                "Dune (Frank Herbert)", "- Your Highlight at location 120-121 | Added on Monday, 4 March 2024 08:00:00",
                "Fear is the mind-killer.")
            + Self.clipping(
                "Dune (Frank Herbert)", "- Your Highlight at location 120-125 | Added on Monday, 4 March 2024 08:01:00",
                "I must not fear. Fear is the mind-killer.")
            + Self.clipping(
                "Dune (Frank Herbert)", "- Your Highlight at location 300-301 | Added on Monday, 4 March 2024 08:05:00", "A second passage."
            )
        let highlights = KindleClippings.parse(text).books[0].highlights
        #expect(highlights.map(\.text) == ["I must not fear. Fear is the mind-killer.", "A second passage."])
        #expect(highlights[0].location == "120-125")
        #expect(highlights[0].date == BookDate(year: 2024, month: 3, day: 4))
    }

    @Test func oldKindlesAbbreviateLocationsAndWriteLFWithoutBOM() {
        let text =
            "Meditations (Marcus Aurelius)\n- Highlight Loc. 1170-72  | Added on Sunday, March 03, 2024, 10:15 PM\n\nWaste no more time.\n==========\n"
        let highlight = KindleClippings.parse(text).books[0].highlights[0]
        #expect(highlight.location == "1170-1172")
        #expect(highlight.date == BookDate(year: 2024, month: 3, day: 3))
        #expect(highlight.text == "Waste no more time.")
    }

    @Test func germanFrenchAndChineseKindlesAreRead() {
        let german = Self.clipping(
            "Der Process (Kafka, Franz)",
            "- Ihre Markierung auf Seite 7 | bei Position 95-96 | Hinzugefügt am Sonntag, 3. März 2024 22:15:32",
            "Jemand mußte Josef K. verleumdet haben.")
        let french = Self.clipping(
            "L'Étranger (Albert Camus)",
            "- Votre surlignement sur la page 9 | emplacement 120-121 | Ajouté le dimanche 3 mars 2024 22:15:32",
            "Aujourd'hui, maman est morte.")
        let chinese = Self.clipping("挪威的森林 (村上春树)", "- 您在位置 #120-121的标注 | 添加于 2024年3月3日星期日 下午10:15:32", "每个人都有属于自己的一片森林。")
        let books = KindleClippings.parse(german + french + chinese).books
        #expect(books.map(\.authors) == [["Franz Kafka"], ["Albert Camus"], ["村上春树"]])
        #expect(books[0].highlights[0].page == "7")
        #expect(books[0].highlights[0].location == "95-96")
        #expect(books.allSatisfy { $0.highlights.first?.date == BookDate(year: 2024, month: 3, day: 3) })
        #expect(books[2].highlights[0].text == "每个人都有属于自己的一片森林。")
    }

    @Test func theAuthorIsTheLastParenthesisedGroupAndPersonalDocumentsHaveNone() {
        #expect(
            KindleClippings.titleAndAuthors("Dune (Dune Chronicles, Book 1) (Herbert, Frank)") == (
                "Dune (Dune Chronicles, Book 1)", ["Frank Herbert"]
            ))
        #expect(
            KindleClippings.titleAndAuthors("Good Omens (Gaiman, Neil;Pratchett, Terry)") == (
                "Good Omens", ["Neil Gaiman", "Terry Pratchett"]
            ))
        #expect(KindleClippings.titleAndAuthors("notes-from-work") == ("notes-from-work", []))
        #expect(KindleClippings.titleAndAuthors("(Untitled)") == ("(Untitled)", []))
    }

    @Test func aNoteWithoutAHighlightStaysANoteAndEmptyOrBrokenEntriesAreSkipped() {
        let text =
            Self.clipping("Book (A. Author)", "- Your Note on Location 50 | Added on Monday, March 4, 2024 9:00:00 AM", "Just a thought.")
            + "garbage line\r\n==========\r\n"
            + Self.clipping("Book (A. Author)", "- Your Highlight on Location 60-61 | Added on Monday, March 4, 2024 9:00:00 AM", "")
        let books = KindleClippings.parse(text).books
        #expect(books.count == 1)
        #expect(
            books[0].highlights == [
                Highlight(text: "", note: "Just a thought.", location: "50", date: BookDate(year: 2024, month: 3, day: 4))
            ])
    }
}
