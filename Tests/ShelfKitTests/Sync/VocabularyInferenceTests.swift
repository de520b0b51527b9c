import Foundation
import Testing
@testable import ShelfKit

/// `shelf detect` infers each mapping from the values the files hold (issue 45): small vaults
/// shaped like the public ones measured in docs/vaults.md.
@Suite struct VocabularyInferenceTests {
    /// The report on a folder of notes, each `(path, front matter)`.
    static func detect(_ notes: [(String, String)]) throws -> VocabularyDetector.Report {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("shelf-detect-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: root) }
        for (path, frontMatter) in notes {
            let url = URL(fileURLWithPath: root + "/" + path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data("---\n\(frontMatter)\n---\nNotes.\n".utf8).write(to: url)
        }
        return try VocabularyDetector(library: Library(root: root)).run()
    }

    @Test func aBookSearchVaultUsingSomeOfThePluginsKeysIsProposedOnlyThose() throws {
        // The plugin's notes without myRate, tag, startReadDate or finishReadDate: Goodreads'
        // export turned into notes, as in the largest vault measured.
        let report = try Self.detect((1...4).map { index in
            ("Books/book\(index).md", """
                title: Book \(index)
                author: Writer Number\(String(repeating: "e", count: index))
                category: [Fiction]
                publish: 19\(60 + index)-03-01
                total: \(200 + index)
                rating: \(index)
                shelf: \(index == 4 ? "to-read" : "read")
                created: 2024-03-0\(index) 10:11:12
                """)
        })
        let keys = report.proposed.keys
        #expect(keys[.rating] == nil && keys[.tags] == nil && keys[.started] == nil && keys[.finished] == nil, "\(keys)")
        #expect(keys[.pages] == "total" && keys[.published] == "publish" && keys[.genres] == "category", "\(keys)")
        #expect(keys[.status] == "shelf" && keys[.authors] == "author" && keys[.added] == "created", "\(keys)")
        #expect(report.support[.pages] == 4)
        // Every proposed key is one the files hold.
        let used = Set(report.keyCounts.map(\.key))
        #expect(keys.values.allSatisfy(used.contains), "\(keys)")
    }

    @Test func hugoBundlesWithNestedParamsAreMappedByTheirPath() throws {
        let report = try Self.detect((1...3).map { index in
            ("content/books/book\(index)/index.md", """
                title: Book \(index)
                date: 2023-0\(index)-01
                params:
                  author: Author Number\(String(repeating: "e", count: index))
                  isbn: "9780441172719"
                """)
        })
        #expect(report.proposed.keys == [.authors: "params.author", .isbn: "params.isbn"], "\(report.proposed.keys)")
        #expect(report.support[.authors] == 3)
        #expect(report.nested.isEmpty, "\(report.nested)")
    }

    @Test func aNameBesideASlugIsTheAuthor() throws {
        let report = try Self.detect([
            ("a.md", "title: Maps of Meaning\nauthor: jordan-b-peterson\nauthor_name: Jordan B. Peterson"),
            ("b.md", "title: Dune\nauthor: frank-herbert\nauthor_name: Frank Herbert"),
            ("c.md", "title: Piranesi\nauthor: susanna-clarke\nauthor_name: Susanna Clarke"),
        ])
        #expect(report.proposed.keys[.authors] == "author_name", "\(report.proposed.keys)")
        // The slug is no longer read as the author, and the report says why.
        #expect(report.proposed.postKeys == ["author"], "\(report.proposed.postKeys)")
        #expect(report.preferences.contains { $0.chosen == "author_name" && $0.over == "author" && $0.reason.contains("jordan-b-peterson") },
                "\(report.preferences)")
        let book = try #require(Book(path: "a.md", entries: [FieldEntry(key: "title", value: .scalar("Maps", isPlain: true)),
                                                             FieldEntry(key: "author", value: .scalar("jordan-b-peterson", isPlain: true)),
                                                             FieldEntry(key: "author_name", value: .scalar("Jordan B. Peterson", isPlain: true))],
                                     vocabulary: report.proposed))
        #expect(book.authors == ["Jordan B. Peterson"])
    }

    @Test func thePostsAuthorLosesToTheBooksAuthors() throws {
        let report = try Self.detect([
            ("tubes.md", "title: Tubes\nauthor: Colton J. McCurdy\nbook-authors: [Andrew Blum]"),
            ("unix.md", "title: UNIX\nauthor: Colton J. McCurdy\nbook-authors: [Brian Kernighan]"),
            ("k8s.md", "title: Kubernetes\nauthor: Colton J. McCurdy\nbook-authors: [Brendan Burns, Joe Beda]"),
        ])
        #expect(report.proposed.keys[.authors] == "book-authors", "\(report.proposed.keys)")
        #expect(report.proposed.postKeys == ["author"], "\(report.proposed.postKeys)")
        #expect(report.preferences.contains { $0.over == "author" && $0.reason.contains("Colton J. McCurdy") }, "\(report.preferences)")
    }

    @Test func chineseStatusWordsAreTheFilesOwn() throws {
        let report = try Self.detect([
            ("a.md", "name: 三体\nauthor: 刘慈欣\nstatus: 读过\nrating: 5"),
            ("b.md", "name: 活着\nauthor: 余华\nstatus: 读过\nrating: 4"),
            ("c.md", "name: 围城\nauthor: 钱钟书\nstatus: 在读"),
            ("d.md", "name: 红楼梦\nauthor: 曹雪芹\nstatus: 想读"),
        ])
        #expect(report.proposed.statuses == ["读过": .read, "在读": .reading, "想读": .toRead], "\(report.proposed.statuses)")
        // Only the words the files use: nothing for abandoned.
        #expect(!report.proposed.statuses.values.contains(.abandoned))
    }

    @Test func aPublisherUnderPublishIsNotThePublicationDate() throws {
        let report = try Self.detect([
            ("a.md", "title: A\npublish: Packt Publishing\npublishyear: 2016年10月"),
            ("b.md", "title: B\npublish: O'Reilly\npublishyear: 2019年3月"),
        ])
        #expect(report.proposed.keys[.published] == "publishyear", "\(report.proposed.keys)")
    }
}
