import Foundation

/// Writes RFC 4180 CSV: fields holding a comma, quote or line break are quoted, quotes doubled.
public struct CSVWriter: Sendable {
    /// The CSV written so far, each row ending in CRLF.
    public private(set) var text = ""

    /// An empty CSV text.
    public init() {}

    /// Appends one row, quoting the fields that need it.
    public mutating func writeRow(_ fields: [String]) {
        text += fields.map(CSVWriter.escape).joined(separator: ",")
        text += "\r\n"
    }

    /// A cell a spreadsheet will show as text, not run as a formula: a leading `'` before `=`,
    /// `+`, `-`, `@`, tab or CR (`shelf export csv`, `ls --format csv`).
    public static func neutralised(_ cell: String) -> String {
        guard let first = cell.unicodeScalars.first, "=+-@\t\r".unicodeScalars.contains(first) else { return cell }
        return "'" + cell
    }

    static func escape(_ field: String) -> String {
        let needsQuotes =
            field.contains { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }
            || field.hasPrefix(" ") || field.hasSuffix(" ")
        guard needsQuotes else { return field }
        return "\"" + field.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}
