import Foundation
import Testing
@testable import ShelfKit

/// The loader reads front matter as values only (`FrontMatterValues`), without the node tree an
/// edit needs (`FrontMatter`). Both readings of every file must agree exactly: the same entries,
/// the same book, the same problems, and the same error (message, line and column) for a file
/// that cannot be read.
@Suite struct LoadPathDifferentialTests {
    static let vocabularies: [Vocabulary] = [
        .standard,
        Vocabulary(
            keys: [.authors: "author", .rating: "myRate", .tags: "Tags", .finished: "Date Read"],
            statuses: ["unread": .toRead, "done": .read, "meh": .abandoned]),
    ]

    @Test func exampleLibrary() throws {
        let files = Fixtures.files(under: Fixtures.packageRoot.appendingPathComponent("example-library"), suffix: ".md")
        #expect(files.count >= 30)
        for url in files { try expectSameReadings(Fixtures.bytes(of: url), name: url.lastPathComponent) }
    }

    @Test func trickyCorpus() throws {
        #expect(Fixtures.trickyNames.count >= 20)
        for name in Fixtures.trickyNames { try expectSameReadings(Fixtures.tricky(name), name: name) }
    }

    @Test func sharedFrontMatterFixtures() throws {
        // `../shared/fixtures` may be missing; then there is nothing to compare.
        for url in Fixtures.files(under: Fixtures.shared.appendingPathComponent("frontmatter"), suffix: ".md") {
            try expectSameReadings(Fixtures.bytes(of: url), name: url.path)
        }
    }

    @Test func fuzzSeeds() throws {
        let files = Fixtures.files(under: Fixtures.packageRoot.appendingPathComponent("Fuzz/corpus"), suffix: ".md")
        #expect(!files.isEmpty)
        for url in files { try expectSameReadings(Fixtures.bytes(of: url), name: url.lastPathComponent) }
    }

    @Test func generatedFiles() {
        let files = FrontMatterCorpus.files(count: 1_500, seed: 42)
        var outcomes: Set<String> = []
        for file in files {
            expectSameReadings(file.bytes, name: file.name)
            outcomes.insert(Self.outcome(file.bytes))
        }
        // The corpus reaches every outcome: books, files without a title, and each kind of error.
        #expect(outcomes.isSuperset(of: ["book", "not a book", "malformed-yaml", "invalid-utf8"]), "\(outcomes)")
    }

    @Test(arguments: edgeCases)
    func edgeCase(_ yaml: String) {
        for newline in ["\n", "\r\n"] {
            let text = "---\n" + yaml + "---\nThe notes.\n"
            let bytes = Array(text.replacingOccurrences(of: "\n", with: newline).utf8)
            expectSameReadings(bytes, name: yaml.debugDescription)
            expectSameReadings([0xEF, 0xBB, 0xBF] + bytes, name: "BOM " + yaml.debugDescription)
        }
    }

    @Test func invalidUTF8AndOddFiles() {
        let files: [[UInt8]] = [
            Array("---\ntitle: Dune\n---\nBody \u{1}".utf8) + [0xC3, 0x28],  // invalid UTF-8 in the body
            Array("---\ntitle: ".utf8) + [0xFF] + Array("\n---\n".utf8),
            Array("---\ntitle: Dune\n".utf8),  // never closed
            Array("---\n---\n".utf8),  // empty front matter
            Array("---\n# only a comment\n---\n".utf8),
            Array("No front matter.\n".utf8),
            [],
            Array("---".utf8),
            Array("---\ntitle: Dune\n...".utf8),
            Array("---\ntitle: Dune\n---".utf8),
            Array("---\nnot: [closed\nstill: open\n---\n".utf8),
            Array("---\ntitle: ünïcode then\n\tbad: tab\n---\n".utf8),
            Array("---\nzz: é\n- x\n---\n".utf8),
        ]
        for (index, bytes) in files.enumerated() { expectSameReadings(bytes, name: "odd file \(index)") }
    }

    @Test func hostileNestingAndAliases() {
        var files: [String] = []
        files.append("title: deep\nx: " + String(repeating: "[", count: 1_023) + String(repeating: "]", count: 1_023) + "\n")
        files.append("title: deep\nx: " + String(repeating: "[", count: 1_030) + String(repeating: "]", count: 1_030) + "\n")
        var laughs = "title: lol\na0: &a0 [x, x, x, x, x, x, x, x, x, x]\n"
        for level in 1..<9 {
            laughs += "a\(level): &a\(level) [" + Array(repeating: "*a\(level - 1)", count: 10).joined(separator: ", ") + "]\n"
        }
        laughs += "tags: *a8\nauthors: *a3\nother: *a2\n"
        files.append(laughs)
        // Past the depth limit through aliases: each link nests the one before.
        var chain = "title: chain\nb0: &b0 x\n"
        for link in 1..<1_030 { chain += "b\(link): &b\(link) [*b\(link - 1)]\n" }
        chain += "tags: *b1029\n"
        files.append(chain)
        // Past the node budget through aliases: each link doubles the one before.
        var mapChain = "title: maps\nm0: &m0 {k: v}\n"
        for link in 1..<20 { mapChain += "m\(link): &m\(link) {*m\(link - 1): *m\(link - 1)}\n" }
        files.append(mapChain)
        for yaml in files {
            // Values this large are compared with `==` (their text is ASCII): dumping them would take minutes.
            let bytes = Array(("---\n" + yaml + "---\n").utf8)
            let old = Self.oldReading(bytes, path: "hostile.md", vocabulary: .standard)
            let new = Self.newReading(bytes, path: "hostile.md", vocabulary: .standard)
            switch (old, new) {
            case let (.book(oldBook, oldEntries), .book(newBook, newEntries)):
                #expect(oldEntries == newEntries, "\(yaml.prefix(40))")
                #expect(oldBook == newBook, "\(yaml.prefix(40))")
            case let (.error(oldError), .error(newError)):
                #expect(oldError == newError)
            default:
                Issue.record("\(yaml.prefix(40)): read as \(old) and as \(new)")
            }
        }
    }

