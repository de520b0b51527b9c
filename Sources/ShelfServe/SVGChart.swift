import ShelfKit
import ShelfPresentation

/// Bar charts as inline SVG: no script, no style attribute (the Content-Security-Policy allows
/// neither); colours come from the stylesheet's `.chart` rules.
enum SVGChart {
    /// Bars with a label under each and the value above it; `title` is what a screen reader says.
    static func bars(_ values: [(label: String, value: Int)], title: String) -> String {
        let barWidth = 24, gap = 8, height = 120, top = 16, bottom = 20
        let width = values.count * (barWidth + gap) + gap
        let largest = max(1, values.map(\.value).max() ?? 1)
        var svg = "<svg class=\"chart\" viewBox=\"0 0 \(width) \(top + height + bottom)\" role=\"img\""
        svg += " aria-label=\"\(HTMLEscaping.attribute(title))\">"
        svg += "<title>\(HTMLEscaping.attribute(title))</title>"
        for (index, item) in values.enumerated() {
            let x = gap + index * (barWidth + gap)
            let barHeight = item.value * height / largest
            let y = top + height - barHeight
            svg += "<rect class=\"bar\" x=\"\(x)\" y=\"\(y)\" width=\"\(barWidth)\" height=\"\(barHeight)\">"
            svg += "<title>\(HTMLEscaping.attribute(item.label)): \(item.value)</title></rect>"
            if item.value > 0 {
                svg += "<text class=\"value\" x=\"\(x + barWidth / 2)\" y=\"\(y - 3)\" text-anchor=\"middle\">\(item.value)</text>"
            }
            svg += "<text x=\"\(x + barWidth / 2)\" y=\"\(top + height + 14)\" text-anchor=\"middle\">"
            svg += "\(HTMLEscaping.attribute(item.label))</text>"
        }
        svg += "<line class=\"axis\" x1=\"0\" y1=\"\(top + height)\" x2=\"\(width)\" y2=\"\(top + height)\"/></svg>"
        return svg
    }
}
