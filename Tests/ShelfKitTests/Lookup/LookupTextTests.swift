import Foundation
import ShelfTestSupport
import Testing
@testable import ShelfKit

/// `PublishDate.normalize`: the dates services write, turned into dates shelf reads.
@Suite struct LookupPublishDateTests {
    @Test(arguments: [
        ("July 28, 2008", "2008-07-28"),
        ("July 15, 1987", "1987-07-15"),
        ("28 July 2008", "2008-07-28"),
        ("Mar 1969", "1969-03"),
        ("March 1969", "1969-03"),
        ("Sept. 1999", "1999-09"),
        ("May 5, 2001", "2001-05-05"),
        ("1 janvier 2000", "2000-01-01"),
        ("2014", "2014"),
        ("2014-10", "2014-10"),
        ("2014-10-28", "2014-10-28"),
        ("  2014-10-28 ", "2014-10-28"),
        ("c1985", "1985"),
        ("1985?", "1985"),
        ("February 30, 2001", "2001-02"),
        ("February 29, 2000", "2000-02-29"),
        ("February 29, 2001", "2001-02"),
        ("Spring 1999", "1999"),
    ])
    func aDateIsNormalized(text: String, expected: String) {
        #expect(PublishDate.normalize(text) == expected)
    }

    @Test(arguments: ["", "n.d.", "unknown", "July", "19th century"])
    func noYearIsNoDate(text: String) {
        #expect(PublishDate.normalize(text) == nil)
    }

    @Test
    func aBracketedCatalogueYearIsKept() {
        #expect(PublishDate.normalize("[1969]") == "1969")
        #expect(PublishDate.normalize("[c1985]") == "1985")
    }
}

/// `HTMLEntities.decode` and the `clean` every service text goes through.
@Suite struct LookupHTMLEntitiesTests {
    @Test(arguments: [
        ("Pride &amp; Prejudice", "Pride & Prejudice"),
        ("Foundation&#39;s Edge", "Foundation's Edge"),
        ("Don&#x2019;t Panic", "Don\u{2019}t Panic"),
        ("&#X41;&#66;C", "ABC"),
        ("&quot;Quoted&quot; &lt;b&gt;", "\"Quoted\" <b>"),
        ("Les Mis&eacute;rables", "Les Misérables"),
        ("A&nbsp;B", "A\u{00A0}B"),
        ("&amp;amp;", "&amp;"),
        ("AT&T", "AT&T"),
        ("Tom & Jerry", "Tom & Jerry"),
        ("a &bogus; entity", "a &bogus; entity"),
        ("&amp Jerry;", "&amp Jerry;"),
        ("trailing &", "trailing &"),
        ("&#xD800; is a surrogate", "&#xD800; is a surrogate"),
        ("&#99999999;", "&#99999999;"),
        ("no entities", "no entities"),
        ("", ""),
    ])
    func entitiesAreDecoded(text: String, expected: String) {
        #expect(HTMLEntities.decode(text) == expected)
    }

    @Test func serviceTextIsDecodedAndTrimmed() {
        #expect(clean("  Pride &amp; Prejudice \n") == "Pride & Prejudice")
    }
}

/// Open Library's search, mapped to hits the user can add by ISBN.
@Suite struct LookupSearchTests {
    @Test func searchHitsKeepValidUniqueISBN13s() throws {
        let harness = try LookupHarness()
        defer { harness.stop() }
        let hits = try harness.service().search("left hand of darkness")
        #expect(
            hits == [
                .init(
                    title: "The Left Hand of Darkness", authors: ["Ursula K. Le Guin"], year: 1969,
                    isbns: ["9780441478125", "9780441013593"]),
                .init(title: "Notes on \"The Left Hand of Darkness\"", authors: [], year: nil, isbns: []),
            ])
        let request = try #require(harness.server.requests(to: "/search.json").first)
        #expect(request.query.contains("q=left%20hand%20of%20darkness") || request.query.contains("q=left+hand+of+darkness"))
        #expect(request.query.contains("limit=10"))
        #expect((request.query.removingPercentEncoding ?? "").contains("fields=title,author_name,first_publish_year,isbn"))
    }

    @Test func searchFindingNothingIsEmpty() throws {
        let harness = try LookupHarness()
        defer { harness.stop() }
        #expect(try harness.service().search("zzxq").isEmpty)
    }

    @Test func searchWithoutADocsListIsMalformed() throws {
        let harness = try LookupHarness(routes: { _, _ in .json(#"{"error": "oops"}"#) })
        defer { harness.stop() }
        let error = lookupError { () throws(LookupError) in try harness.service().search("x") }
        #expect(error == .malformedJSON(host: "127.0.0.1", reason: "no docs list"))
    }

    @Test func theLimitCapsTheHits() throws {
        let harness = try LookupHarness()
        defer { harness.stop() }
        #expect(try harness.service().search("darkness", limit: 1).count == 1)
    }
}

/// `MetadataFiller`: what a lookup changes in a book that already has values.
@Suite struct LookupFillerTests {
    func book(_ frontMatter: String) throws -> Book {
        let document = try BookDocument(bytes: Array("---\n\(frontMatter)\n---\n".utf8))
        let frontMatter = try #require(document.frontMatter)
        return try #require(Book(path: "b.md", frontMatter: frontMatter))
    }

    @Test func onlyEmptyFieldsAreFilledUnlessOverwriting() throws {
        let metadata = ExpectedMetadata.leftHand(base: "http://c")
        let existing = try book("title: My Title\nauthors: [Le Guin]\nisbn: \"0441478123\"\npages: 300\ntags: [mine]")
        let changes = MetadataFiller.changes(to: existing, from: metadata, overwrite: false)
        #expect(!changes.contains { ["title", "authors", "pages", "isbn"].contains($0.key) })
        #expect(changes.map(\.key) == ["subtitle", "publisher", "published", "genres", "cover", "openlibrary", "goodreads", "source"])
        let overwriting = MetadataFiller.changes(to: existing, from: metadata, overwrite: true)
        #expect(overwriting.first { $0.key == "title" } == .init(key: "title", old: "My Title", new: "The Left Hand of Darkness"))
        #expect(overwriting.first { $0.key == "pages" } == .init(key: "pages", old: "300", new: "304"))
        #expect(!overwriting.contains { $0.key == "isbn" })
    }

    @Test func thePlaceholderTitleOfAPendingBookIsReplaced() throws {
        let pending = try book("title: ISBN 9780441478125\nisbn: \"9780441478125\"\nlookup: pending")
        let changes = MetadataFiller.changes(to: pending, from: ExpectedMetadata.leftHand(base: "http://c"), overwrite: false)
        #expect(changes.first == .init(key: "title", old: "ISBN 9780441478125", new: "The Left Hand of Darkness"))
        let edits = MetadataFiller.edits(for: changes, metadata: ExpectedMetadata.leftHand(base: "http://c"), removingMarker: true)
        #expect(edits.count == changes.count + 1)
    }
}
