@testable import ShelfKit

/// libFuzzer's entry point: called with every input it tries. Any crash, trap, hang or
/// AddressSanitizer report is a finding; thrown errors are the expected answer to bad input.
///
/// The bytes go to the document reader, then (when they read as a book) to the model and a few
/// edits, and, as text, to the query parser.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    fuzzDocument(bytes)
    fuzzLoadPath(bytes)
    fuzzQuery(bytes)
    return 0
}

/// The program's entry point under SwiftPM. SwiftPM compiles an executable target's entry point
/// as `<target>_main` and links with `--defsym main=shelf_fuzz_main` (so that tests can link the
/// target), which keeps libFuzzer's own `main` out of the link. This hands control to libFuzzer
/// the documented way, with the command line unchanged. Where `main` is not renamed, libFuzzer's
/// `main` runs and this function is simply unused.
@_cdecl("shelf_fuzz_main")
public func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> CInt {
    var count = argc
    var arguments: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = argv
    return LLVMFuzzerRunDriver(&count, &arguments) { data, size in
        guard let data else { return 0 }
        return fuzz(data, size)
    }
}

/// libFuzzer's driver (compiler-rt's FuzzerInterface.h); part of the runtime `-sanitize=fuzzer` links.
@_silgen_name("LLVMFuzzerRunDriver")
func LLVMFuzzerRunDriver(
    _ argc: UnsafeMutablePointer<CInt>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
    _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
) -> CInt

private func fuzzDocument(_ bytes: [UInt8]) {
    guard let document = try? BookDocument(bytes: bytes) else { return }
    // Reading the pieces must be safe for every document that parsed.
    _ = document.body
    _ = document.lineEnding
    precondition(document.reassembled() == bytes, "the document's ranges do not tile the file")
    guard let frontMatter = document.frontMatter else { return }
    if let book = Book(path: "fuzz.md", frontMatter: frontMatter) {
        _ = book.problems
    }
    // Each edit either succeeds with a result that parses, or throws: never a crash.
    let edits: [[FieldEdit]] = [
        [.set("rating", .typed("4"))],
        [.set("title", .string("A: new # title"))],
        [.add("tags", "fuzz"), .remove("tags", "fuzz")],
        [.unset("status")],
        [.appendToBody("### 2024-03-02 21:14\n\nA note.")],
        [.appendItem("reads", raw: "{started: 2019-03-02, finished: 2019-04-11}")],
    ]
    for group in edits {
        var editor = FrontMatterEditor(document: document, path: "fuzz.md", vocabulary: .standard)
        // The editor re-reads every splice and refuses a result that does not parse.
        _ = try? editor.apply(group)
    }
}

/// The loader's reading (values only, simple front matter without libyaml) must give what the
/// edit path's reading (the node tree) gives: the same entries, book and error.
private func fuzzLoadPath(_ bytes: [UInt8]) {
    bytes.withUnsafeBufferPointer { buffer in
        let tree = Result { () throws(DocumentError) in try FrontMatter.parse(buffer) }
        let values = Result { () throws(DocumentError) in try FrontMatterValues.parse(buffer) }
        switch (tree, values) {
        case let (.success(frontMatter), .success(read)):
            guard let frontMatter, let read else {
                precondition(frontMatter == nil && read == nil, "front matter found by one reading only")
                return
            }
            precondition(read.layout == frontMatter.layout, "the readings' layouts differ")
            precondition(read.entries == frontMatter.values, "the readings' entries differ")
            precondition(Book(path: "fuzz.md", values: read) == Book(path: "fuzz.md", frontMatter: frontMatter),
                         "the readings' books differ")
        case let (.failure(treeError), .failure(valuesError)):
            precondition(treeError == valuesError, "the readings' errors differ")
        default:
            preconditionFailure("one reading failed, the other did not")
        }
    }
}

private func fuzzQuery(_ bytes: [UInt8]) {
    guard bytes.count <= 4096 else { return }
    let text = String(decoding: bytes, as: UTF8.self)
    let parser = QueryParser(savedQueries: ["mine": "tag:x OR @mine", "fav": "rating:5"],
                             today: BookDate(year: 2024, month: 3, day: 2))
    _ = try? parser.parse(text)
}
