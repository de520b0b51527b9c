import Testing
@testable import ShelfKit

/// New values are written so that every YAML 1.1 and 1.2 reader reads them back as the same
/// string. Each case checks the literal text written AND reads it back with ShelfKit's parser
/// (value and style); plain output is also checked against the YAML 1.1 and 1.2 type rules
/// re-stated independently in `EditYAMLTypes`.
@Suite struct YAMLScalarWriterTests {
    /// Writes `value` as `key: …` (block) and `key: [x, …]` (flow) and reads both back.
    func expectReadsBack(_ value: String, sourceLocation: SourceLocation = #_sourceLocation) {
        for context in [YAMLScalarWriter.Context.block, .flow] {
            let written = YAMLScalarWriter.string(value, context: context)
            let file = context == .block ? "---\nkey: \(written)\n---\n" : "---\nkey: [x, \(written), y]\n---\n"
            do {
                let document = try BookDocument(bytes: Array(file.utf8))
                let node = document.frontMatter?.entry("key")?.value
                let scalar = context == .block ? node?.scalar : node?.sequence?.items.dropFirst().first?.scalar
                #expect(scalar?.value == value, "\(context): \(editVisible(Array(file.utf8)))", sourceLocation: sourceLocation)
                if scalar?.style == .plain {
                    #expect(
                        !EditYAMLTypes.isTypedPlain(written), "plain '\(written)' reads as a non-string",
                        sourceLocation: sourceLocation)
                }
                if context == .block {
                    #expect(document.frontMatter?.entries.count == 1, sourceLocation: sourceLocation)
                } else {
                    #expect(node?.sequence?.items.count == 3, "\(file)", sourceLocation: sourceLocation)
                }
            } catch {
                Issue.record("'\(written)' does not parse: \(error)", sourceLocation: sourceLocation)
            }
        }
    }

    @Test(arguments: [
        ("1984", "\"1984\""), ("0441478123", "\"0441478123\""), ("Yes", "\"Yes\""), ("no", "\"no\""),
        ("ON", "\"ON\""), ("off", "\"off\""), ("y", "\"y\""), ("N", "\"N\""), ("true", "\"true\""),
        ("False", "\"False\""), ("null", "\"null\""), ("NULL", "\"NULL\""), ("~", "\"~\""),
        ("2024-01-02", "\"2024-01-02\""), ("2024-1-2 10:00:00", "\"2024-1-2 10:00:00\""), ("1_000", "\"1_000\""),
        ("0x1F", "\"0x1F\""), ("0o17", "\"0o17\""), ("0b101", "\"0b101\""), ("1e3", "\"1e3\""), (".5", "\".5\""),
        ("+1", "\"+1\""), ("-2.5", "\"-2.5\""), ("1:30", "\"1:30\""), (".inf", "\".inf\""), ("-.Inf", "\"-.Inf\""),
        (".NaN", "\".NaN\""), ("<<", "\"<<\""), ("=", "\"=\""),
    ])
    func valuesThatReadAsAnotherTypeAreQuoted(value: String, written: String) {
        #expect(YAMLScalarWriter.string(value) == written)
        expectReadsBack(value)
    }

    @Test(arguments: [
        ("a: b", "\"a: b\""), ("C # sharp", "\"C # sharp\""), ("x:", "\"x:\""), ("a:\tb", "\"a:\\tb\""),
        (" lead", "\" lead\""), ("trail ", "\"trail \""), ("\tTab", "\"\\tTab\""),
        ("[x", "\"[x\""), ("{x", "\"{x\""), ("*x", "\"*x\""), ("&x", "\"&x\""), ("!x", "\"!x\""), ("%x", "\"%x\""),
        ("@x", "\"@x\""), ("`x", "\"`x\""), ("#x", "\"#x\""), ("|x", "\"|x\""), (">x", "\">x\""),
        ("'x", "\"'x\""), ("\"x", "\"\\\"x\""), ("- x", "\"- x\""), ("-x", "\"-x\""), ("? x", "\"? x\""),
        (": x", "\": x\""), (",x", "\",x\""), ("---", "\"---\""), ("", "\"\""),
    ])
    func valuesWithYAMLSyntaxAreQuoted(value: String, written: String) {
        #expect(YAMLScalarWriter.string(value) == written)
        expectReadsBack(value)
    }

    @Test(arguments: [
        ("a\nb", "\"a\\nb\""), ("a\r\nb", "\"a\\r\\nb\""), ("a\rb", "\"a\\rb\""), ("end\n", "\"end\\n\""),
        ("a\u{85}b", "\"a\\Nb\""), ("a\u{2028}b", "\"a\\Lb\""), ("a\u{2029}b", "\"a\\Pb\""),
        ("bell\u{07}", "\"bell\\x07\""), ("del\u{7F}", "\"del\\x7F\""),
        ("nul\u{0}", "\"nul\\x00\""), ("bom\u{FEFF}", "\"bom\\uFEFF\""),
    ])
    func lineBreaksAndControlsAreEscapedInDoubleQuotes(value: String, written: String) {
        #expect(YAMLScalarWriter.string(value) == written)
        #expect(YAMLScalarWriter.string(value, preferred: .doubleQuoted) == written)
        expectReadsBack(value)
    }

    @Test func backslashesAndQuotesInsideAPlainValueAreLiteral() {
        #expect(YAMLScalarWriter.string("back\\slash \"q\"") == "back\\slash \"q\"")
        #expect(YAMLScalarWriter.string("a\\n") == "a\\n")
        expectReadsBack("back\\slash \"q\"")
        expectReadsBack("a\\n")
        #expect(YAMLScalarWriter.string("it's \"x\"", preferred: .doubleQuoted) == "\"it's \\\"x\\\"\"")
    }

    @Test func singleQuotesHoldLSPSAndBOMReadBackUnchanged() throws {
        for value in ["a\u{2028}b", "a\u{2029}b", "bom\u{FEFF}", "tab\tx", "nl\nx"] {
            let written = YAMLScalarWriter.string(value, preferred: .singleQuoted)
            let bytes = Array("---\nkey: \(written)\n---\n".utf8)
            #expect(try editScalar("key", in: bytes)?.value == value, "\(written)")
        }
    }

    @Test(arguments: [
        "Dune", "C#", "a:b", "Ender's Game", "三体", "🚀 launch", "me@example.com", "50% off", "a - b",
        "Gödel, Escher, Bach", "x#y", "Vol. 1", "1984 (novel)", "The Year 2000", "...", "Ünïcödé",
    ])
    func ordinaryTextIsWrittenPlain(value: String) {
        #expect(YAMLScalarWriter.string(value) == value)
        expectReadsBack(value)
    }

    @Test func aFlowListQuotesItsOwnSyntax() {
        #expect(YAMLScalarWriter.string("a,b", context: .block) == "a,b")
        #expect(YAMLScalarWriter.string("a,b", context: .flow) == "\"a,b\"")
        #expect(YAMLScalarWriter.string("x]", context: .flow) == "\"x]\"")
        #expect(YAMLScalarWriter.string("x}", context: .flow) == "\"x}\"")
        for value in ["a,b", "x]", "x}", "y{z", "w[v", "http://example.com/a?b=c"] { expectReadsBack(value) }
    }

    @Test func theOldQuotingStyleIsKeptWhereTheValueFits() {
        #expect(YAMLScalarWriter.string("it's", preferred: .singleQuoted) == "'it''s'")
        #expect(YAMLScalarWriter.string(" 1984 ", preferred: .singleQuoted) == "' 1984 '")
        #expect(YAMLScalarWriter.string("plain", preferred: .doubleQuoted) == "\"plain\"")
        #expect(YAMLScalarWriter.string("plain", preferred: .literal) == "plain")
        #expect(YAMLScalarWriter.string("a: b", preferred: .folded) == "\"a: b\"")
    }

    /// In single quotes YAML 1.1 readers (libyaml, PyYAML) fold NEL (U+0085) like a line break:
    /// `'a<NEL>b'` reads back as "a b". Setting a single-quoted value to text with NEL changes it.
    @Test
    func aNextLineCharacterIsNeverWrittenInsideSingleQuotes() throws {
        for value in ["a\u{85}b"] {
            let written = YAMLScalarWriter.string(value, preferred: .singleQuoted)
            let bytes = Array("---\nkey: \(written)\n---\n".utf8)
            #expect(try editScalar("key", in: bytes)?.value == value, "\(written)")
            #expect(!written.hasPrefix("'"), "written as \(written)")
        }
    }

    /// C1 controls (U+0080…U+009F but NEL) and U+FFFE/U+FFFF are not printable in YAML: readers
    /// reject them raw even inside double quotes, so they must be escaped (`\x80`, `\uFFFF`).
    @Test
    func nonPrintableCharactersAreEscaped() throws {
        for value in ["a\u{80}b", "c\u{9F}", "\u{FFFF}x", "y\u{FFFE}"] {
            let written = YAMLScalarWriter.string(value)
            let bytes = Array("---\nkey: \(written)\n---\n".utf8)
            #expect(throws: Never.self, "\(written)") { _ = try BookDocument(bytes: bytes) }
            #expect((try? editScalar("key", in: bytes)?.value) == value, "\(written)")
        }
    }

    @Test func typedValuesAreWrittenPlainOnlyWhenTheyAreTyped() {
        #expect(YAMLScalarWriter.typed("5") == "5")
        #expect(YAMLScalarWriter.typed("2024-03-02") == "2024-03-02")
        #expect(YAMLScalarWriter.typed("true") == "true")
        #expect(YAMLScalarWriter.typed("1.5") == "1.5")
        #expect(YAMLScalarWriter.typed("a: b") == "\"a: b\"")
    }

    @Test func theIndependentTypeRulesAgreeWithTheWriter() {
        // Sanity check of the test's own rules: they must call these typed…
        for typed in ["1984", "0441478123", "Yes", "null", "~", "", "2024-01-02", "1:30", ".5", "0x1F", "-.inf", "<<"] {
            #expect(EditYAMLTypes.isTypedPlain(typed), "\(typed)")
        }
        // …and these strings.
        for text in ["Dune", "1984 (novel)", "Yes!", "nulls", "x1", "2024-01"] {
            #expect(!EditYAMLTypes.isTypedPlain(text), "\(text)")
        }
    }
}
