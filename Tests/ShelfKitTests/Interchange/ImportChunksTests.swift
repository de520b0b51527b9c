import Testing
@testable import ShelfKit

/// An export read in pieces reads exactly as the whole file does, wherever the pieces are cut:
/// each file is parsed with pieces of one byte, a few bytes, and one piece holding everything.
@Suite struct ImportChunksTests {
    static let sizes = [1, 2, 3, 5, 7, 64, 1 << 20]

    /// The scalars of `bytes` decoded a piece of `size` at a time.
    static func decoded(_ bytes: [UInt8], size: Int) throws -> [Unicode.Scalar] {
        let chunks = ImportChunks(bytes: bytes, size: size)
        var decoder = ImportTextDecoder()
        var scalars: [Unicode.Scalar] = []
        while let chunk = try chunks.next() { decoder.decode(chunk, final: false) { scalars.append($0) } }
        decoder.decode([], final: true) { scalars.append($0) }
        return scalars
    }

    /// The records (and unclosed quote line) of `bytes` read a piece of `size` at a time.
    static func records(_ bytes: [UInt8], size: Int, delimiter: Character = ",") throws -> ([CSVReader.Record], Int?) {
        var records: [CSVReader.Record] = []
        let unclosed = try CSVReader(delimiter: delimiter).read(ImportChunks(bytes: bytes, size: size)) { records.append($0) }
        return (records, unclosed)
    }

    static func expectSameRecords(_ bytes: [UInt8], delimiter: Character = ",", sourceLocation: SourceLocation = #_sourceLocation) throws {
        let whole = CSVReader(delimiter: delimiter).read(ImportText.decode(bytes))
        for size in sizes {
            let (records, unclosed) = try records(bytes, size: size, delimiter: delimiter)
            #expect(records == whole.records, "pieces of \(size) bytes", sourceLocation: sourceLocation)
            #expect(unclosed == whole.unclosedQuoteLine, "pieces of \(size) bytes", sourceLocation: sourceLocation)
        }
    }

