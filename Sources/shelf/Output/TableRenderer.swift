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
        lines.append(line(columns.map(\.header), widths: widths))
        for row in rows { lines.append(line(row, widths: widths)) }
        return lines.joined(separator: "\n") + "\n"
    }

    private func line(_ cells: [String], widths: [Int]) -> String {
        var parts: [String] = []
        for (column, cell) in cells.enumerated() {
            let cut = DisplayWidth.truncate(cell, to: widths[column])
            parts.append(column == cells.count - 1 ? cut : DisplayWidth.pad(cut, to: widths[column]))
        }
        var text = parts.joined(separator: separator)
        while text.hasSuffix(" ") { text.removeLast() }
        return text
    }
}
