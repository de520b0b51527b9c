import Testing
@testable import ShelfKit

/// The merge `conflicts resolve` and the merge driver share (docs/sync.md), in the library's
/// vocabulary, and git's line merge on raw bytes that the driver falls back to.
@Suite("Sync: MergedBook and TextMerge")
struct MergedBookTests {
    func merge(ours: String, theirs: String, base: String?, vocabulary: Vocabulary = .standard,
               reference: String? = nil, preferTheirs: Bool = false) throws -> (text: String, step: MergedBook.Step) {
        var merge = MergedBook(ours: try syncDocument(ours), base: try base.map(syncDocument), vocabulary: vocabulary, displayPath: "dune.md")
        let step = try merge.merge(try syncDocument(theirs), reference: try reference.map(syncDocument), body: .union,
                                   preferTheirs: { _ in preferTheirs }, note: { "### noted \($0.count)" })
        #expect(try syncApplying(merge.edits, to: syncDocument(ours)) == String(decoding: merge.merged.bytes, as: UTF8.self))
        return (String(decoding: merge.merged.bytes, as: UTF8.self), step)
    }

    @Test(arguments: [("finished", "read"), ("Read", "done"), ("to-read", "unread"), ("DNF", "abandoned")])
    func statusAliasesAreEqual(_ pair: (String, String)) throws {
        let ours = "---\ntitle: Dune\nstatus: \(pair.0)\n---\n"
        for base in [nil, "---\ntitle: Dune\nstatus: reading\n---\n"] {
            let result = try merge(ours: ours, theirs: "---\ntitle: Dune\nstatus: \(pair.1)\n---\n", base: base, preferTheirs: true)
            #expect(result.text == ours)
            #expect(result.step.conflicts.isEmpty)
        }
    }

    @Test func statusWordsOfTheVocabularyAreEqualAndOthersStillConflict() throws {
        let vocabulary = Vocabulary(statuses: ["shelved": .toRead])
        let ours = "---\ntitle: Dune\nstatus: shelved\n---\n"
        let same = try merge(ours: ours, theirs: "---\ntitle: Dune\nstatus: to-read\n---\n", base: nil, vocabulary: vocabulary)
        #expect(same.step.conflicts.isEmpty && same.text == ours)
        // Without the library's words, `shelved` is a value of its own.
        let standard = try merge(ours: ours, theirs: "---\ntitle: Dune\nstatus: to-read\n---\n", base: nil)
        #expect(standard.step.conflicts == [VersionMerge.Conflict(key: "status", kept: "shelved", setAside: "to-read")])
        let different = try merge(ours: ours, theirs: "---\ntitle: Dune\nstatus: reading\n---\n", base: nil, vocabulary: vocabulary)
        #expect(different.step.conflicts.count == 1)
    }

    /// One field spelled two ways (`author` here, `authors` there) is compared as one field, not
    /// added a second time.
    @Test func oneFieldSpelledTwoWaysIsOneField() throws {
        let ours = "---\ntitle: Dune\nauthor: Frank Herbert\n---\n"
        let result = try merge(ours: ours, theirs: "---\ntitle: Dune\nauthors: Frank Herbert\n---\n", base: nil)
        #expect(result.text == ours)
        let vocabulary = Vocabulary(keys: [.rating: "myRate"])
        let rated = try merge(ours: "---\ntitle: Dune\nmyRate: 4\n---\n", theirs: "---\ntitle: Dune\nrating: 5\n---\n",
                              base: nil, vocabulary: vocabulary, preferTheirs: true)
        #expect(rated.text == "---\ntitle: Dune\nmyRate: 5\n---\n### noted 1\n")
        #expect(rated.step.taken == ["myRate"])
    }

    /// A value theirs still has as the reference version had it is no change of theirs.
    @Test func aValueTheirsDidNotChangeFromTheReferenceKeepsOurs() throws {
        let reference = "---\ntitle: Dune\nrating: 3\n---\n"
        let ours = "---\ntitle: Dune\nrating: 4\n---\n"
        let kept = try merge(ours: ours, theirs: reference, base: nil, reference: reference, preferTheirs: true)
        #expect(kept.text == ours && kept.step.conflicts.isEmpty)
        // Without it, the preferred side wins and the other is noted.
        let taken = try merge(ours: ours, theirs: reference, base: nil, preferTheirs: true)
        #expect(taken.text == "---\ntitle: Dune\nrating: 3\n---\n### noted 1\n")
    }

    @Test func frontMatterOnOneSideIsRefused() throws {
        #expect(throws: MergeError.self) {
            try merge(ours: "---\ntitle: Dune\n---\nNotes.\n", theirs: "Notes.\n", base: nil)
        }
    }

    @Test func unreadableBytesNameThePathLineAndColumn() throws {
        let latin1: [UInt8] = Array("---\ntitle: Caf".utf8) + [0xE9] + Array("\n---\n".utf8)
        do {
            _ = try MergedBook.document(latin1, displayPath: "sub/dune.md")
            Issue.record("a Latin-1 file read as a book")
        } catch {
            guard case .unreadable(let reason) = error else { Issue.record("\(error)"); return }
            #expect(reason.path == "sub/dune.md" && reason.line == 2 && reason.code == "invalid-utf8", "\(reason)")
        }
    }

    // MARK: TextMerge

    func bytes(_ text: String) -> [UInt8] {
        text.unicodeScalars.map { UInt8(truncatingIfNeeded: $0.value) }
    }

    @Test func textMergeKeepsEveryByteOfLatin1Lines() {
        let base = bytes("Caf\u{E9}\nNo\u{EB}l\nfin")
        let ours = bytes("Caf\u{E9} cr\u{E8}me\nNo\u{EB}l\nfin")
        let theirs = bytes("Caf\u{E9}\nNo\u{EB}l\nfin \u{E0} Paris")
        let merged = TextMerge.merge(base: base, ours: ours, theirs: theirs, labels: ("ours", "theirs"))
        #expect(merged.bytes == bytes("Caf\u{E9} cr\u{E8}me\nNo\u{EB}l\nfin \u{E0} Paris"))
        #expect(merged.conflicts == 0)
    }

    @Test func textMergeMarksRegionsBothChangedAndEndsTheirLastLine() {
        let merged = TextMerge.merge(base: bytes("a\nb"), ours: bytes("a\nours"), theirs: bytes("a\ntheirs"), labels: ("ours", "theirs"))
        #expect(merged.bytes == bytes("a\n<<<<<<< ours\nours\n=======\ntheirs\n>>>>>>> theirs\n"))
        #expect(merged.conflicts == 1)
        let crlf = TextMerge.merge(base: bytes("a\r\nb\r\n"), ours: bytes("a\r\nx\r\n"), theirs: bytes("a\r\ny\r\n"), labels: ("ours", "theirs"))
        #expect(crlf.bytes == bytes("a\r\n<<<<<<< ours\r\nx\r\n=======\r\ny\r\n>>>>>>> theirs\r\n"))
    }

    @Test func textMergeOfEqualSidesIsTheirBytes() {
        let text = bytes("---\ntitle: Caf\u{E9}\n---\n\n")
        #expect(TextMerge.merge(base: [], ours: text, theirs: text, labels: ("ours", "theirs")).bytes == text)
        #expect(TextMerge.lines(text).flatMap { $0 } == text)
    }
}