    @Test func aQuotedCellWithLineBreaksAndDoubledQuotesReadsTheSameAcrossEveryCut() throws {
        let csv = "Title,Review\r\n\"Cats & Dogs: \"\"Notes\"\", Volume 2\",\"one\r\ntwo\n\"\"three\"\"\"\r\nDune,ok\r\n"
        try Self.expectSameRecords(Array(csv.utf8))
        let (records, _) = try Self.records(Array(csv.utf8), size: 1)
        #expect(
            records.map(\.cells) == [["Title", "Review"], ["Cats & Dogs: \"Notes\", Volume 2", "one\ntwo\n\"three\""], ["Dune", "ok"]])
        #expect(records.map(\.line) == [1, 2, 5])
    }

    @Test func aCRLFSplitBetweenPiecesEndsOneRecord() throws {
        let csv = Array("a,b\r\nc,d\r\n\r\ne,f\rg,h\n".utf8)
        let (records, _) = try Self.records(csv, size: 4)
        #expect(records.map(\.cells) == [["a", "b"], ["c", "d"], ["e", "f"], ["g", "h"]])
        #expect(records.map(\.line) == [1, 2, 4, 5])
        try Self.expectSameRecords(csv)
    }

    @Test func multiByteCharactersSplitBetweenPiecesAreKept() throws {
        let csv = Array("\u{FEFF}Title,Author\nL'Étranger,Albert Camus\n挪威的森林,村上春树\n🦋 \"Wings\",Žižek\n".utf8)
        let (records, _) = try Self.records(csv, size: 1)
        #expect(
            records.map(\.cells) == [["Title", "Author"], ["L'Étranger", "Albert Camus"], ["挪威的森林", "村上春树"], ["🦋 \"Wings\"", "Žižek"]])
        try Self.expectSameRecords(csv)
    }

    @Test func windows1252AndUTF16FilesDecodeTheSameInPieces() throws {
        // Stray Windows-1252 bytes among UTF-8, as LibraryThing writes; UTF-16 of both byte orders.
        let latin: [UInt8] =
            Array("Title\tPrimary Author\nRayuela\tCort".utf8) + [0xE9] + Array("zar, Julio\n".utf8) + [0x93, 0x41, 0x94, 0xE2, 0x82]
        let text = "Title,Author\r\n\"Dune, \"\"1\"\"\",Frank Herbert\r\n🦋,X\r\n"
        let little: [UInt8] = [0xFF, 0xFE] + text.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
        let big: [UInt8] = [0xFE, 0xFF] + text.utf16.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
        #expect(ImportText.decode(latin).hasSuffix("Cortézar, Julio\n\u{201C}A\u{201D}â\u{201A}"))
        #expect(ImportText.decode(little) == text && ImportText.decode(big) == text)
        for bytes in [latin, little, big, Array(little.dropLast(1)) + [0x00, 0xD8], Array(big.dropLast(3))] {
            for size in Self.sizes { #expect(try Self.decoded(bytes, size: size) == Array(ImportText.decode(bytes).unicodeScalars)) }
        }
        try Self.expectSameRecords(latin, delimiter: "\t")
        try Self.expectSameRecords(little)
        try Self.expectSameRecords(big)
    }

    @Test func anUnclosedQuoteIsReadAgainAsAPlainCharacterWhereverThePiecesAreCut() throws {
        let csv = Array("Title,Author\r\nA,B\r\n\"C,\"\"D\r\nE,F\r\n".utf8)
        let (records, unclosed) = try Self.records(csv, size: 3)
        #expect(records.map(\.cells) == [["Title", "Author"], ["A", "B"], ["\"C", "\"\"D"], ["E", "F"]])
        #expect(unclosed == 3)
        try Self.expectSameRecords(csv)
    }

    @Test func everyExportFixtureReadsTheSameInPieces() throws {
        for (name, delimiter) in [
            ("goodreads-31-columns.csv", ","), ("goodreads-23-columns.csv", ","), ("storygraph.csv", ","),
            ("librarything.tsv", "\t"), ("calibre-catalog.csv", ","),
        ] as [(String, Character)] {
            try Self.expectSameRecords(InterchangeFixtures.bytes(name), delimiter: delimiter)
        }
        for (source, name) in [
            (ImportSource.goodreads, "goodreads-31-columns.csv"), (.goodreads, "goodreads-23-columns.csv"),
            (.storygraph, "storygraph.csv"), (.librarything, "librarything.tsv"), (.calibre, "calibre-list.json"),
        ] {
            let bytes = try InterchangeFixtures.bytes(name)
            for size in [1, 7, 1 << 20] {
                var rows: [ImportRow] = []
                try source.read(ImportChunks(bytes: bytes, size: size), warn: { _ in }) { rows.append($0) }
                #expect(rows == (try source.read(bytes)), "\(name) in pieces of \(size) bytes")
            }
        }
    }

    @Test func randomCSVsReadTheSameInPieces() throws {
        var generator = CorpusRandom(seed: 48)
        let alphabet: [String] = ["a", "b", ",", "\"", "\"\"", "\r", "\n", "\r\n", "é", "🦋", "\t", " ", "\u{FEFF}"]
        for _ in 0..<300 {
            let length = Int.random(in: 0...40, using: &generator)
            let text = (0..<length).map { _ in alphabet.randomElement(using: &generator) ?? "a" }.joined()
            try Self.expectSameRecords(Array(text.utf8))
        }
    }

    @Test func aHeaderOfAnotherExportStopsTheReadBeforeAnyRow() throws {
        var rows: [ImportRow] = []
        #expect(throws: ImportError.self) {
            try ImportSource.goodreads.read(ImportChunks(bytes: Array("Name,Price\nx,1\n".utf8), size: 2), warn: { _ in }) {
                rows.append($0)
            }
        }
        #expect(rows.isEmpty)
    }
}
