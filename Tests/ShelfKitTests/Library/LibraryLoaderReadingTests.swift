import Foundation
import Testing
@testable import ShelfKit

/// The loader opens each file relative to its folder, into a buffer it reuses. What it reads, and
/// the errors it reports, must be those of reading each file by its whole path.
@Suite struct LibraryLoaderReadingTests {
    @Test func filesInFoldersReadAsByTheirWholePath() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("shelf-loader-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let big =
            "---\ntitle: Big\ntags: [" + (0..<20_000).map { "t\($0)" }.joined(separator: ", ") + "]\n---\n"
            + String(repeating: "Words in the notes. ", count: 10_000)
        let files: [String: String] = [
            "top.md": "---\ntitle: Top\n---\nTop notes.\n",
            "a/one.md": "---\ntitle: One\nauthors: [A]\n---\n",
            "a/two.md": "---\ntitle: Two\n---\nSecond.\n",
            "a/big.md": big,
            "a/b/deep.md": "---\ntitle: Deep\n---\n",
            "a/b/bad.md": "---\ntitle: [unclosed\n---\n",
            "c/three.md": "---\ntitle: Three\n---\n",
            "c/empty.md": "",
            "d/é.md": "---\ntitle: Accent\n---\n",
        ]
        for (path, text) in files {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        // Paths that fail to open: a file gone, a folder gone, a file gone from a folder that is there.
        let paths = (Array(files.keys) + ["gone.md", "missing/x.md", "a/gone.md", "a/b/c/gone.md"]).sorted()
        let result = LibraryLoader.load(root: root.path, paths: paths, withNotes: true)
        var expectedBooks: [String] = []
        var expectedWords: [[String]] = []
        var expectedProblems: [String] = []
        for path in paths {
            do throws(FileError) {
                let bytes = try FileIO.read(root.path + "/" + path)
                switch bytes.withUnsafeBufferPointer({ BookFileReader.read($0, path: path, withNotes: true) }) {
                case let .book(book, words):
                    expectedBooks.append(LoadPathDifferentialTests.dumped(book))
                    expectedWords.append(words ?? [])
                case .failed(let problem): expectedProblems.append(problem.description)
                case .notABook: break
                }
            } catch {
                expectedProblems.append(LibraryProblem.unreadable(error).description)
            }
        }
        #expect(result.books.map(LoadPathDifferentialTests.dumped) == expectedBooks)
        #expect(result.noteWords == expectedWords)
        #expect(result.problems.map(\.description) == expectedProblems)
        #expect(result.books.count == 7 && expectedProblems.count == 5, "\(expectedProblems)")
        // A value holds at most 10,000 nodes (the list and 9,999 items): the rest read as null.
        #expect(result.books.first { $0.title == "Big" }?.tags.count == 9_999)
    }

    @Test func notesAreTheBodyABookDocumentGives() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("shelf-notes-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        let files =
            FrontMatterCorpus.files(count: 400, seed: 31) + [
                ("plain.md", Array("No front matter, just notes.\n".utf8)),
                ("bom.md", [0xEF, 0xBB, 0xBF] + Array("Notes after a byte order mark.\n".utf8)),
                ("unclosed.md", Array("---\ntitle: x\n".utf8)),
            ]
        for file in files { try Data(file.bytes).write(to: root.appendingPathComponent(file.name)) }
        let library = try Library(root: root.path)
        for file in files {
            let expected = (try? BookDocument(bytes: file.bytes))?.body
            let notes = library.notes(of: Book(path: file.name, title: "any"))
            #expect(notes.map { Array($0.utf8) } == expected.map { Array($0.utf8) }, "\(file.name)")
        }
    }

    @Test func ascendingMergesKeepOrderAndDropRepeats() {
        var random = CorpusRandom(seed: 43)
        for _ in 0..<2_000 {
            let left = Array(Set((0..<random.below(20)).map { _ in Int32(random.below(60)) })).sorted()
            let right = Array(Set((0..<random.below(20)).map { _ in Int32(random.below(60)) })).sorted()
            var merged = left
            merged.mergeAscending(right)
            #expect(merged == Array(Set(left + right)).sorted(), "\(left) \(right)")
        }
    }

    @Test func subtreesWalkedInParallelFindWhatOneWalkFinds() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("shelf-scan-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        var books: [String] = []
        var leftovers: [String] = []
        var conflicts: [String] = []
        for folder in ["", "a", "b", "b/c", "b/c/d", "e f", "z", ".hidden"] {
            let url = folder.isEmpty ? root : root.appendingPathComponent(folder)
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
            let prefix = folder.isEmpty ? "" : folder + "/"
            for name in ["one.md", "two.md", "notes.txt", ".shelf-one.md.x1.tmp", "one (conflicted copy 2024-03-02).md", ".secret.md"] {
                try Data("---\ntitle: x\n---\n".utf8).write(to: url.appendingPathComponent(name))
            }
            guard !folder.hasPrefix(".") else { continue }
            books += [prefix + "one.md", prefix + "two.md"]
            leftovers.append(prefix + ".shelf-one.md.x1.tmp")
            conflicts.append(prefix + "one (conflicted copy 2024-03-02).md")
        }
        let scan = try BookFileScanner.scanAll(root: root.path)
        #expect(scan.books == books.sorted())
        #expect(scan.conflicts.map(\.path) == conflicts.sorted())
        // A hidden folder is not walked: what it holds is not reported.
        #expect(Set(scan.leftovers) == Set(leftovers))
        #expect(scan.leftovers.count == leftovers.count)
    }
}
