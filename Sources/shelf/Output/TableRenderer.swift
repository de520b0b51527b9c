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
                guard
                    let widest = columns.indices
                        .filter({ columns[$0].shrinks && widths[$0] > columns[$0].minimumWidth })
                        .max(by: { widths[$0] < widths[$1] })
                else { break }
                widths[widest] -= 1
                excess -= 1
            }
        }
        // Every padding a cell can need, made once rather than once a cell.
        let paddings = (0...(widths.max() ?? 0)).map { String(repeating: " ", count: $0) }
        var text = line(columns.map(\.header), widths: widths, paddings: paddings, isHeader: true)
        for row in rows {
            text += "\n"
            text += line(row, widths: widths, paddings: paddings, isHeader: false)
        }
        return text + "\n"
    }

    private func line(_ cells: [String], widths: [Int], paddings: [String], isHeader: Bool) -> String {
        var text = ""
        let lastFilled = cells.lastIndex { !$0.isEmpty } ?? 0
        for (column, cell) in cells.enumerated() where column <= lastFilled {
            if column > 0 { text += separator }
            let cut = DisplayWidth.truncate(cell, to: widths[column])
            text += isHeader ? cut : (decorate?(column, cut) ?? cut)
            if column != lastFilled { text += paddings[max(0, min(widths[column] - DisplayWidth.of(cut), paddings.count - 1))] }
        }
        return text
    }
}
