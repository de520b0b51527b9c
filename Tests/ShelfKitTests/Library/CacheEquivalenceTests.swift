import Foundation
import Synchronization
import Testing
@testable import ShelfKit

/// The cache must never change an answer: after each of a long, seeded run of random changes
/// (edits in place, edits that keep the size and set the time back, renames, deletions, new
/// books, broken files, and a truncated or garbage cache file), every query answers the same
/// through the cache as by reading every file.
@Suite struct CacheEquivalenceTests {
    static let today = BookDate(year: 2025, month: 6, day: 10)

    /// Queries of every kind the language has: words, phrases, prefixes, fields, comparisons,
    /// ranges, relative dates, reads, presence, and the operators.
    static let queries = [
        "", "dune", "le guin", "\"left hand\"", "\"the reader\"", "estraven", "anc*", "9780441013593",
        "tag:sci-fi", "tag:classics", "-tag:sci-fi", "tag:sci-fi OR tag:fantasy", "status:read", "status:reading",
        "-status:read", "rating:>=4", "rating:5", "rating:3..4", "-has:rating", "has:series", "has:isbn",
        "finished:2024", "finished:2020..2022", "finished:>=-1y", "started:2023..", "added:>2023-06",
        "published:..1950", "pages:>300", "pages:<200", "author:\"le guin\"", "authors:banks", "series:=dune",
        "title:/^the /", "publisher:ace", "language:en", "genres:\"science fiction\"", "format:paperback",
        "(tag:sci-fi rating:>=4) OR status:reading", "NOT (rating:5 OR finished:2024)", "location:shelf",
        "@reading", "@unrated",
        // Answered from the index's tags and columns (`IndexPrefilter`), NOT included.
        "tag:SCI-FI", "tag:sci-fi tag:classics", "tag:sci-fi -tag:classics", "NOT tag:sci-fi", "tags:=sci-fi",
        "tag:nowhere", "tag:sci-fi OR (tag:classics -tag:fantasy)", "rating:>3", "rating:<=2 OR -has:rating", "pages:300..",
        "pages:..250", "-rating:4..5", "finished:<2024", "finished:<=2023-06", "started:>-2y", "added:2023", "published:>1960",
        "-finished:2024 tag:sci-fi", "status:to-read OR status:abandoned", "-status:reading -tag:classics",
        // Bare words narrowed by the words each entry records (NOT only when exact).
        "-estraven", "dune OR estraven", "-dune tag:sci-fi", "ursula -dune", "anc* -tag:sci-fi", "reader new", "\"ann leckie\"",
        "NOT (the OR a)", "sci", "leckie status:reading",
        // Phrases looked for in the notes of the books whose own texts lack one of their words.
        "\"of the\"", "\"the of\"", "\"of all\"", "-\"of the\"", "\"of the\" -tag:sci-fi", "\"left hand\" OR \"of the\"",
        "\"hand left\"", "\"darkness of\"",
    ]

    /// Every query's answer (matching paths, in order) and the problems reported.
    static func answers(_ library: Library) throws -> [String] {
        var lines: [String] = []
        for query in queries {
            let expression = try library.queryParser(today: today).parse(query)
            let result = try library.query(expression, today: today)
            lines.append(query + " → " + result.books.map(\.path).joined(separator: ", "))
            // In title order, both ways: from the index's title ranks when it answers alone.
            for reversed in [false, true] {
                let ordered = try library.pathsInTitleOrder(expression, today: today, reversed: reversed)?.paths
                    ?? BookSortKey.title.sort(result.books, reversed: reversed).map(\.path)
                lines.append("  by title\(reversed ? ", reversed" : ""): " + ordered.joined(separator: ", "))
            }
            lines.append(contentsOf: result.problems.map { "  problem: \($0)" })
        }
        return lines
    }

    @Test func randomChangesNeverChangeAnAnswer() throws {
        let test = try CacheTestLibrary()
        defer { test.remove() }
        let cached = try test.indexedLibrary()
        let fresh = try Library(root: test.root)
        var random = SyncRandom(seed: 20_261_126)
        var changes: [String] = []
        #expect(try Self.answers(cached) == Self.answers(fresh))
        for round in 0..<30 {
            changes.append(try change(test, round: round, random: &random))
            let expected = try Self.answers(fresh)
            let got = try Self.answers(cached)
            #expect(got == expected, "after: \(changes.joined(separator: "; "))")
            if got != expected { break }
        }
        // The cache was used, not bypassed: a last warm load takes every book from it but the
        // broken ones, read every time, and the few changed since it was last written, which a
        // query reads again rather than write the whole index (`IndexedQuery.quick()`).
        let scan = try BookFileScanner.scanAll(root: test.root)
        let warm = cached.loadBooks(scan.books, withNotes: false, started: FileStamp.now() + 10_000_000_000)
        #expect(warm.cacheHits + warm.problems.count >= scan.books.count - IndexedQuery.quickRereadLimit(scan.books.count))
        #expect(warm.cacheHits > scan.books.count / 2)
    }

