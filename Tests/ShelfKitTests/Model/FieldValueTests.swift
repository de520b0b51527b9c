import Testing
@testable import ShelfKit
@testable import ShelfPresentation

/// Front-matter values detached from the bytes, and their JSON typing.
@Suite struct FieldValueTests {
    func value(_ yaml: String) throws -> FieldValue {
        let fm = try frontMatter(Array("---\nv: \(yaml)\n---\n".utf8))
        return FieldValue(try #require(fm.entry("v")).value)
    }

    @Test func scalarsKnowWhetherTheyWerePlain() throws {
        #expect(try value("Dune") == .scalar("Dune", isPlain: true))
        #expect(try value("'Dune'") == .scalar("Dune", isPlain: false))
        #expect(try value("\"1984\"") == .scalar("1984", isPlain: false))
        #expect(try value("!!str 1984") == .scalar("1984", isPlain: false))
        #expect(try value("|\n  text") == .scalar("text\n", isPlain: false))
    }

    @Test(arguments: ["", "~", "null", "Null", "NULL"])
    func plainNullsAreNull(text: String) throws {
        #expect(try value(text) == .null)
    }

    @Test func aQuotedNullIsAString() throws {
        #expect(try value("'null'") == .scalar("null", isPlain: false))
        #expect(try value("''") == .scalar("", isPlain: false))
    }

    @Test(arguments: [
        ("1984", JSONValue.integer(1984)), ("-5", .integer(-5)), ("0", .integer(0)),
        ("9780441013593", .integer(9_780_441_013_593)),
        ("4.0", .number(4)), ("2.5", .number(2.5)),
        ("true", .bool(true)), ("False", .bool(false)), ("TRUE", .bool(true)),
        // A leading zero keeps the text: an ISBN-10 must not lose its 0.
        ("0802130305", .string("0802130305")), ("007", .string("007")),
        // YAML 1.2 strings that YAML 1.1 would type.
        ("yes", .string("yes")), ("off", .string("off")), ("1_000", .string("1_000")), ("1:30", .string("1:30")),
        ("2023-01-14", .string("2023-01-14")), ("1.2.3", .string("1.2.3")),
        ("\"1984\"", .string("1984")), ("'true'", .string("true")), ("~", .null),
    ])
    func plainScalarsAreTypedForJSON(yaml: String, json: JSONValue) throws {
        #expect(try value(yaml).json == json)
    }

    @Test func collectionsConvertToJSON() throws {
        #expect(try value("[a, 1, [b], {k: v}]").json.serialized() == #"["a",1,["b"],{"k":"v"}]"#)
        #expect(try value("{b: 1, a: 2}").json.serialized() == #"{"b":1,"a":2}"#)
    }

    @Test func textsAreAListsStringsOrAScalarsOne() throws {
        #expect(try value("[a, '', [x], b]").texts == ["a", "", "b"])
        #expect(try value("a, b").texts == ["a, b"])
        #expect(try value("''").texts == [])
        #expect(try value("~").texts == [])
        #expect(try value("{k: v}").texts == [])
        #expect(try value("[a]").text == nil)
    }

    @Test func mapsKeepTheirWrittenOrderAndNestedValues() throws {
        #expect(
            try value("{when: winter, with: [tea, blanket], n: ~}")
                == .map([
                    FieldEntry(key: "when", value: .scalar("winter", isPlain: true)),
                    FieldEntry(key: "with", value: .list([.scalar("tea", isPlain: true), .scalar("blanket", isPlain: true)])),
                    FieldEntry(key: "n", value: .null),
                ]))
    }
}
