import Foundation
import Testing
@testable import ShelfKit

/// The index file's bytes for a tiny fixed library, against a golden file named after
/// `LibraryCache.formatVersion` (docs/index-format.md): a change to the layout (a record field
/// moved, a section reordered, `BookCodec` or a checksum changed) fails here until the version is
/// bumped and the golden file written again for it. An index of the old layout is then ignored
/// by its version, never misread.
///
/// Every input that varies from run to run is fixed: the books' bytes, their stamps, the
/// folders' stamps, the root and the identity (which otherwise hashes the running binary).
@Suite struct IndexFormatGoldenTests {
    /// Set to `1` to write the golden file for the current version (and remove the others).
    static let regenerateVariable = "SHELF_REGENERATE_GOLDEN"
    static let regenerateCommand = "SHELF_REGENERATE_GOLDEN=1 swift test --filter IndexFormatGoldenTests"

    static var goldenFolder: URL { Fixtures.folder.appendingPathComponent("IndexFormat") }

    static func goldenFile(version: UInt64) -> URL {
        goldenFolder.appendingPathComponent("index-v\(version).hex")
    }

    @Test func theIndexOfATinyLibraryIsTheGoldenOneForItsFormatVersion() throws {
        let bytes = try GoldenIndex.bytes()
        let version = LibraryCache.formatVersion
        let golden = IndexFormatGoldenTests.goldenFile(version: version)
        if ProcessInfo.processInfo.environment[IndexFormatGoldenTests.regenerateVariable] == "1" {
            try IndexFormatGoldenTests.regenerate(bytes, version: version)
            return
        }
        guard let text = try? String(contentsOf: golden, encoding: .utf8) else {
            Issue.record(
                """
                there is no golden index for LibraryCache.formatVersion \(version) (\(golden.lastPathComponent)): \
                write it with \(IndexFormatGoldenTests.regenerateCommand)
                """)
            return
        }
        let expected = try GoldenHex.decode(text)
        guard bytes != expected else { return }
        let first = GoldenHex.firstDifference(bytes, expected)
        Issue.record(
            """
            the index layout changed: bump LibraryCache.formatVersion and regenerate the golden file with \
            \(IndexFormatGoldenTests.regenerateCommand) (and update docs/index-format.md). \
            First difference past the main section's checksum at byte \(first) (0x\(String(first, radix: 16))); \
            \(bytes.count) bytes now, \(expected.count) in \(golden.lastPathComponent)
            """)
    }

    /// The golden file reads back as an index of the tiny library: its books decode to the ones
    /// the files give, so the golden file is a real index, not a stale dump.
    @Test func theGoldenIndexReadsBackAsTheTinyLibrary() throws {
        let folder = try GoldenIndex.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let location = GoldenIndex.location(in: folder)
        let written = try #require(GoldenIndex.write(to: location))
        #expect(written.entries.count == GoldenIndex.files.count - 1)
        let cache = try #require(LibraryCache.read(location, withNotes: true))
        #expect(cache.listing?.unrecorded == ["broken.md"])
        #expect(cache.listing?.conflicts == ["dune.sync-conflict-20240302-211405-ABCDEFG.md"])
        for (index, file) in GoldenIndex.files.filter({ $0.path != "broken.md" }).enumerated() {
            let read = GoldenIndex.read(file)
            let loaded = try cache.loaded(index, path: cache.pathOf(index), withNotes: true)
            switch (loaded, read.loaded) {
            case (.book(let book, let words), .book(let expected, _)):
                #expect(book == expected)
                #expect(words == read.notes?.strings(keeping: nil))
            case (.notABook, .notABook):
                break
            default:
                Issue.record("\(file.path) reads back as \(loaded)")
            }
        }
    }

    private static func regenerate(_ bytes: [UInt8], version: UInt64) throws {
        try FileManager.default.createDirectory(at: goldenFolder, withIntermediateDirectories: true)
        for name in try FileManager.default.contentsOfDirectory(atPath: goldenFolder.path)
        where name.hasPrefix("index-v") && name.hasSuffix(".hex") {
            try FileManager.default.removeItem(at: goldenFolder.appendingPathComponent(name))
        }
        let header = """
            # The index of IndexFormatGoldenTests' tiny library, LibraryCache.formatVersion \(version).
            # Written by \(regenerateCommand); docs/index-format.md explains every byte.

            """
        try Data((header + GoldenHex.encode(bytes)).utf8).write(to: goldenFile(version: version))
    }
}

/// The tiny library and its index, every input fixed.
enum GoldenIndex {
    static let root = "/golden/library"
    static let identity: UInt64 = 0x5348_454C_4647_4F4C  // "LOGFLEHS": any fixed value

