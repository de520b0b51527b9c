/// Reads CSV (RFC 4180) and TSV: quoted cells with doubled quotes and line breaks inside them,
/// CRLF or LF line ends, a UTF-8 byte order mark. Read generously, as spreadsheets write:
///
/// - a quote inside an unquoted cell is text (`5" floppy`);
/// - text after a closing quote is kept (`"a"b` is `ab`);
/// - a quote that opens a cell and is never closed is read as a plain character, and the rest of
///   the file is read again from there with quotes as plain characters (no later quote can close
///   anything): one broken cell costs one row, not every row after it. `read` reports the line;
/// - rows shorter than the header are padded with empty cells.
struct CSVReader: Sendable {
    /// One record, with the line of the file it starts on (the header is line 1).
    struct Record: Sendable, Equatable {
        var line: Int
        var cells: [String]
    }

    /// The cell separator: `,` for CSV, a tab for TSV.
    let delimiter: Character

    /// A reader of cells separated by `delimiter`.
    init(delimiter: Character = ",") {
        self.delimiter = delimiter
    }

    /// The records of `text`, in order. Blank lines are skipped.
    func records(_ text: String) -> [Record] {
        read(text).records
    }

    /// The records of `text`, and the line of a quote that opened a cell and was never closed.
    func read(_ text: String) -> (records: [Record], unclosedQuoteLine: Int?) {
        var records: [Record] = []
        var parser = CSVParser(delimiter: delimiter)
        for scalar in text.unicodeScalars { parser.feed(scalar) { records.append($0) } }
        parser.finish { records.append($0) }
        return (records, parser.unclosedQuoteLine)
    }

    /// Reads an export's bytes piece by piece (`ImportChunks`), decoded as `ImportText` decodes
    /// them, giving each record to `emit` as soon as it is read: the whole text is never held.
    /// - Returns: the line of a quote that opened a cell and was never closed.
    func read(_ chunks: ImportChunks, emit: (Record) throws -> Void) throws -> Int? {
        var decoder = ImportTextDecoder()
        var parser = CSVParser(delimiter: delimiter)
        while let chunk = try chunks.next() {
            try decoder.decode(chunk, final: false) { scalar in try parser.feed(scalar, emit: emit) }
        }
        try decoder.decode([], final: true) { scalar in try parser.feed(scalar, emit: emit) }
        try parser.finish(emit: emit)
        return parser.unclosedQuoteLine
    }
}

/// A table read from CSV or TSV: cells looked up by header name, never by position, so exports
/// with more, fewer or reordered columns read the same.
struct CSVTable: Sendable {
    /// The header's names as written.
    let header: [String]
    /// The data records (the header excluded).
    let records: [CSVReader.Record]
    /// What the reader had to guess, with the line: a quote never closed.
    let warnings: [String]
    private let columns: [String: Int]

    /// Splits `text` into a header and records.
    init(text: String, delimiter: Character = ",") {
        let read = CSVReader(delimiter: delimiter).read(text)
        var all = read.records
        let first = all.isEmpty ? nil : all.removeFirst()
        self.init(header: first?.cells ?? [], records: all, unclosedQuoteLine: read.unclosedQuoteLine)
    }

    /// A table of this header (as read) and records.
    init(header: [String], records: [CSVReader.Record], unclosedQuoteLine: Int? = nil) {
        warnings =
            unclosedQuoteLine.map {
                [
                    "line \($0): a quote opens a cell and is never closed; it was read as a plain character, "
                        + "so check that row (and quotes after it are read as plain characters)"
                ]
            } ?? []
        self.header = header.map(\.trimmingSpaces)
        self.records = records
        var columns: [String: Int] = [:]
        for (position, name) in self.header.enumerated() where columns[CSVTable.fold(name)] == nil {
            columns[CSVTable.fold(name)] = position
        }
        self.columns = columns
    }

    /// Reads a table piece by piece, holding one record at a time: `header` is given the table
    /// of the header (no records) before any record, and may throw to stop the read (the file
    /// is not the export it should be); `record` is given each record with its row (`row(of:)`).
    /// - Returns: what the reader had to guess (`warnings`), known only at the end.
    static func read(
        _ chunks: ImportChunks, delimiter: Character = ",", header: (CSVTable) throws -> Void,
        record: (CSVTable, CSVReader.Record, Int) throws -> Void
    ) throws -> [String] {
        var table: CSVTable?
        var position = 0
        let unclosedQuoteLine = try CSVReader(delimiter: delimiter).read(chunks) { read in
            guard let table else {
                let first = CSVTable(header: read.cells, records: [])
                try header(first)
                table = first
                return
            }
            try record(table, read, table.row(of: position))
            position += 1
        }
        if table == nil { try header(CSVTable(header: [], records: [])) }
        return CSVTable(header: [], records: [], unclosedQuoteLine: unclosedQuoteLine).warnings
    }

    /// True when the header has a column of this name (compared without case, spaces or punctuation).
    func has(_ name: String) -> Bool { columns[CSVTable.fold(name)] != nil }

    /// The cell of `record` in the column `name`, trimmed; empty when the column is missing.
    func cell(_ record: CSVReader.Record, _ name: String) -> String {
        guard let position = columns[CSVTable.fold(name)], position < record.cells.count else { return "" }
        return record.cells[position].trimmingSpaces
    }

    /// The first non-empty cell among several column names.
    func cell(_ record: CSVReader.Record, anyOf names: [String]) -> String {
        for name in names {
            let value = cell(record, name)
            if !value.isEmpty { return value }
        }
        return ""
    }

    /// The spreadsheet row of a record: the header is row 1. A record spanning several lines
    /// (a quoted line break) counts once, so this is what a spreadsheet shows, not a line number.
    func row(of index: Int) -> Int { index + 2 }

    /// Names folded for lookup: lowercase letters and digits only.
    static func fold(_ name: String) -> String {
        String(name.lowercased().unicodeScalars.filter { $0.properties.isAlphabetic || $0.properties.numericType != nil })
    }
}
