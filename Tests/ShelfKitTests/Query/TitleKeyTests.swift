import Testing
@testable import ShelfKit

/// `BookSortKey.titleKey` reads an all-ASCII title from its bytes; every other title goes the
/// general way (folding by Foundation). Both must give the key the general way gives.
@Suite struct TitleKeyTests {
    /// The general way, as titleKey worked before its ASCII path.
    static func generalKey(_ title: String) -> String {
        let folded = TextFolding.fold(title)
        for article in ["the ", "a ", "an "] where folded.hasPrefix(article) && folded.utf8.count > article.utf8.count {
            return String(folded.dropFirst(article.count))
        }
        return folded
    }

    @Test func leadingArticlesAreDroppedInAnyCase() {
        #expect(BookSortKey.titleKey("The Dispossessed") == "dispossessed")
        #expect(BookSortKey.titleKey("A Wizard of Earthsea") == "wizard of earthsea")
        #expect(BookSortKey.titleKey("AN Instance of the Fingerpost") == "instance of the fingerpost")
        #expect(BookSortKey.titleKey("the") == "the", "an article alone stays")
        #expect(BookSortKey.titleKey("The ") == "the ", "so does an article with nothing after it")
        #expect(BookSortKey.titleKey("Theory of Everything") == "theory of everything")
        #expect(BookSortKey.titleKey("Anathem") == "anathem")
        #expect(BookSortKey.titleKey("") == "")
    }

    @Test func asciiTitlesGetTheKeyTheGeneralWayGives() {
        var random = CorpusRandom(seed: 53)
        let pieces = ["The ", "the ", "A ", "a ", "An ", "an ", "THE", "Dune", "x", " ", "  ", "\t", "\r\n", "-", "42", "Z", "é", "Ł", "東"]
        for _ in 0..<3000 {
            let title = (0..<random.below(5)).map { _ in random.pick(pieces) }.joined()
            #expect(BookSortKey.titleKey(title) == Self.generalKey(title), "\(title.debugDescription)")
        }
    }
}
