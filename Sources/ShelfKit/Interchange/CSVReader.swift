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
        public var line: Int
        public var cells: [String]
    }

    /// The cell separator: `,` for CSV, a tab for TSV.
    public let delimiter: Character

    /// A reader of cells separated by `delimiter`.
    public init(delimiter: Character = ",") {
        self.delimiter = delimiter
    }

    /// The records of `text`, in order. Blank lines are skipped.
    public func records(_ text: String) -> [Record] {
        read(text).records
    }

    /// The records of `text`, and the line of a quote that opened a cell and was never closed.
    public func read(_ text: String) -> (records: [Record], unclosedQuoteLine: Int?) {
        var records: [Record] = []
        var cells: [String] = []
        var cell = ""
        var line = 1
        var recordLine = 1
        var inQuotes = false
        var cellWasQuoted = false
        var iterator = Array(text.unicodeScalars)[...]
        if iterator.first == "\u{FEFF}" { iterator = iterator.dropFirst() }
        let delimiter = self.delimiter.unicodeScalars.first ?? ","

        func endCell() {
            cells.append(cell)
            cell = ""
            cellWasQuoted = false
        }
        func endRecord() {
            endCell()
            if !(cells.count == 1 && cells[0].isEmpty) {
                records.append(Record(line: recordLine, cells: cells))
            }
            cells = []
        }

        // Where the open quote was, to read it again as a plain character if it never closes.
        var quoteStart: (index: Int, cells: [String], line: Int, recordLine: Int)?
        var unclosedQuoteLine: Int?
        var index = iterator.startIndex
        while true {
            if index >= iterator.endIndex {
                guard inQuotes, let start = quoteStart else { break }
                (index, cells, line, recordLine) = (start.index, start.cells, start.line, start.recordLine)
                unclosedQuoteLine = start.line
                inQuotes = false
                cell = "\""
                cellWasQuoted = false
                quoteStart = nil
                continue
            }
            let scalar = iterator[index]
            index += 1
            if inQuotes {
                if scalar == "\"" {
                    if index < iterator.endIndex, iterator[index] == "\"" {
                        cell.unicodeScalars.append("\"")
                        index += 1
                    } else {
                        inQuotes = false
                    }
                    continue
                }
                if scalar == "\r", index < iterator.endIndex, iterator[index] == "\n" {
                    // A CRLF inside a quoted cell is one line break.
                    cell.unicodeScalars.append("\n")
                    index += 1
                    line += 1
                    continue
                }
                if scalar == "\n" { line += 1 }
                cell.unicodeScalars.append(scalar)
                continue
            }
            switch scalar {
            case delimiter:
                endCell()
            case "\r", "\n":
                if scalar == "\r", index < iterator.endIndex, iterator[index] == "\n" { index += 1 }
                endRecord()
                line += 1
                recordLine = line
            case "\"" where cell.isEmpty && !cellWasQuoted && unclosedQuoteLine == nil:
                quoteStart = (index, cells, line, recordLine)
                inQuotes = true
                cellWasQuoted = true
            default:
                cell.unicodeScalars.append(scalar)
            }
        }
        if !cell.isEmpty || !cells.isEmpty || cellWasQuoted { endRecord() }
        return (records, unclosedQuoteLine)
    }
}

/// A table read from CSV or TSV: cells looked up by header name, never by position, so exports
/// with more, fewer or reordered columns read the same.
struct CSVTable: Sendable {
    /// The header's names as written.
    public let header: [String]
    /// The data records (the header excluded).
    public let records: [CSVReader.Record]
    /// What the reader had to guess, with the line: a quote never closed.
    public let warnings: [String]
    private let columns: [String: Int]

    /// Splits `text` into a header and records.
    public init(text: String, delimiter: Character = ",") {
        let read = CSVReader(delimiter: delimiter).read(text)
        warnings = read.unclosedQuoteLine.map {
            ["line \($0): a quote opens a cell and is never closed; it was read as a plain character, "
                + "so check that row (and quotes after it are read as plain characters)"]
        } ?? []
        var all = read.records
        let first = all.isEmpty ? nil : all.removeFirst()
        header = first?.cells.map(\.trimmingSpaces) ?? []
        records = all
        var columns: [String: Int] = [:]
        for (position, name) in header.enumerated() where columns[CSVTable.fold(name)] == nil {
            columns[CSVTable.fold(name)] = position
        }
        self.columns = columns
    }

    /// True when the header has a column of this name (compared without case, spaces or punctuation).
    public func has(_ name: String) -> Bool { columns[CSVTable.fold(name)] != nil }

    /// The cell of `record` in the column `name`, trimmed; empty when the column is missing.
    public func cell(_ record: CSVReader.Record, _ name: String) -> String {
        guard let position = columns[CSVTable.fold(name)], position < record.cells.count else { return "" }
        return record.cells[position].trimmingSpaces
    }

    /// The first non-empty cell among several column names.
    public func cell(_ record: CSVReader.Record, anyOf names: [String]) -> String {
        for name in names {
            let value = cell(record, name)
            if !value.isEmpty { return value }
        }
        return ""
    }

    /// The spreadsheet row of a record: the header is row 1. A record spanning several lines
    /// (a quoted line break) counts once, so this is what a spreadsheet shows, not a line number.
    public func row(of index: Int) -> Int { index + 2 }

    /// Names folded for lookup: lowercase letters and digits only.
    static func fold(_ name: String) -> String {
        String(name.lowercased().unicodeScalars.filter { $0.properties.isAlphabetic || $0.properties.numericType != nil })
    }
}
