extension ImportSource {
    /// Reads an export piece by piece, giving each row to `each` as soon as it is read: the
    /// CSV and TSV exports (Goodreads, StoryGraph, LibraryThing) are never held whole, so an
    /// import's memory does not grow with the file. calibre's catalog (whose rating scale is
    /// known only from every row) and JSON are read whole first.
    /// - Throws: `ImportError` when the file is not an export of this source (before any row is
    ///   given), a `FileError` when it cannot be read, and whatever `each` throws.
    /// - Parameter warn: told of what reading had to guess (a CSV quote never closed), by line,
    ///   once the whole file is read.
    func read(_ chunks: ImportChunks, warn: (String) -> Void, each: (ImportRow) throws -> Void) throws {
        let check: (CSVTable) throws(ImportError) -> Void
        let row: (CSVReader.Record, CSVTable, Int) -> ImportRow
        var delimiter: Character = ","
        switch self {
        case .goodreads: (check, row) = (GoodreadsImporter.check, GoodreadsImporter.row)
        case .storygraph: (check, row) = (StoryGraphImporter.check, StoryGraphImporter.row)
        case .librarything:
            (check, row) = (LibraryThingImporter.check, LibraryThingImporter.row)
            delimiter = "\t"
        case .calibre, .json:
            for row in try read(chunks.rest(), warn: warn) { try each(row) }
            return
        }
        let warnings = try CSVTable.read(chunks, delimiter: delimiter, header: { try check($0) }) { table, record, number in
            try each(row(record, table, number))
        }
        warnings.forEach(warn)
    }
}
