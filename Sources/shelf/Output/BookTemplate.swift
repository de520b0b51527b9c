import Foundation
import ShelfKit

/// Fills `{field}` placeholders with a book's values: `'{title} — {authors}'`. Any field works,
/// canonical or the user's own, plus `{path}`; lists are joined with `, `; an absent field is empty.
/// `ls --format`'s template.
struct BookTemplate: Sendable {
    let template: String

    /// A template such as `'{title} — {authors}'`.
    init(_ template: String) {
        self.template = template
    }

    /// The template with `book`'s values in its placeholders.
    func render(_ book: Book) -> String {
        var output = ""
        var rest = Substring(template)
        while let open = rest.firstIndex(of: "{") {
            output += rest[..<open]
            guard let close = rest[open...].firstIndex(of: "}") else { break }
            let name = String(rest[rest.index(after: open)..<close])
            output += value(of: name, in: book)
            rest = rest[rest.index(after: close)...]
        }
        output += rest
        return output.replacingOccurrences(of: "\\t", with: "\t").replacingOccurrences(of: "\\n", with: "\n")
    }

    private func value(of name: String, in book: Book) -> String {
        switch CanonicalField(key: name) {
        case .rating?: return book.rating.map(Rating.number) ?? ""
        case .status?: return book.status?.rawValue ?? ""
        case .seriesIndex?: return book.seriesIndex.map { $0 == $0.rounded() ? String(Int($0)) : String($0) } ?? ""
        default:
            if name == "path" { return book.path }
            return book.queryTexts(of: name).joined(separator: ", ")
        }
    }
}