    @Test func libraryLoadGivesTheBooksAndProblemsOfEachFile() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("shelf-differential-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let files = FrontMatterCorpus.files(count: 700, seed: 7)
        for file in files { try Data(file.bytes).write(to: folder.appendingPathComponent(file.name)) }
        let library = try Library(root: folder.path)
        let (index, problems) = try library.load(withNotes: true)
        var expectedBooks: [String] = []
        var expectedErrors: [String] = []
        for file in files.sorted(by: { $0.name < $1.name }) {
            switch Self.oldReading(file.bytes, path: file.name, vocabulary: .standard) {
            case .book(let book?, _): expectedBooks.append(Self.dumped(book))
            case .error(let error): expectedErrors.append(error.at(path: file.name).description)
            case .none, .book(nil, _): break
            }
        }
        #expect(index.books.map(Self.dumped) == expectedBooks)
        #expect(problems.map(\.description) == expectedErrors)
        #expect(index.books.count > 350 && problems.count > 20, "\(index.books.count) books, \(problems.count) problems")
    }

    /// Reads every file of the library named by `SHELF_DIFFERENTIAL_LIBRARY` (a generated 10k
    /// library, say) both ways; skipped when it is not set.
    @Test func libraryFromTheEnvironment() throws {
        guard let root = ProcessInfo.processInfo.environment["SHELF_DIFFERENTIAL_LIBRARY"] else { return }
        let paths = try BookFileScanner.scan(root: root)
        #expect(!paths.isEmpty)
        for path in paths { expectSameReadings(try FileIO.read(root + "/" + path), name: path) }
    }
}

extension LoadPathDifferentialTests {
    enum Reading {
        case none
        case error(DocumentError)
        case book(Book?, entries: [FieldEntry])
    }

    /// The edit path's reading: the node tree, then the book.
    static func oldReading(_ bytes: [UInt8], path: String, vocabulary: Vocabulary) -> Reading {
        do throws(DocumentError) {
            guard let frontMatter = try bytes.withUnsafeBufferPointer({ buffer throws(DocumentError) in try FrontMatter.parse(buffer) })
            else { return .none }
            let entries = frontMatter.entries.map { FieldEntry(key: $0.key, value: FieldValue($0.value)) }
            return .book(Book(path: path, frontMatter: frontMatter, vocabulary: vocabulary), entries: entries)
        } catch {
            return .error(error)
        }
    }

    /// The loader's reading: values straight from the events, then the book.
    static func newReading(_ bytes: [UInt8], path: String, vocabulary: Vocabulary) -> Reading {
        do throws(DocumentError) {
            guard let values = try bytes.withUnsafeBufferPointer({ buffer throws(DocumentError) in try FrontMatterValues.parse(buffer) })
            else { return .none }
            return .book(Book(path: path, values: values, vocabulary: vocabulary), entries: values.entries)
        } catch {
            return .error(error)
        }
    }

    static func dumped<T>(_ value: T) -> String {
        var text = ""
        dump(value, to: &text)
        return text
    }

    /// A reading as text that holds every stored property, compared byte for byte (`==` on
    /// strings would take `é` and `e` + combining accent for equal).
    static func described(_ reading: Reading) -> String {
        switch reading {
        case .none: return "no front matter"
        case .error(let error): return "error \(error.code) \(error)"
        case let .book(book, entries): return dumped(entries) + dumped(book)
        }
    }

    /// True when two texts are the same bytes.
    static func same(_ left: String, _ right: String) -> Bool {
        left.utf8.elementsEqual(right.utf8)
    }

    static func outcome(_ bytes: [UInt8]) -> String {
        switch oldReading(bytes, path: "x.md", vocabulary: .standard) {
        case .none: return "no front matter"
        case .error(let error): return error.code
        case .book(let book, _): return book == nil ? "not a book" : "book"
        }
    }

