import Foundation
@testable import ShelfKit
import ShelfTestSupport
import Testing

/// `BookLookupService` against the loopback server playing Open Library and Google Books:
/// what it finds, in which order it asks, and what it caches.
@Suite struct LookupServiceTests {
    typealias ISBNs = FakeBookServices.ISBNs

    @Test func anOpenLibraryHitMapsEveryField() throws {
        let harness = try LookupHarness()
        defer { harness.stop() }
        let found = try harness.service().lookup(isbn(ISBNs.leftHand))
        #expect(found == ExpectedMetadata.leftHand(base: harness.base))
        #expect(harness.openLibraryRequests.count == 1)
        #expect(harness.googleRequests.isEmpty, "Google is not asked when Open Library knows the book")
        let query = try #require(harness.openLibraryRequests.first?.query)
        #expect(query.contains("bibkeys=ISBN:9780441478125"))
        #expect(query.contains("format=json"))
        #expect(query.contains("jscmd=data"))
        #expect(harness.openLibraryRequests.first?.method == "GET")
    }

    @Test func anISBN10IsAskedForAsItsISBN13() throws {
        let harness = try LookupHarness()
        defer { harness.stop() }
        let found = try harness.service().lookup(isbn("0-441-47812-3"))
        #expect(found?.isbn13 == ISBNs.leftHand)
        #expect(harness.openLibraryRequests.first?.query.contains("ISBN:9780441478125") == true)
    }

    @Test func aSparseRecordLeavesTheUnknownFieldsEmpty() throws {
        let harness = try LookupHarness()
        defer { harness.stop() }
        var expected = BookMetadata(isbn13: ISBNs.sparse, source: "openlibrary")
        expected.title = "Fundamentals of data structures"
        expected.published = "1985"
        expected.openlibrary = "OL2589537M"
        #expect(try harness.service().lookup(isbn("0-306-40615-2")) == expected)
        #expect(expected.fieldValues.map(\.key) == ["title", "isbn", "published", "openlibrary", "source"])
    }

    @Test func aRecordKeyedByTheISBN10WithOnlyISBN10IdentifiersIsStillFound() throws {
        let harness = try LookupHarness()
        defer { harness.stop() }
        let found = try #require(try harness.service().lookup(isbn(ISBNs.ficciones)))
        #expect(found.isbn13 == ISBNs.ficciones)
        #expect(found.title == "Ficciones")
        #expect(found.authors == ["Jorge Luis Borges"])
        #expect(found.publisher == "Grove Press")
        #expect(found.published == "1962")
        #expect(found.pages == 174)
        #expect(found.openlibrary == "OL5910947M")
        #expect(found.goodreads == nil && found.coverURL == nil && found.genres.isEmpty)
    }

    @Test func googleIsAskedWhenOpenLibrarySaysEmptyObject() throws {
        let harness = try LookupHarness()
        defer { harness.stop() }
        let found = try harness.service().lookup(isbn(ISBNs.pride))
        #expect(found == ExpectedMetadata.pride(base: harness.base))
        #expect(harness.server.requests.map(\.path) == ["/api/books", "/books/v1/volumes"])
        #expect(harness.googleRequests.first?.query == "q=isbn:9780141439518")
    }

    @Test(arguments: [("2014", "2014"), ("2014-10", "2014-10"), ("2014-10-28", "2014-10-28"), ("Oct 2014", "2014-10")])
    func googleDatesOfEveryPrecisionAreKept(publishedDate: String, expected: String) throws {
        let harness = try LookupHarness(overriding: [
            "/books/v1/volumes": { _ in .json(GoogleBooksFixtures.prideAndPrejudice(publishedDate: publishedDate, images: "http://img")) }
        ])
        defer { harness.stop() }
        let found = try harness.service().lookup(isbn(ISBNs.pride))
        #expect(found?.published == expected)
    }