    @Test func aQueryIsAnsweredFromTheIndexDecodingOnlyItsCandidates() throws {
        let test = try CacheTestLibrary()
        defer { test.remove() }
        let cached = try test.indexedLibrary()
        let fresh = try Library(root: test.root)
        let parser = cached.queryParser(today: Self.today)
        let total = try fresh.load().index.books.count
        // No cache yet: the first query reads every file and writes the index.
        #expect(try Self.indexed(cached, parser.parse("tag:sci-fi")) != nil)
        for query in ["tag:sci-fi -tag:classics", "tag:sci-fi rating:>=4", "rating:3..4 -status:read", "finished:2024 OR pages:>300",
                      "NOT (rating:5 OR finished:2024)"] {
            let expression = try parser.parse(query)
            let answer = try #require(try Self.indexed(cached, expression), "\(query)")
            #expect(answer.books.map(\.path) == (try fresh.query(expression, today: Self.today)).books.map(\.path), "\(query)")
            // Only the books the index leaves as candidates were decoded: for these terms, the answer.
            #expect(answer.index.books.count == answer.books.count, "\(query)")
            #expect(answer.books.count < total, "\(query)")
        }
        // A term the index does not know (a word of the notes, a regex) leaves every book a candidate.
        let words = try parser.parse("estraven tag:sci-fi")
        let wordAnswer = try #require(try Self.indexed(cached, words))
        #expect(wordAnswer.books.map(\.path) == (try fresh.query(words, today: Self.today)).books.map(\.path))
        // An empty answer decodes nothing.
        let nowhere = try #require(try Self.indexed(cached, parser.parse("tag:nowhere")))
        #expect(nowhere.matches.isEmpty && nowhere.index.books.isEmpty)

        // A file added: read alone, recorded, and part of the answer.
        let tags = try parser.parse("tag:sci-fi -tag:classics")
        try test.write("new.md", "---\ntitle: New\ntags: [sci-fi]\n---\n")
        #expect(try Self.indexed(cached, tags)?.books.map(\.path).contains("new.md") == true)
        #expect(try cached.query(tags, today: Self.today).books == fresh.query(tags, today: Self.today).books)
        // A broken file is reported, and the others still answer.
        try test.write("new.md", "---\ntitle: [broken\n---\n")
        let broken = try #require(try Self.indexed(cached, tags))
        #expect(broken.problems.count == 1)
        #expect(broken.books == (try fresh.query(tags, today: Self.today)).books)
    }

    @Test func aFileWrittenMomentsAgoIsAnsweredButNotRecorded() throws {
        let test = try CacheTestLibrary()
        defer { test.remove() }
        var cached = try test.indexedLibrary()
        let fresh = try Library(root: test.root)
        let parser = cached.queryParser(today: Self.today)
        let tags = try parser.parse("tag:sci-fi")
        _ = try cached.query(tags, today: Self.today)
        // Now by the real clock: a file written now is too recent to record.
        cached.clock = FileStamp.now
        try test.write("aaa-new.md", "---\ntitle: Aaa\ntags: [sci-fi]\n---\n")
        let answer = try #require(try Self.indexed(cached, tags))
        #expect(answer.books.map(\.path) == (try fresh.query(tags, today: Self.today)).books.map(\.path))
        #expect(answer.books.first?.path == "aaa-new.md", "in path order among the recorded books")
        let location = try #require(cached.cacheLocation)
        let cache = try #require(LibraryCache.read(location, withNotes: false))
        #expect(!(0..<cache.entries.count).contains { cache.pathOf($0) == "aaa-new.md" })
    }

