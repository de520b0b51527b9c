/// `CSVReader`'s reading, fed one scalar at a time: a record is given out as soon as its line
/// ends, so a file read in pieces is never held whole. Where a piece is cut does not matter: a
/// quote, a doubled quote or a CRLF split between two pieces reads as it does in one.
///
/// A quote that opens a cell and is never closed is only known at the end of the file: the
/// text after it is kept until then (it is the open cell's), and read again with the quote as a
/// plain character, as `CSVReader` describes.
struct CSVParser {
    /// A scalar whose meaning depends on the next one.
    private enum Pending { case none, lineFeedAfterReturn, quoteInQuotes, returnInQuotes }

    private let delimiter: Unicode.Scalar
    private var cells: [String] = []
    private var cell = ""
    private var line = 1
    private var recordLine = 1
    private var inQuotes = false
    private var cellWasQuoted = false
    private var pending = Pending.none
    private var started = false
    /// Where the open quote was, and every scalar after it: read again if it never closes.
    private var quoteLine = 0
    private var sinceQuote = String.UnicodeScalarView()
    /// The line of a quote that opened a cell and was never closed, once the end showed it.
    private(set) var unclosedQuoteLine: Int?

    init(delimiter: Character) {
        self.delimiter = delimiter.unicodeScalars.first ?? ","
    }

    /// Reads the next scalar of the text; `emit` is given each record it completes.
    mutating func feed(_ scalar: Unicode.Scalar, emit: (CSVReader.Record) throws -> Void) rethrows {
        if !started {
            started = true
            if scalar == "\u{FEFF}" { return }
        }
        if inQuotes { sinceQuote.append(scalar) }
        switch pending {
        case .none:
            break
        case .lineFeedAfterReturn:
            pending = .none
            if scalar == "\n" { return }
        case .quoteInQuotes:
            pending = .none
            if scalar == "\"" {
                cell.unicodeScalars.append("\"")
                return
            }
            closeQuote()
        case .returnInQuotes:
            pending = .none
            if scalar == "\n" {
                // A CRLF inside a quoted cell is one line break.
                cell.unicodeScalars.append("\n")
                line += 1
                return
            }
            cell.unicodeScalars.append("\r")
        }
        if inQuotes {
            switch scalar {
            case "\"": pending = .quoteInQuotes
            case "\r": pending = .returnInQuotes
            case "\n":
                line += 1
                cell.unicodeScalars.append(scalar)
            default: cell.unicodeScalars.append(scalar)
            }
            return
        }
        switch scalar {
        case delimiter:
            endCell()
        case "\r", "\n":
            try endRecord(emit)
            line += 1
            recordLine = line
            if scalar == "\r" { pending = .lineFeedAfterReturn }
        case "\"" where cell.isEmpty && !cellWasQuoted && unclosedQuoteLine == nil:
            quoteLine = line
            inQuotes = true
            cellWasQuoted = true
        default:
            cell.unicodeScalars.append(scalar)
        }
    }

    /// Ends the text: gives the last record, after reading an unclosed quote's cell again.
    mutating func finish(emit: (CSVReader.Record) throws -> Void) rethrows {
        switch pending {
        case .quoteInQuotes: closeQuote()
        case .returnInQuotes: cell.unicodeScalars.append("\r")
        case .none, .lineFeedAfterReturn: break
        }
        pending = .none
        if inQuotes {
            // The quote never closed: it is a plain character, and what followed it is read
            // again with quotes as plain characters (no later quote can close anything).
            let rest = sinceQuote
            sinceQuote = String.UnicodeScalarView()
            unclosedQuoteLine = quoteLine
            line = quoteLine
            inQuotes = false
            cell = "\""
            cellWasQuoted = false
            for scalar in rest { try feed(scalar, emit: emit) }
            try finish(emit: emit)
            return
        }
        if !cell.isEmpty || !cells.isEmpty || cellWasQuoted { try endRecord(emit) }
    }

    private mutating func closeQuote() {
        inQuotes = false
        sinceQuote = String.UnicodeScalarView()
    }

    private mutating func endCell() {
        cells.append(cell)
        cell = ""
        cellWasQuoted = false
    }

    private mutating func endRecord(_ emit: (CSVReader.Record) throws -> Void) rethrows {
        endCell()
        let record = cells
        cells = []
        if !(record.count == 1 && record[0].isEmpty) { try emit(CSVReader.Record(line: recordLine, cells: record)) }
    }
}
