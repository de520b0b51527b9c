import Testing
@testable import ShelfKit

/// Property tests of the minimal-diff contract (docs/format.md, "writing is canonical and
/// minimal"; docs/sync.md: two devices editing different fields change different lines): random
/// edits on random documents change only the edited entry's lines, everything before and after
/// stays byte-identical, the result reads back with the new value and every other value intact,
/// and a document's pieces always reassemble to its bytes.
///
/// Cases come from a seeded generator (`SyncRandom`), so a failure names a seed to replay.
@Suite("Property: minimal-diff edits")
struct PropertyEditTests {
    static let seeds: [UInt64] = Array(1...1000)

    @Test(arguments: seeds)
    func anEditChangesOnlyItsEntry(_ seed: UInt64) throws {
        var random = SyncRandom(seed: seed)
        let generated = SyncDocumentGenerator.make(&random)
        let document = try BookDocument(bytes: generated.bytes)
        #expect(document.reassembled() == generated.bytes, "seed \(seed)")
        let frontMatter = try #require(document.frontMatter, "seed \(seed): \(generated.text)")
        #expect(frontMatter.entries.map(\.key) == generated.keys, "seed \(seed)")

        let edit = SyncEditGenerator.make(&random, for: document, generated: generated)
        let result = try BookBytes.apply([edit.edit], to: document, displayPath: "p.md", vocabulary: .standard)
        let context = "seed \(seed), \(edit.edit)\n--- before ---\n\(generated.text)\n--- after ---\n\(String(decoding: result, as: UTF8.self))"
        let after = try BookDocument(bytes: result)
        #expect(after.reassembled() == result, "\(context)")

        // Before and after the touched lines, nothing moved.
        let touched = edit.touched
        let suffixLength = generated.bytes.count - touched.upperBound
        #expect(Array(result.prefix(touched.lowerBound)) == Array(generated.bytes[..<touched.lowerBound]), "\(context)")
        #expect(result.count >= touched.lowerBound + suffixLength, "\(context)")
        #expect(Array(result.suffix(suffixLength)) == Array(generated.bytes[touched.upperBound...]), "\(context)")
        #expect(after.body == document.body, "\(context)")
        let middle = Array(result[touched.lowerBound..<(result.count - suffixLength)])
        switch edit.shape {
        case .unchanged:
            #expect(result == generated.bytes, "\(context)")
        case .removedLines:
            #expect(middle.isEmpty, "\(context)")
        case .sameLineCount:
            #expect(middle.filter { $0 == 0x0A }.count == generated.bytes[touched].filter { $0 == 0x0A }.count, "\(context)")
        case .oneLineAdded:
            #expect(middle.filter { $0 == 0x0A }.count == generated.bytes[touched].filter { $0 == 0x0A }.count + 1, "\(context)")
            #expect(middle.starts(with: generated.bytes[touched]), "\(context)")
        case .anyLines:
            break
        }

        // The edited key reads back as intended; every other key is unchanged.
        if let key = edit.key {
            #expect(edit.isMet(by: syncValue(key, in: after)), "expected \(edit.expected): \(context)")
        }
        for other in frontMatter.entries where other.key != edit.key {
            #expect(syncValue(other.key, in: after) == FieldValue(other.value), "\(other.key): \(context)")
        }
        // Every line ending the edit wrote is the file's own.
        if generated.crlf {
            let bareLineFeeds = zip([0] + result, result).filter { $0.1 == 0x0A && $0.0 != 0x0D }.count
            #expect(bareLineFeeds == 0, "\(context)")
        }
    }

    /// Setting a string and reading it back gives the same string, whatever it holds, and a
    /// second identical set writes nothing.
    @Test(arguments: SyncDocumentGenerator.tricky.indices)
    func aSetStringReadsBackExactly(_ index: Int) throws {
        let value = SyncDocumentGenerator.tricky[index]
        for existing in ["mood: calm", "mood: 'calm'", "mood: \"calm\"", "mood:", "mood: |\n  calm\n"] {
            let document = try syncDocument("---\ntitle: T\n\(existing)\nrating: 3\n---\nbody\n")
            let once = try BookBytes.apply([.set("mood", .string(value))], to: document, displayPath: "p.md", vocabulary: .standard)
            let reread = try BookDocument(bytes: once)
            #expect(syncValue("mood", in: reread)?.text == value, "\(existing) <- \(value.debugDescription): \(String(decoding: once, as: UTF8.self))")
            #expect(syncValue("rating", in: reread) == .scalar("3", isPlain: true))
            let twice = try BookBytes.apply([.set("mood", .string(value))], to: reread, displayPath: "p.md", vocabulary: .standard)
            #expect(twice == once, "setting \(value.debugDescription) again changed the file")
        }
    }
}
