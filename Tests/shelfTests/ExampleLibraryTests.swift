import Foundation
import Testing

/// `shelf` on the repository's `example-library/`, checked against a reading of the files that
/// does not use ShelfKit.
@Suite struct ExampleLibraryTests {
    static let exampleLibrary = repositoryRoot().appendingPathComponent("example-library")

    /// Library-relative paths of the `.md` files below `root`, hidden ones skipped.
    static func markdownFiles(under root: URL) throws -> [String] {
        let all = try FileManager.default.subpathsOfDirectory(atPath: root.path)
        return all.filter { path in
            path.hasSuffix(".md") && !path.split(separator: "/").contains { $0.hasPrefix(".") }
        }
    }

    /// The front-matter lines of a file: between a first line `---` and the next `---`/`...`.
    static func frontMatterLines(_ text: String) -> [String] {
        var lines = text.replacingOccurrences(of: "\r\n", with: "\n").components(separatedBy: "\n")
        if let first = lines.first, first.hasPrefix("\u{FEFF}") { lines[0] = String(first.dropFirst()) }
        guard lines.first?.trimmingCharacters(in: .whitespaces) == "---" else { return [] }
        var result: [String] = []
        for line in lines.dropFirst() {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed == "---" || trimmed == "..." { return result }
            result.append(line)
        }
        return []
    }

    /// The value of a top-level `key:` (any of `keys`), with a trailing ` # comment` removed.
    static func topLevelValue(_ lines: [String], keys: Set<String>) -> (value: String, index: Int)? {
        for (index, line) in lines.enumerated() where !line.hasPrefix(" ") && !line.hasPrefix("\t") {
            guard let colon = line.firstIndex(of: ":") else { continue }
            let key = line[..<colon].trimmingCharacters(in: .whitespaces).lowercased()
            guard keys.contains(key) else { continue }
            var value = String(line[line.index(after: colon)...])
            if let comment = value.range(of: " #") { value = String(value[..<comment.lowerBound]) }
            return (value.trimmingCharacters(in: .whitespaces), index)
        }
        return nil
    }

    static func unquote(_ text: String) -> String {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if trimmed.count >= 2, let first = trimmed.first, first == "\"" || first == "'", trimmed.last == first {
            return String(trimmed.dropFirst().dropLast())
        }
        return trimmed
    }

    /// The tags of a file: a flow list `[a, b]`, a block list of `- a` lines, or one string.
    static func tags(ofFile text: String) -> [String] {
        let lines = frontMatterLines(text)
        guard let (value, index) = topLevelValue(lines, keys: ["tags", "tag"]) else { return [] }
        if value.hasPrefix("[") {
            let inner = value.dropFirst().prefix { $0 != "]" }
            return inner.split(separator: ",").map { unquote(String($0)) }.filter { !$0.isEmpty }
        }
        if value.isEmpty {
            var items: [String] = []
            for line in lines[(index + 1)...] {
                let trimmed = line.trimmingCharacters(in: .whitespaces)
                guard trimmed.hasPrefix("- ") || trimmed == "-" else {
                    if trimmed.isEmpty || trimmed.hasPrefix("#") { continue }
                    break
                }
                items.append(unquote(String(trimmed.dropFirst())))
            }
            return items
        }
        return [unquote(value)]
    }

    static func title(ofFile text: String) -> String? {
        topLevelValue(frontMatterLines(text), keys: ["title"]).map { unquote($0.value) }.flatMap { $0.isEmpty ? nil : $0 }
    }

    /// True for `sci-fi` in any case, or a tag nested under it (`sci-fi/space`).
    static func isSciFi(_ tag: String) -> Bool {
        let folded = tag.lowercased()
        return folded == "sci-fi" || folded.hasPrefix("sci-fi/")
    }

    @Test func scannerReadsTheThreeListShapes() {
        #expect(Self.tags(ofFile: "---\ntitle: A\ntags: [Sci-Fi, \"classics\"]\n---\n") == ["Sci-Fi", "classics"])
        #expect(Self.tags(ofFile: "---\ntags:\n  - sci-fi/space\n  - 'x'\nadded: 2020\n---\n") == ["sci-fi/space", "x"])
        #expect(Self.tags(ofFile: "---\ntags: poetry   # one\n---\n") == ["poetry"])
        #expect(Self.tags(ofFile: "no front matter\ntags: [a]\n") == [])
    }

    @Test func sciFiTagListsExactlyTheFilesTaggedSciFi() throws {
        let files = try Self.markdownFiles(under: Self.exampleLibrary)
        try #require(!files.isEmpty, "no example library at \(Self.exampleLibrary.path)")
        var expected: Set<String> = []
        for path in files {
            let text = try String(contentsOf: Self.exampleLibrary.appendingPathComponent(path), encoding: .utf8)
            guard Self.title(ofFile: text) != nil else { continue }
            if Self.tags(ofFile: text).contains(where: Self.isSciFi) { expected.insert(path) }
        }
        try #require(expected.count >= 3, "the example library should hold several sci-fi books")

        let result = try run(
            ["--library", Self.exampleLibrary.path, "ls", "--tag", "sci-fi", "--format", "paths"],
            in: Self.exampleLibrary)
        #expect(result.status == 0, "\(result)")
        #expect(result.stderr == "", "the example library should load cleanly: \(result)")
        let listed = Set(result.stdoutLines)
        #expect(result.stdoutLines.count == listed.count, "a book listed twice: \(result)")
        #expect(
            listed == expected,
            "missing \(expected.subtracting(listed).sorted()), unexpected \(listed.subtracting(expected).sorted())")
    }

    @Test func everyTitledFileIsListed() throws {
        let files = try Self.markdownFiles(under: Self.exampleLibrary)
        var expected: Set<String> = []
        for path in files {
            let text = try String(contentsOf: Self.exampleLibrary.appendingPathComponent(path), encoding: .utf8)
            if Self.title(ofFile: text) != nil { expected.insert(path) }
        }
        let result = try run(["ls", "--format", "paths"], in: Self.exampleLibrary)
        #expect(result.status == 0, "\(result)")
        #expect(Set(result.stdoutLines) == expected)

        let json = try run(["ls", "--json"], in: Self.exampleLibrary)
        let paths = try parseJSONArray(json.stdout).compactMap { $0["path"] as? String }
        #expect(Set(paths) == expected)
    }
}
