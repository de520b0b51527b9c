import Foundation
import Testing
@testable import ShelfKit

/// `SimpleFrontMatter` reads the common shape of front matter without libyaml. Whatever it
/// accepts must read exactly as libyaml reads it; whatever it declines goes to libyaml.
@Suite struct SimpleFrontMatterTests {
    /// Both readings of a file: with the simple reader first, and with libyaml alone.
    static func readings(_ bytes: [UInt8]) -> (simple: String, libyaml: String, accepted: Bool) {
        func reading(_ simple: Bool) -> String {
            do throws(DocumentError) {
                let values = try bytes.withUnsafeBufferPointer { buffer throws(DocumentError) in
                    try FrontMatterValues.parse(buffer, readingSimpleShape: simple)
                }
                return LoadPathDifferentialTests.dumped(values)
            } catch {
                return "error \(error.code) \(error)"
            }
        }
        let accepted = bytes.withUnsafeBufferPointer { buffer in
            (try? FrontMatter.locate(in: buffer)).flatMap { layout in
                layout.flatMap { SimpleFrontMatter.entries(UnsafeBufferPointer(rebasing: buffer[$0.contentRange])) }
            } != nil
        }
        return (reading(true), reading(false), accepted)
    }

    @Test func theUsualShapesAreReadWithoutLibYAML() throws {
        let shapes = [
            "title: Heart and Circle\nauthors:\n  - Anne Peake\n  - Leo Márquez\nisbn: '9780682124447'\nstatus: read\nrating: 2\n"
                + "tags: [to-lend, horror]\nadded: 2008-11-13\npublisher: Riverhead Books\npublished: 1995\npages: 383\n",
            "# imported from goodreads\ntitle: \"The Field: A Novel\"\nauthor: Elena Tartt\nisbn: \"9798720600310\"\n"
                + "status: to-read   # gift from Mum\ntags:\n- politics\ntags: []\nseries_index: 2\n",
            "title: x\r\nauthors: [A, 'B, C', \"D\"]\r\nempty:\r\nnull: ~\r\n\r\n",
            "",
            "# only a comment\n",
        ]
        for shape in shapes {
            let bytes = Array(("---\n" + shape + "---\nNotes.\n").utf8)
            let (simple, libyaml, accepted) = Self.readings(bytes)
            #expect(accepted, "\(shape.debugDescription)")
            #expect(LoadPathDifferentialTests.same(simple, libyaml), "\(shape.debugDescription)\nsimple: \(simple)\nlibyaml: \(libyaml)")
        }
        for url in Fixtures.files(under: Fixtures.packageRoot.appendingPathComponent("example-library"), suffix: ".md") {
            let (simple, libyaml, _) = Self.readings(try Fixtures.bytes(of: url))
            #expect(LoadPathDifferentialTests.same(simple, libyaml), "\(url.lastPathComponent)")
        }
    }

    @Test func generatedFilesReadAlikeAndMostAreSimple() {
        var accepted = 0
        let files = FrontMatterCorpus.files(count: 1_500, seed: 99)
        for file in files {
            let (simple, libyaml, wasAccepted) = Self.readings(file.bytes)
            #expect(
                LoadPathDifferentialTests.same(simple, libyaml),
                "\(String(decoding: file.bytes, as: UTF8.self).debugDescription)\nsimple: \(simple)\nlibyaml: \(libyaml)")
            if wasAccepted { accepted += 1 }
        }
        #expect(accepted > files.count / 5, "\(accepted) of \(files.count) read without libyaml")
    }

    /// Simple front matter with a few characters inserted, replaced or removed: the characters
    /// YAML gives meaning to, where they change it most.
    @Test func mutatedFrontMatterReadsAlike() {
        let seeds = [
            "title: The Left Hand of Darkness\nauthors:\n  - Ursula K. Le Guin\ntags: [sci-fi, classic]\n",
            "title: 'It''s here'\nisbn: \"9780441478125\"\nstatus: read # done\nrating: 5\n",
            "title: Dune\nauthors: [Frank Herbert, 'B, C']\ntags:\n- a\n- b\nnext: x\n",
            "title: Dune\r\nseries: Dune Chronicles\r\nseries_index: 1\r\nempty:\r\n",
            "title: Ünïcödé — “x”\nkey with spaces: value with: colon\nurl: https://e.x/a?b#c\n",
        ]
        let alphabet = [
            " ", "  ", "\t", "#", " #", ":", ": ", "-", "- ", "'", "\"", "''", "[", "]", "{", "}", ",", "?",
            "&a ", "*a", "!", "!!str ", "|", ">", "%", "@", "`", "\\", "\\\"", "~", "null", "\r", "\n", "\r\n",
            "\n  ", "\n- ", "\n  - ", "é", "\u{85}", "\u{A0}", "\u{2028}", "\u{FEFF}", "\u{FFFE}", "x", "0", ".",
            "...", "---", "\u{7}", "\u{7F}", "<<", "=", "(", ")",
        ]
        var random = CorpusRandom(seed: 2_024)
        var accepted = 0
        let cases = 20_000
        for _ in 0..<cases {
            var text = Array(random.pick(seeds).unicodeScalars)
            for _ in 0..<(1 + random.below(3)) {
                let position = random.below(text.count + 1)
                let piece = Array(random.pick(alphabet).unicodeScalars)
                switch random.below(3) {
                case 0: text.insert(contentsOf: piece, at: position)
                case 1 where position < text.count: text.replaceSubrange(position..<min(text.count, position + piece.count), with: piece)
                default: if position < text.count { text.remove(at: position) }
                }
            }
            var content = ""
            content.unicodeScalars.append(contentsOf: text)
            let bytes = Array(("---\n" + content + "---\n").utf8)
            let (simple, libyaml, wasAccepted) = Self.readings(bytes)
            #expect(LoadPathDifferentialTests.same(simple, libyaml), "\(content.debugDescription)\nsimple: \(simple)\nlibyaml: \(libyaml)")
            if wasAccepted { accepted += 1 }
        }
        #expect(accepted > cases / 5, "\(accepted) of \(cases) read without libyaml")
    }
}
