import Foundation
import Testing
@testable import ShelfKit

/// isbnlib's and python-stdnum's ISBN vectors (`../shared/fixtures/isbn/isbn_vectors.tsv`, when it
/// exists). Only rows about validating one ISBN are checked, and only the values the row states.
@Suite struct ISBNVectorTests {
    struct Vector {
        var line: Int
        var library: String
        var input: String
        var valid: Bool?
        var isbn13: String?
        var isbn10: String?
        var notes: String
    }

    /// The rows of the TSV, read by its header's column names; nil when the file is missing.
    static func vectors() throws -> [Vector]? {
        let url = Fixtures.shared.appendingPathComponent("isbn/isbn_vectors.tsv")
        guard FileManager.default.fileExists(atPath: url.path) else { return nil }
        let lines = try String(contentsOf: url, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
        guard let header = lines.first?.split(separator: "\t", omittingEmptySubsequences: false).map(String.init) else { return [] }
        func column(_ name: String) throws -> Int {
            guard let index = header.firstIndex(of: name) else { throw TestFailure("no column \(name) in \(header)") }
            return index
        }
        let (library, input, valid, isbn13, isbn10, notes) = (
            try column("library"), try column("input"), try column("expected_valid"),
            try column("expected_isbn13"), try column("expected_isbn10"), try column("notes")
        )
        return lines.enumerated().dropFirst().compactMap { number, line in
            guard !line.isEmpty else { return nil }
            let cells = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            func cell(_ index: Int) -> String? {
                index < cells.count && !cells[index].isEmpty ? cells[index] : nil
            }
            return Vector(
                line: number + 1, library: cell(library) ?? "", input: cell(input) ?? "",
                valid: cell(valid).map { $0 == "true" }, isbn13: cell(isbn13), isbn10: cell(isbn10),
                notes: cell(notes) ?? "")
        }
    }

    /// A row about one ISBN: no free text around it. Letters other than X (and an `ISBN`
    /// prefix, which shelf documents accepting) mean isbnlib's free-text extraction.
    static func isAboutOneISBN(_ vector: Vector) -> Bool {
        guard !vector.notes.lowercased().contains("extract") else { return false }
        var text = Substring(vector.input.trimmingCharacters(in: .whitespaces))
        if text.lowercased().hasPrefix("isbn") { text = text.dropFirst(4) }
        return !text.contains { $0.isLetter && $0 != "X" && $0 != "x" }
    }

    /// Where shelf and the vector disagree, one line per row.
    static func disagreements(_ vector: Vector) -> [String] {
        let isbn = try? ISBN(validating: vector.input)
        var found: [String] = []
        let name = "line \(vector.line) \(vector.library) \(vector.input.debugDescription)"
        if let valid = vector.valid, valid != (isbn != nil) {
            found.append("\(name): valid \(valid), shelf \(isbn != nil)")
        }
        if let isbn13 = vector.isbn13, isbn?.isbn13 != isbn13 {
            found.append("\(name): isbn13 \(isbn13), shelf \(isbn?.isbn13 ?? "none")")
        }
        if let isbn10 = vector.isbn10, isbn?.isbn10 != isbn10 {
            found.append("\(name): isbn10 \(isbn10), shelf \(isbn?.isbn10 ?? "none")")
        }
        // `to_isbn10=''` / `to_isbn10 raises`: there is no ISBN-10 (invalid, or a 979 ISBN).
        if vector.notes.contains("to_isbn10=''") || vector.notes.contains("to_isbn10 raises"), let isbn10 = isbn?.isbn10 {
            found.append("\(name): no ISBN-10, shelf \(isbn10)")
        }
        if vector.notes.contains("to_isbn13=''"), let isbn {
            found.append("\(name): not an ISBN, shelf \(isbn.isbn13)")
        }
        return found
    }

    @Test func shelfAgreesWithTheISBNVectors() throws {
        guard let vectors = try Self.vectors() else { return }  // no shared fixtures: nothing to check
        let checked = vectors.filter(Self.isAboutOneISBN)
        #expect(checked.count > 100, "only \(checked.count) of \(vectors.count) rows checked")
        let disagreeing = checked.filter { !Self.disagreements($0).isEmpty }.map(\.input)
        #expect(disagreeing == Self.knownDisagreements.map(\.input), "\(checked.flatMap(Self.disagreements))")
    }

    /// Rows where shelf's documented behaviour (an ISBN has 10 or 13 digits) differs on purpose.
    static let knownDisagreements: [(input: String, why: String)] = [
        // stdnum reads a 9-digit SBN (the 1966 Standard Book Number) as an ISBN-10 with a leading 0.
        ("12-345678-9", "9 digits is an SBN, not an ISBN; shelf says badLength(9)")
    ]

    @Test func theFreeTextRowsAreLeftOut() throws {
        guard let vectors = try Self.vectors() else { return }
        let left = vectors.filter { !Self.isAboutOneISBN($0) }.map(\.input)
        #expect(left.contains("asdadv isbn 978-0-8264-9752-9"))
        #expect(!left.contains("isbn 0-8264-9752-7"))
        #expect(!left.contains("954430603X"))
    }
}