    /// The files, in path order, as the scanner gives them.
    static let files: [(path: String, text: String)] = [
        ("broken.md", "---\ntitle: [unclosed\n---\n"),
        (
            "dune.md",
            """
            ---
            title: Dune
            subtitle: "Book One"
            authors: [Frank Herbert]
            isbn: 9780441013593
            status: read
            rating: 4.5
            tags: [sf/classic, desert]
            added: 2024-01-02
            started: 2024-01-03 21:15
            finished: 2024-02
            published: 1965
            series: Dune Chronicles
            series_index: 1
            publisher: Ace
            pages: 412
            language: en
            genres: [science fiction]
            favorite: true
            location: shelf 2
            format: paperback
            cover: covers/dune.jpg
            openlibrary: OL893415W
            goodreads: "234225"
            source: gift
            reads:
              - {started: 2019-05-01, finished: 2019-06-30}
            loaned:
            ---
            Spice and sand; the sand worms.

            """
        ),
        ("notes/readme.md", "Not a book: no front matter.\n"),
        (
            "the-left-hand.md",
            """
            ---
            title: The Left Hand of Darkness
            author: Ursula K. Le Guin
            rating: lots
            ---

            """
        ),
    ]

    /// Each file's stamp: a distinct inode, times long past.
    static func stamp(_ position: Int) -> FileStamp {
        FileStamp(
            device: 0x801, inode: 1000 + UInt64(position), size: Int64(files[position].text.utf8.count),
            modified: 1_700_000_000_000_000_000 + Int64(position), changed: 1_700_000_100_000_000_000 + Int64(position))
    }

    static func location(in folder: String) -> LibraryCacheLocation {
        LibraryCacheLocation(folder: folder, root: root, identity: identity)
    }

    static func temporaryFolder() throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("shelf-golden-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        return folder
    }

    /// What a query reads of `file`, with its note words.
    static func read(_ file: (path: String, text: String)) -> (loaded: LoadedFile, notes: DistinctWordList?) {
        Array(file.text.utf8).withUnsafeBufferPointer {
            BookFileReader.readKeepingNoteList($0, path: file.path, withNotes: true, vocabulary: .standard)
        }
    }

    /// Writes the index of the files, read with their note words, as a query would record them.
    static func write(to location: LibraryCacheLocation) -> LibraryCache? {
        let records: [CacheRecord?] = files.indices.map { position in
            let read = read(files[position])
            return LibraryLoader.record(read.loaded, notes: read.notes, stamp: stamp(position), spill: nil)
        }
        var scan = BookFileScanner.Scan()
        scan.books = files.map(\.path)
        scan.conflicts = [ConflictCopy(path: "dune.sync-conflict-20240302-211405-ABCDEFG.md")].compactMap { $0 }
        scan.folders = ["", "notes"].enumerated().map { position, path in
            BookFileScanner.ListedFolder(
                path: path,
                stamp: FileStamp(
                    device: 0x801, inode: 2 + UInt64(position), size: 4096,
                    modified: 1_600_000_000_000_000_000, changed: 1_600_000_000_000_000_000))
        }
        let listing = CacheListing(scan: scan, records: records, started: 1_800_000_000_000_000_000)
        return LibraryCacheWriter.write(paths: scan.books, records: records, old: nil, listing: listing, to: location)
    }

    /// The bytes of the index file.
    static func bytes() throws -> [UInt8] {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let location = location(in: folder)
        _ = try #require(write(to: location), "the golden index could not be written")
        return try Fixtures.bytes(of: URL(fileURLWithPath: location.file))
    }
}

/// The golden file's text: `#` comment lines, then lines of an offset, a colon and up to 16
/// bytes in hex, as `xxd -g1` shows them (without its text column).
enum GoldenHex {
    static func encode(_ bytes: [UInt8]) -> String {
        stride(from: 0, to: bytes.count, by: 16).map { start in
            let row = bytes[start..<min(start + 16, bytes.count)].map { hexByte($0) }.joined(separator: " ")
            let offset = String(start, radix: 16)
            return String(repeating: "0", count: max(0, 8 - offset.count)) + offset + ": " + row + "\n"
        }.joined()
    }

    static func decode(_ text: String) throws -> [UInt8] {
        var bytes: [UInt8] = []
        for line in text.split(separator: "\n") where !line.hasPrefix("#") {
            guard let colon = line.firstIndex(of: ":"), Int(line[..<colon], radix: 16) == bytes.count else {
                throw TestFailure("the golden file's line \(line.debugDescription) is not the next offset and its bytes")
            }
            for pair in line[line.index(after: colon)...].split(separator: " ") {
                guard let byte = UInt8(pair, radix: 16) else { throw TestFailure("\(pair) is not a byte in hex") }
                bytes.append(byte)
            }
        }
        return bytes
    }

    /// Where two files first differ, past the main section's checksum (header bytes 32–39,
    /// which differ whenever the section does); 32 when nothing else does.
    static func firstDifference(_ bytes: [UInt8], _ other: [UInt8]) -> Int {
        let checksum = 32..<40
        for offset in 0..<min(bytes.count, other.count) where !checksum.contains(offset) && bytes[offset] != other[offset] {
            return offset
        }
        return bytes.count == other.count ? checksum.lowerBound : min(bytes.count, other.count)
    }

    private static func hexByte(_ byte: UInt8) -> String {
        let text = String(byte, radix: 16)
        return byte < 16 ? "0" + text : text
    }
}