    @Test func googleEntitiesAreDecodedAndZeroPagesIsUnknown() throws {
        let harness = try LookupHarness()
        defer { harness.stop() }
        let found = try #require(try harness.service().lookup(isbn(ISBNs.foundationsEdge)))
        #expect(found.title == "Foundation's Edge")
        #expect(found.subtitle == nil)
        #expect(found.pages == nil)
        #expect(found.published == "1983-10")
        #expect(found.source == "google")
    }

    @Test func googleAnsweringWithAnotherEditionIsNotAHit() throws {
        let harness = try LookupHarness()
        defer { harness.stop() }
        #expect(try harness.service().lookup(isbn(ISBNs.wayOfKings)) == nil)
        #expect(harness.googleRequests.count == 1)
        #expect(harness.cachedFiles.isEmpty)
    }

    @Test func theVolumeHoldingTheISBNIsPickedAmongOthers() throws {
        let other = GoogleBooksFixtures.volume(
            id: "other", title: "Pride and Prejudice (Annotated)", authors: ["Jane Austen"], publisher: nil,
            publishedDate: "2020", description: "", isbn13: "9780141040349", isbn10: nil, pageCount: 300, categories: [])
        let right = GoogleBooksFixtures.volume(
            id: "right", title: "Pride &amp; Prejudice", authors: ["Jane Austen"], publisher: nil, publishedDate: "2003",
            description: "", isbn13: "9780141439518", isbn10: "0141439513", pageCount: 480, categories: [], images: nil)
        let harness = try LookupHarness(overriding: ["/books/v1/volumes": { _ in .json(GoogleBooksFixtures.answer([other, right])) }])
        defer { harness.stop() }
        let found = try harness.service().lookup(isbn(ISBNs.pride))
        #expect(found?.title == "Pride & Prejudice")
        #expect(found?.published == "2003")
        #expect(found?.coverURL == nil)
    }

    @Test func neitherServiceKnowingTheBookIsNil() throws {
        let harness = try LookupHarness()
        defer { harness.stop() }
        #expect(try harness.service().lookup(isbn(ISBNs.unknown)) == nil)
        #expect(harness.openLibraryRequests.count == 1 && harness.googleRequests.count == 1)
        #expect(harness.cachedFiles.isEmpty, "a miss is not cached")
    }

    @Test func an404FromOpenLibraryIsNotFoundAndGoogleIsAsked() throws {
        let harness = try LookupHarness(overriding: ["/api/books": { _ in .notFound }])
        defer { harness.stop() }
        #expect(try harness.service().lookup(isbn(ISBNs.pride))?.source == "google")
        #expect(try harness.service().lookup(isbn(ISBNs.unknown)) == nil)
    }

    @Test func openLibraryFailingDoesNotHideAGoogleHit() throws {
        let harness = try LookupHarness(overriding: ["/api/books": { _ in .status(503) }])
        defer { harness.stop() }
        #expect(try harness.service().lookup(isbn(ISBNs.pride)) == ExpectedMetadata.pride(base: harness.base))
    }

    @Test func aHitIsCachedUnderXDGCacheHome() throws {
        let harness = try LookupHarness()
        defer { harness.stop() }
        _ = try harness.service().lookup(isbn(ISBNs.leftHand))
        #expect(harness.cachedFiles == ["shelf/lookup/9780441478125.json"])
        let cached = LookupCache(folder: harness.cache.path + "/shelf/lookup").read(try isbn(ISBNs.leftHand))
        #expect(cached == ExpectedMetadata.leftHand(base: harness.base))
    }

    @Test func theCacheAnswersWhileOffline() throws {
        let harness = try LookupHarness()
        defer { harness.stop() }
        let online = try harness.service().lookup(isbn(ISBNs.leftHand))
        let googleOnline = try harness.service().lookup(isbn(ISBNs.pride))
        let offline = harness.service(servicesAt: try LoopbackHTTPServer.closedBaseURL())
        #expect(try offline.lookup(isbn(ISBNs.leftHand)) == online)
        #expect(try offline.lookup(isbn(ISBNs.pride)) == googleOnline)
        #expect(online != nil && googleOnline != nil)
    }