    @Test func queriesAtOnceWhileFilesChangeLeaveAWholeIndex() throws {
        let test = try CacheTestLibrary()
        defer { test.remove() }
        let cached = try test.indexedLibrary()
        let parser = cached.queryParser(today: Self.today)
        let queries = try ["tag:sci-fi", "rating:>=4 -status:read", "estraven OR dune", "finished:2024"].map(parser.parse)
        let paths = try BookFileScanner.scan(root: test.root)
        let failures = Mutex<[String]>([])
        // Two readers, each of which rewrites the index whenever it finds a file changed, while
        // a third changes files under them.
        DispatchQueue.concurrentPerform(iterations: 3) { worker in
            for round in 0..<25 {
                if worker == 2 {
                    let path = paths[round % paths.count]
                    guard let text = try? test.read(path) else { continue }
                    try? test.write(path, text.replacingOccurrences(of: "rating: ", with: "rating: \(round % 5 + 1)\n_was: "))
                    continue
                }
                for query in queries where (try? cached.query(query, today: Self.today)) == nil {
                    failures.withLock { $0.append("worker \(worker), round \(round)") }
                }
            }
        }
        #expect(failures.withLock { $0 }.isEmpty)
        let location = try #require(cached.cacheLocation)
        #expect(LibraryCache.read(location, withNotes: true) != nil, "the index left is whole")
        let fresh = try Library(root: test.root)
        for query in queries {
            #expect(try cached.query(query, today: Self.today).books.map(\.path) == fresh.query(query, today: Self.today).books.map(\.path))
        }
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: test.cacheFolder).filter { $0.hasPrefix(".tmp-") }
        #expect(leftovers.isEmpty, "no temporary file is left: \(leftovers)")
    }

    /// What the index answers for `expression`, or nil when it leaves it to the full load.
    static func indexed(_ library: Library, _ expression: QueryExpression) throws -> QueryResult? {
        let query = IndexedQuery(expression, over: library, today: today)
        return query.indexed(try BookFileScanner.scanAll(root: library.root)).flatMap(query.answer(from:))
    }

    /// Makes one random change to the library or its cache; returns what it did.
    private func change(_ test: CacheTestLibrary, round: Int, random: inout SyncRandom) throws -> String {
        let books = try BookFileScanner.scan(root: test.root)
        let path = books[random.next(upTo: books.count)]
        let text = (try? test.read(path)) ?? ""
        switch random.next(upTo: 10) {
        case 0:
            let rating = random.next(upTo: 5) + 1
            try test.write(path, replacingLine(in: text, key: "rating", with: "rating: \(rating)"))
            return "rated \(path) \(rating)"
        case 1:
            // The same size, in place, with the time set back: only the change time tells.
            let before = try #require(FileStamp.of(path: test.path(path)))
            try test.overwriteInPlace(path, text.replacingOccurrences(of: "sci-fi", with: "sci-fy"))
            test.restoreModificationTime(path, from: before)
            return "sci-fi → sci-fy in \(path), time set back"
        case 2:
            let target = "moved-\(round).md"
            try FileManager.default.moveItem(atPath: test.path(path), toPath: test.path(target))
            return "moved \(path) to \(target)"
        case 3:
            try FileManager.default.removeItem(atPath: test.path(path))
            return "removed \(path)"
        case 4:
            // Titles repeat (with and without an article), so that equal title keys are ordered by path.
            try test.write("new-\(round).md", "---\ntitle: \(round % 2 == 0 ? "The " : "")New \(round % 3)\nauthors: [Ann Leckie]\ntags: [sci-fi]\nstatus: reading\n"
                + "finished: 2024-0\(random.next(upTo: 9) + 1)-01\n---\n\nThe reader of Estraven.\n")
            return "added new-\(round).md"
        case 5:
            try test.write(path, "---\ntitle: [unclosed\n---\n")
            return "broke \(path)"
        case 6:
            try test.write(path, "# Only a heading, no front matter\n")
            return "made \(path) a note"
        case 7:
            if let file = test.cacheFile, let size = try? FileManager.default.attributesOfItem(atPath: file)[.size] as? Int {
                let handle = try #require(FileHandle(forWritingAtPath: file))
                try handle.truncate(atOffset: UInt64(size / 2))
                try handle.close()
            }
            return "truncated the cache"
        case 8:
            if let file = test.cacheFile {
                var bytes = try Data(contentsOf: URL(fileURLWithPath: file))
                for _ in 0..<20 where !bytes.isEmpty { bytes[random.next(upTo: bytes.count)] ^= 0x5A }
                try bytes.write(to: URL(fileURLWithPath: file))
            }
            return "garbled the cache"
        default:
            try test.write(path, text.replacingOccurrences(of: "finished: 20", with: "finished: 19"))
            return "moved \(path)'s finish back a century"
        }
    }

    private func replacingLine(in text: String, key: String, with line: String) -> String {
        var lines = text.components(separatedBy: "\n")
        if let index = lines.firstIndex(where: { $0.hasPrefix(key + ":") }) {
            lines[index] = line
        } else if lines.first == "---" {
            lines.insert(line, at: 1)
        }
        return lines.joined(separator: "\n")
    }
}
