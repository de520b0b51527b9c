/// A table of text columns fitted to a width: columns that can shrink give up space, widest first,
/// and cut text ends in `…`.
struct TableRenderer {
    struct Column {
        var header: String
        /// The narrowest this column may become before the table overflows instead.
        var minimumWidth: Int
        var shrinks: Bool
    }

    var columns: [Column]
    var rows: [[String]]
    var separator = "  "
    /// Colours a cell after it is cut to width, so widths are measured on the plain text.
    var decorate: ((_ column: Int, _ text: String) -> String)?

    func render(width: Int?) -> String {
        var widths = columns.indices.map { column in
            rows.reduce(DisplayWidth.of(columns[column].header)) { max($0, DisplayWidth.of($1[column])) }
        }
        if let width {
            let available = width - separator.count * (columns.count - 1)
            var excess = widths.reduce(0, +) - available
            while excess > 0 {
                guard let widest = columns.indices
                    .filter({ columns[$0].shrinks && widths[$0] > columns[$0].minimumWidth })
                    .max(by: { widths[$0] < widths[$1] })
                else { break }
                widths[widest] -= 1
                excess -= 1
            }
        }
        var lines: [String] = []
        lines.append(line(columns.map(\.header), widths: widths, isHeader: true))
        for row in rows { lines.append(line(row, widths: widths, isHeader: false)) }
        return lines.joined(separator: "\n") + "\n"
    }

    private func line(_ cells: [String], widths: [Int], isHeader: Bool) -> String {
        var parts: [String] = []
        let lastFilled = cells.lastIndex { !$0.isEmpty } ?? 0
        for (column, cell) in cells.enumerated() where column <= lastFilled {
            let cut = DisplayWidth.truncate(cell, to: widths[column])
            let padding = column == lastFilled ? "" : String(repeating: " ", count: max(0, widths[column] - DisplayWidth.of(cut)))
            let styled = isHeader ? cut : (decorate?(column, cut) ?? cut)
            parts.append(styled + padding)
        }
        return parts.joined(separator: separator)
    }
}