    @Test func refreshSkipsTheCache() throws {
        let harness = try LookupHarness()
        defer { harness.stop() }
        let service = harness.service()
        _ = try service.lookup(isbn(ISBNs.leftHand))
        _ = try service.lookup(isbn(ISBNs.leftHand))
        #expect(harness.openLibraryRequests.count == 1, "the second lookup comes from the cache")
        #expect(try service.lookup(isbn(ISBNs.leftHand), refresh: true) == ExpectedMetadata.leftHand(base: harness.base))
        #expect(harness.openLibraryRequests.count == 2)
        let offline = harness.service(servicesAt: try LoopbackHTTPServer.closedBaseURL())
        let error = lookupError { () throws(LookupError) in try offline.lookup(try! isbn(ISBNs.leftHand), refresh: true) }
        #expect(error?.isConnectivity == true, "refresh asks the (closed) server, not the cache")
    }

    @Test func aCorruptCacheFileIsAskedAgainAndReplaced() throws {
        let harness = try LookupHarness()
        defer { harness.stop() }
        let folder = harness.cache.url.appendingPathComponent("shelf/lookup")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data("{not json".utf8).write(to: folder.appendingPathComponent("9780441478125.json"))
        #expect(try harness.service().lookup(isbn(ISBNs.leftHand)) == ExpectedMetadata.leftHand(base: harness.base))
        #expect(harness.openLibraryRequests.count == 1)
        #expect(LookupCache(folder: folder.path).read(try isbn(ISBNs.leftHand)) != nil)
    }

    @Test func aCacheThatCannotBeWrittenDoesNotFailTheLookup() throws {
        let harness = try LookupHarness()
        defer { harness.stop() }
        let blocker = harness.cache.url.appendingPathComponent("not-a-folder")
        try Data("x".utf8).write(to: blocker)
        var environment = harness.environment()
        environment["XDG_CACHE_HOME"] = blocker.path
        let found = try BookLookupService(environment: environment).lookup(isbn(ISBNs.leftHand))
        #expect(found == ExpectedMetadata.leftHand(base: harness.base))
    }

    @Test func anExpiredCacheEntryIsIgnored() throws {
        let folder = try TemporaryFolder()
        var cache = LookupCache(folder: folder.path)
        cache.write(ExpectedMetadata.leftHand(base: "http://x"))
        #expect(cache.read(try isbn(ISBNs.leftHand)) != nil)
        cache.maximumAge = -1
        #expect(cache.read(try isbn(ISBNs.leftHand)) == nil)
    }

    @Test func theCacheFolderDefaultsToHomeDotCache() {
        #expect(LookupCache(environment: ["HOME": "/home/reader"]).folder == "/home/reader/.cache/shelf/lookup")
        #expect(LookupCache(environment: ["HOME": "/h", "XDG_CACHE_HOME": ""]).folder == "/h/.cache/shelf/lookup")
        #expect(LookupCache(environment: ["HOME": "/h", "XDG_CACHE_HOME": "/c"]).folder == "/c/shelf/lookup")
    }

    @Test func everyRequestSaysItIsShelfAndWhichVersion() throws {
        let harness = try LookupHarness()
        defer { harness.stop() }
        _ = try harness.service().lookup(isbn(ISBNs.unknown))
        _ = try harness.service().search("left hand of darkness")
        #expect(harness.server.requests.count == 3)
        for request in harness.server.requests {
            let agent = try #require(request.userAgent)
            #expect(agent.hasPrefix("shelf/\(ShelfKitVersion.current) "), "\(agent)")
            #expect(agent == HTTPClient.Settings().userAgent)
        }
    }
}