    func expectSameReadings(_ bytes: [UInt8], name: String, sourceLocation: SourceLocation = #_sourceLocation) {
        for vocabulary in Self.vocabularies {
            let old = Self.oldReading(bytes, path: name, vocabulary: vocabulary)
            let new = Self.newReading(bytes, path: name, vocabulary: vocabulary)
            let (oldText, newText) = (Self.described(old), Self.described(new))
            #expect(Self.same(oldText, newText), "\(name)\nedit path: \(oldText)\nloader: \(newText)", sourceLocation: sourceLocation)
            if case let (.book(oldBook?, _), .book(newBook?, _)) = (old, new) {
                #expect(oldBook == newBook, "\(name)", sourceLocation: sourceLocation)
            }
            // The loader's entry point gives the same book, or the same error named by path.
            let loaded = bytes.withUnsafeBufferPointer {
                BookFileReader.read($0, path: name, withNotes: true, vocabulary: vocabulary)
            }
            switch (old, loaded) {
            case let (.book(book?, _), .book(loadedBook, words)):
                #expect(Self.dumped(book) == Self.dumped(loadedBook), "\(name)", sourceLocation: sourceLocation)
                let body = (try? BookDocument(bytes: bytes))?.body ?? "?"
                // Each distinct folded word once, in the order the notes first use it.
                var seen: Set<String> = []
                let distinct = TextFolding.words(body).filter { seen.insert($0).inserted }
                #expect(words == distinct, "\(name)", sourceLocation: sourceLocation)
            case (.none, .notABook), (.book(nil, _), .notABook):
                break
            case let (.error(error), .failed(.malformed(loadedError))):
                #expect(error.at(path: name) == loadedError, "\(name)", sourceLocation: sourceLocation)
            default:
                Issue.record("\(name): read as \(old) but loaded as \(loaded)", sourceLocation: sourceLocation)
            }
        }
    }

    static let edgeCases: [String] = [
        "title: Dune\n",
        "",
        "# nothing but a comment\n",
        "author: Frank Herbert\n",
        "title: ~\n",
        "title: null\n",
        "title:\n",
        "title: \"\"\n",
        "title: '   '\n",
        "title: [a, b]\n",
        "title: {a: b}\n",
        "title: Dune\ntitle: Dune Messiah\n",
        "title: Dune\nTitle: Other\nTITLE: Third\n",
        "author: A\nauthors: [B, C]\ncreator: D\n",
        "authors: [B, C]\nauthor: A\n",
        "title: &t Dune\nsubtitle: *t\nseries: *t\n",
        "title: *undefined\n",
        "a: &a [1, 2]\nb: *a\ntitle: x\nc: &a three\nd: *a\n",
        "title: x\nm: &m {k: *m}\n",
        "title: x\nnested:\n  a:\n    b:\n      c: [1, {d: e}]\n  f: ~\n",
        "title: x\n? complex key\n: value\n? [a, b]\n: list key\n",
        "&root\ntitle: anchored root\n",
        "{title: Flow, authors: [A, B], rating: 5}\n",
        "- a list\n- at the root\n",
        "just a scalar\n",
        "*alias\n",
        "é: x\nnot a mapping\n",
        "title: x\n---\nsecond: document\n",
        "title: x\n...\n",
        "%YAML 1.1\n---\ntitle: directive\n",
        "title: \"unclosed\n",
        "title: [unclosed\nother: x\n",
        "title: {unclosed\n",
        "title: x\n\tbad: tab\n",
        "title: x\nbad: a: b\n",
        "title: ünïcödé\nbad: [\n",
        "title: \"ctl \u{7}\"\n",
        "title: !!str 1984\nrating: !!int 5\npages: !custom 300\n",
        "title: |\n  Block\n  title\n\n\nauthors: x\n",
        "title: >-\n  Folded\n  title\n",
        "title: Multi\n  line plain\n",
        "title: 'single ''quoted'''\n",
        "title: \"double \\\"quoted\\\" \\u00e9 \\t tab\"\n",
        "title: The Dispossessed   # a comment\nstatus: read # done\n",
        "title: x\nisbn: 0441478123 9780441478125\n",
        "title: x\nisbn: [9780441478125, 0441478123]\n",
        "title: x\nisbn: 978-0-441-47812-5\n",
        "title: x\nisbn: '0441478123'\n",
        "title: x\nisbn: nope\n",
        "title: x\nstatus: want to read\nrating: 4.0\n",
        "title: x\nrating: 7\npages: -3\nseries_index: two\n",
        "title: x\nadded: 2024-02-30\nstarted: 2024-03-02T21:14:05.5+01:00\nfinished: 2024/3/2\n",
        "title: x\ntags: 'a, #b, , c'\n",
        "title: x\ntags: [\"#x\", ' y ', ~]\n",
        "title: x\nfavorite: Yes\n",
        "title: x\n<<: {merge: key}\n",
        "title: Ünïcödé — “quotes” 📚\nauthors: [Stanisław Lem, José Saramago]\n",
        "title: x\nempty: []\nempty-map: {}\n",
        "title: x\nlist:\n- one\n- two\nnext: y\n",
        "title: x\nlist:\n  - one\n  -\n  - ~\n",
    ]
}
