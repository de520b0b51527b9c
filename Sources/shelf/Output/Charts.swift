/// Charts drawn with Unicode block characters, fitted to a width.
enum Charts {
    /// Horizontal bars: one line per label, bar lengths scaled to the largest value, eighths of a
    /// cell for precision.
    static func bars(_ rows: [(label: String, value: Int)], width: Int, style: Style) -> String {
        guard let largest = rows.map(\.value).max(), largest > 0 else { return "" }
        let labelWidth = rows.map { DisplayWidth.of($0.label) }.max() ?? 0
        let valueWidth = String(largest).count
        let barWidth = max(10, min(50, width - labelWidth - valueWidth - 4))
        return rows.map { row in
            let eighths = row.value * barWidth * 8 / largest
            var bar = String(repeating: "█", count: eighths / 8)
            if eighths % 8 > 0 { bar += partials[eighths % 8] }
            return DisplayWidth.pad(row.label, to: labelWidth) + "  " + style.blue(bar)
                + String(repeating: " ", count: barWidth - DisplayWidth.of(bar)) + "  "
                + String(repeating: " ", count: valueWidth - String(row.value).count) + String(row.value) + "\n"
        }.joined()
    }

    /// A sparkline: one block per value, height scaled to the largest.
    static func sparkline(_ values: [Int]) -> String {
        guard let largest = values.max(), largest > 0 else { return String(repeating: "▁", count: values.count) }
        return String(values.map { levels[min(levels.count - 1, $0 * (levels.count - 1) / largest)] })
    }

    /// A progress bar `████░░░░` of `width` cells.
    static func progress(_ done: Int, of total: Int, width: Int) -> String {
        let filled = total <= 0 ? width : min(width, done * width / total)
        return String(repeating: "█", count: filled) + String(repeating: "░", count: width - filled)
    }

    private static let partials = ["", "▏", "▎", "▍", "▌", "▋", "▊", "▉"]
    private static let levels: [Character] = ["▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"]
}
