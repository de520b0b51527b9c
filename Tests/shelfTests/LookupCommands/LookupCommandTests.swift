import Foundation
import ShelfTestSupport
import Testing

/// `shelf lookup ISBN` and `shelf lookup --search WORDS` against the loopback services.
@Suite struct LookupCommandTests {
    typealias ISBNs = FakeBookServices.ISBNs

    /// `key  value` lines as printed, split at the padding.
    func fields(_ result: CommandResult) -> [String: String] {
        var fields: [String: String] = [:]
        for line in result.stdoutLines {
            guard let gap = line.range(of: "  ") else { continue }
            fields[String(line[..<gap.lowerBound])] = line[gap.upperBound...].trimmingCharacters(in: .whitespaces)
        }
        return fields
    }

    @Test func textListsTheFoundFieldsInCanonicalOrder() throws {
        let world = try LookupWorld()
        defer { world.stop() }
        let result = try world.run(["lookup", "0-441-47812-3"])
        #expect(result.status == 0, "\(result)")
        #expect(
            result.stdoutLines.map { String($0.prefix { $0 != " " }) } == [
                "title", "subtitle", "authors", "isbn", "publisher", "published", "pages", "genres", "cover",
                "openlibrary", "goodreads", "source",
            ])
        #expect(
            fields(result) == [
                "title": "The Left Hand of Darkness", "subtitle": "50th Anniversary Edition", "authors": "Ursula K. Le Guin",
                "isbn": "9780441478125", "publisher": "Ace Books", "published": "1987-07-15", "pages": "304",
                "genres": "Science fiction, Gender identity, Winter", "cover": world.base + "/covers/b/id/8231856-L.jpg",
                "openlibrary": "OL7283254M", "goodreads": "18423", "source": "openlibrary",
            ])
        #expect(result.stdoutLines.first == "title        The Left Hand of Darkness", "values line up after the longest key")
    }

    @Test func jsonTypesPagesAsANumberAndListsAsArrays() throws {
        let world = try LookupWorld()
        defer { world.stop() }
        let result = try world.run(["lookup", ISBNs.pride, "--format", "json"])
        #expect(result.status == 0, "\(result)")
        let object = try parseJSONObject(result.stdout)
        #expect(object["title"] as? String == "Pride & Prejudice")
        #expect(object["authors"] as? [String] == ["Jane Austen"])
        #expect(object["publisher"] as? String == "Penguin & Classics")
        #expect(object["published"] as? String == "2014-10-28")
        #expect(isJSONNumber(object["pages"]) && object["pages"] as? Int == 480)
        #expect(object["genres"] as? [String] == ["Fiction", "Classics", "Romance"])
        #expect(object["language"] as? String == "en")
        #expect(object["isbn"] as? String == ISBNs.pride)
        #expect(object["source"] as? String == "google")
        #expect(object["openlibrary"] == nil)
    }

    @Test
    func jsonWritesAYearOnlyDateAsAStringLikeShow() throws {
        let world = try LookupWorld()
        defer { world.stop() }
        let result = try world.run(["lookup", FakeBookServices.ISBNs.ficciones, "--json"])
        #expect(result.status == 0, "\(result)")
        let object = try parseJSONObject(result.stdout)
        #expect(object["published"] as? String == "1962", "\(result.stdout)")
        #expect(isJSONNumber(object["pages"]))
    }

    @Test func lookupWorksOutsideALibraryAndCachesOutsideIt() throws {
        let world = try LookupWorld(config: nil)
        defer { world.stop() }
        let before = try world.library.snapshot()
        let result = try world.run(["lookup", ISBNs.leftHand])
        #expect(result.status == 0, "\(result)")
        #expect(try world.library.snapshot() == before, "nothing is written in the current folder")
        #expect(world.cache.files() == ["shelf/lookup/9780441478125.json"])
        let offline = try world.runOffline(["lookup", ISBNs.leftHand, "--json"])
        #expect(offline.status == 0, "the cache answers offline: \(offline)")
        #expect(try parseJSONObject(offline.stdout)["title"] as? String == "The Left Hand of Darkness")
        let refreshing = try world.runOffline(["lookup", ISBNs.leftHand, "--refresh"])
        #expect(refreshing.status == 1, "--refresh skips the cache: \(refreshing)")
    }

    @Test func anUnknownISBNExitsOne() throws {
        let world = try LookupWorld()
        defer { world.stop() }
        let result = try world.run(["lookup", ISBNs.unknown])
        #expect(result.status == 1, "\(result)")
        #expect(result.stdout.isEmpty)
        #expect(result.stderr == "shelf: 9780547928210: neither Open Library nor Google Books knows this ISBN\n")
        let otherEdition = try world.run(["lookup", ISBNs.wayOfKings])
        #expect(otherEdition.status == 1, "Google's other edition is not this book: \(otherEdition)")
    }

    @Test func anInvalidISBNIsRefusedWithoutAsking() throws {
        let world = try LookupWorld()
        defer { world.stop() }
        let result = try world.run(["lookup", "0-441-47812-4"])
        #expect(result.status == 1, "\(result)")
        #expect(result.stderr == "shelf: '0-441-47812-4' is not a valid ISBN: check digit is 4, expected 3\n")
        #expect(world.server.requests.isEmpty)
    }

    @Test func offlineSaysSoAndExitsOne() throws {
        let world = try LookupWorld()
        defer { world.stop() }
        let result = try world.runOffline(["lookup", ISBNs.leftHand])
        #expect(result.status == 1, "\(result)")
        #expect(result.stderr.hasPrefix("shelf: cannot reach 127.0.0.1"), "\(result)")
        #expect(result.stderr.contains("are you online?"))
    }

    @Test func aCaptivePortalIsNamedAsSuch() throws {
        let world = try LookupWorld(overriding: ["/": { _ in .html() }])
        defer { world.stop() }
        let result = try world.run(["lookup", ISBNs.leftHand])
        #expect(result.status == 1, "\(result)")
        #expect(result.stderr == "shelf: 127.0.0.1 sent a web page instead of data (a captive portal or an error page?)\n")
    }

    @Test func theRequestsSayTheyAreShelf() throws {
        let world = try LookupWorld()
        defer { world.stop() }
        _ = try world.run(["lookup", ISBNs.unknown])
        #expect(world.server.requests.count == 2)
        #expect(world.server.requests.allSatisfy { $0.userAgent?.hasPrefix("shelf/") == true })
        let version = try world.run(["--version"])
        let agent = world.server.requests.first?.userAgent ?? ""
        #expect(agent.contains(version.stdout.trimmingCharacters(in: .whitespacesAndNewlines)), "\(agent) vs \(version)")
    }

    @Test func searchPrintsEachHitWithTheCommandToAddIt() throws {
        let world = try LookupWorld()
        defer { world.stop() }
        let result = try world.run(["lookup", "--search", "left hand of darkness"])
        #expect(result.status == 0, "\(result)")
        #expect(
            result.stdoutLines == [
                "The Left Hand of Darkness (1969) — Ursula K. Le Guin",
                "    shelf add --isbn 9780441478125   (also 9780441013593)",
                "Notes on \"The Left Hand of Darkness\"",
                "    no ISBN",
            ])
        let request = try #require(world.server.requests(to: "/search.json").first)
        #expect(request.query.removingPercentEncoding?.contains("q=left hand of darkness") == true, "\(request.query)")
    }

    @Test func searchAsJSON() throws {
        let world = try LookupWorld()
        defer { world.stop() }
        let result = try world.run(["lookup", "--search", "darkness", "--json"])
        #expect(result.status == 0, "\(result)")
        let hits = try parseJSONArray(result.stdout)
        #expect(hits.count == 2)
        #expect(hits[0]["title"] as? String == "The Left Hand of Darkness")
        #expect(hits[0]["authors"] as? [String] == ["Ursula K. Le Guin"])
        #expect(hits[0]["year"] as? Int == 1969)
        #expect(hits[0]["isbns"] as? [String] == ["9780441478125", "9780441013593"])
        #expect(hits[1]["year"] is NSNull)
    }

    @Test func searchFindingNothingSaysSo() throws {
        let world = try LookupWorld()
        defer { world.stop() }
        let result = try world.run(["lookup", "--search", "zzxq"])
        #expect(result.status == 0, "\(result)")
        #expect(result.stdoutLines == ["Nothing found for 'zzxq'."])
    }

    @Test func exactlyOneModeIsRequired() throws {
        let world = try LookupWorld()
        defer { world.stop() }
        for args in [["lookup"], ["lookup", ISBNs.leftHand, "--pending"], ["lookup", "--pending", "--search", "x"]] {
            let result = try world.run(args)
            #expect(result.status != 0, "\(args)")
            #expect(result.stderr.contains("give an ISBN, or --pending, or --search WORDS"), "\(args): \(result)")
        }
    }
}
