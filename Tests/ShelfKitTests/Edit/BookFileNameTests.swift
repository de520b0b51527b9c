import Testing
@testable import ShelfKit

/// File names for books: lowercase slugs (Latin folded to ASCII, other scripts kept) from the template, at most 100 bytes, never a
/// leading dot, unique with `-2`, `-3`; the author's family name with its particles.
@Suite struct BookFileNameTests {
    @Test(arguments: [
        ("Le Guin", "le-guin"), ("Gödel, Escher, Bach", "godel-escher-bach"), ("Ender's Game", "enders-game"),
        ("Ender\u{2019}s Game", "enders-game"), ("The Left Hand of Darkness", "the-left-hand-of-darkness"),
        ("  Dune!!  ", "dune"), ("C++ / C#: A Guide", "c-c-a-guide"), ("Ça m'est égal", "ca-mest-egal"),
        ("三体", "三体"), ("Мастер и Маргарита", "мастер-и-маргарита"), ("Война и мир", "война-и-мир"),
        ("Οδύσσεια", "οδύσσεια"), ("ノルウェイの森", "ノルウェイの森"), ("ألف ليلة وليلة", "ألف-ليلة-وليلة"),
        ("Пикник на обочине!", "пикник-на-обочине"), ("🚀 Launch", "launch"), ("1984", "1984"), ("...", ""),
        ("a/b\\c:d*e?f\"g<h>i|j", "a-b-c-d-e-f-g-h-i-j"), (".hidden", "hidden"), ("Ñandú", "nandu"),
    ])
    func slugs(text: String, slug: String) {
        #expect(BookFileName.slug(text) == slug)
    }

    @Test(arguments: [
        ("Ursula K. Le Guin", "Le Guin"), ("Le Guin, Ursula K.", "Le Guin"), ("Ludwig van Beethoven", "van Beethoven"),
        ("Johann Wolfgang von Goethe", "von Goethe"), ("Leonardo da Vinci", "da Vinci"), ("Plato", "Plato"),
        ("Frank Herbert", "Herbert"), ("Honoré de Balzac", "de Balzac"), ("Ibn al Haytham", "al Haytham"),
        ("Vincent van der Berg", "van der Berg"), ("Liu Cixin", "Cixin"), ("", ""),
        ("Kurt Vonnegut Jr.", "Vonnegut"), ("Martin Luther King, Jr.", "King"), ("Walter M. Miller Jr", "Miller"),
        ("Henry Louis Gates Jr., PhD", "Gates"),
    ])
    func lastNames(author: String, last: String) {
        #expect(BookFileName.lastName(author) == last)
    }

    func book(_ title: String, authors: [String] = [], published: String? = nil) -> Book {
        var book = Book(path: "", title: title)
        book.authors = authors
        book.published = published.flatMap(BookDate.init)
        return book
    }

    @Test func namesFromTheTemplate() {
        let left = book("The Left Hand of Darkness", authors: ["Ursula K. Le Guin"], published: "1969")
        #expect(BookFileName.name(for: left, template: "{author}-{title}") == "le-guin-the-left-hand-of-darkness.md")
        #expect(BookFileName.name(for: left, template: "{year} {title}") == "1969-the-left-hand-of-darkness.md")
        #expect(BookFileName.name(for: left, template: "{title}") == "the-left-hand-of-darkness.md")
        #expect(BookFileName.name(for: book("Dune"), template: "{author}-{title}") == "dune.md")
        #expect(BookFileName.name(for: book("Dune", authors: ["Frank Herbert"]), template: "{year}-{author}") == "herbert.md")
        #expect(BookFileName.name(for: book("三体", authors: ["刘慈欣"]), template: "{author}-{title}") == "刘慈欣-三体.md")
        #expect(BookFileName.name(for: book("三体"), template: "books/{title}") == "books-三体.md")
        #expect(
            BookFileName.name(for: book("Breakfast of Champions", authors: ["Kurt Vonnegut Jr."]), template: "{author}-{title}")
                == "vonnegut-breakfast-of-champions.md")
    }

    @Test func aNameIsAtMost100BytesAndNeverStartsWithADot() {
        let long = book(String(repeating: "Word ", count: 60), authors: ["A. Very-Long-Surname"])
        let name = BookFileName.name(for: long, template: "{author}-{title}")
        #expect(name.utf8.count <= 100)
        #expect(name.hasSuffix(".md"))
        #expect(!name.hasSuffix("-.md"))
        #expect(name.hasPrefix("very-long-surname-word-word"))
        for title in [".hidden", "..", ".", "-dash", "--x--"] {
            let name = BookFileName.name(for: book(title), template: "{title}")
            #expect(!name.hasPrefix("."), "\(name)")
            #expect(!name.hasPrefix("-"), "\(name)")
        }
    }

    @Test func uniqueNamesCountFromTwo() {
        var taken: Set<String> = ["dune.md"]
        #expect(BookFileName.unique("new.md") { taken.contains($0) } == "new.md")
        #expect(BookFileName.unique("dune.md") { taken.contains($0) } == "dune-2.md")
        taken.insert("dune-2.md")
        #expect(BookFileName.unique("dune.md") { taken.contains($0) } == "dune-3.md")
        taken.formUnion((3...9).map { "dune-\($0).md" })
        #expect(BookFileName.unique("dune.md") { taken.contains($0) } == "dune-10.md")
    }

    @Test func aUniqueNameOfALongStemStaysWithin100Bytes() {
        let stem = String(repeating: "abcdefghij", count: 10).prefix(97)
        let name = stem + ".md"
        #expect(name.utf8.count == 100)
        let unique = BookFileName.unique(String(name)) { $0 == String(name) }
        #expect(unique.utf8.count == 100)
        #expect(unique.hasSuffix("-2.md"))
        // A cut that lands on a dash does not leave a double dash.
        let dashed = String(repeating: "ab-", count: 40).prefix(97) + ".md"
        let uniqueDashed = BookFileName.unique(String(dashed)) { $0 == String(dashed) }
        #expect(!uniqueDashed.contains("--"), "\(uniqueDashed)")
        #expect(uniqueDashed.utf8.count <= 100)
    }
}

@Suite struct BookFileNameUnicodeTests {
    @Test func aLongNonLatinTitleIsCutOnACharacterWithinTheByteLimit() {
        var book = Book(path: "", title: String(repeating: "春", count: 80))
        book.authors = []
        let name = BookFileName.name(for: book, template: "{title}")
        #expect(name.utf8.count <= BookFileName.maximumBytes)
        #expect(name.hasSuffix("春.md"))
        let next = BookFileName.unique(name) { $0 == name }
        #expect(next.utf8.count <= BookFileName.maximumBytes && next.hasSuffix("-2.md"))
    }

    @Test func authorsSortBySurnameWhateverTheSuffix() {
        #expect(BookSortKey.sortName("Kurt Vonnegut Jr.") == "Vonnegut, Kurt, Jr.")
        #expect(BookSortKey.sortName("Martin Luther King, Jr.") == "King, Martin Luther, Jr.")
        #expect(BookSortKey.sortName("Ursula K. Le Guin") == "Le Guin, Ursula K.")
        #expect(BookSortKey.sortName("Le Guin, Ursula K.") == "Le Guin, Ursula K.")
    }
}
