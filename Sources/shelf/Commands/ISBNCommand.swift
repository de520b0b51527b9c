import ArgumentParser
import Foundation
import ShelfKit
import ShelfPresentation

/// `shelf isbn`: validate and convert ISBNs, or find them in text. Works anywhere, no library needed.
struct ISBNCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "isbn",
        abstract: "Validate and convert ISBNs, or extract them from text on stdin.",
        discussion: """
            Accepts hyphens, spaces, a lowercase x and spreadsheet wrappers like ="0441478123". \
            Exits with status 1 when any input is invalid.

            Examples:
              shelf isbn 0-441-47812-3 9780441478125
              shelf isbn 9791234567896 --format json
              pdftotext copyright.pdf - | shelf isbn --extract
            """)

    @Argument(help: ArgumentHelp("ISBNs to check.", valueName: "isbn"))
    var values: [String] = []

    @Flag(help: "Read text on stdin and print the ISBN-13 of each ISBN found in it.")
    var extract = false

    @OptionGroup var output: TextOrJSONOptions

    func validate() throws {
        if extract && !values.isEmpty { throw ValidationError("--extract reads stdin; give no ISBNs") }
        if !extract && values.isEmpty { throw ValidationError("give ISBNs to check, or --extract") }
    }

    func run() throws {
        if extract {
            let text = String(decoding: FileHandle.standardInput.readDataToEndOfFile(), as: UTF8.self)
            let found = ISBNExtractor.extract(from: text)
            if output.isJSON {
                Output.line(JSONValue.array(found.map { .string($0.isbn13) }).serialized(indent: 2))
            } else {
                for isbn in found { Output.line(isbn.isbn13) }
            }
            return
        }
        var anyInvalid = false
        var items: [JSONValue] = []
        for value in values {
            do {
                let isbn = try ISBN(validating: value)
                items.append(
                    .object([
                        ("input", .string(value)), ("valid", .bool(true)), ("isbn13", .string(isbn.isbn13)),
                        ("isbn10", isbn.isbn10.map(JSONValue.string) ?? .null), ("error", .null),
                    ]))
                if !(output.isJSON) {
                    Output.line("\(value)\tvalid\tISBN-13 \(isbn.isbn13)\tISBN-10 \(isbn.isbn10 ?? "(none: 979 prefix)")")
                }
            } catch {
                anyInvalid = true
                items.append(
                    .object([
                        ("input", .string(value)), ("valid", .bool(false)), ("isbn13", .null),
                        ("isbn10", .null), ("error", .string(error.description)),
                    ]))
                if !(output.isJSON) { Output.line("\(value)\tinvalid\t\(error.description)") }
            }
        }
        if output.isJSON { Output.line(JSONValue.array(items).serialized(indent: 2)) }
        if anyInvalid { throw ExitCode(1) }
    }
}
