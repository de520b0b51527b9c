import Testing
@testable import ShelfKit

/// `key=value`, `key+=value`, `key-=value` from the command line: parsed, checked by key,
/// turned into edits; bad values are errors.
@Suite struct FieldAssignmentTests {
    func edit(_ text: String, force: Bool = false) throws(EditError) -> FieldEdit {
        try FieldAssignment(parsing: text).edit(force: force)
    }

    func expectInvalid(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) {
        do throws(EditError) {
            let result = try edit(text)
            Issue.record("'\(text)' gave \(result), expected an error", sourceLocation: sourceLocation)
        } catch {
            guard case .invalidValue = error else {
                Issue.record("'\(text)': \(error)", sourceLocation: sourceLocation)
                return
            }
        }
    }

    @Test func parsing() throws {
        #expect(try FieldAssignment(parsing: "rating=5") == FieldAssignment(key: "rating", operation: .set, value: "5"))
        #expect(try FieldAssignment(parsing: "tags+=sci-fi") == FieldAssignment(key: "tags", operation: .add, value: "sci-fi"))
        #expect(try FieldAssignment(parsing: "tags-=x") == FieldAssignment(key: "tags", operation: .remove, value: "x"))
        #expect(try FieldAssignment(parsing: " mood = a = b ") == FieldAssignment(key: "mood", operation: .set, value: "a = b"))
        #expect(try FieldAssignment(parsing: "series=Dune Chronicles").value == "Dune Chronicles")
        #expect(throws: EditError.self) { try FieldAssignment(parsing: "rating") }
        #expect(throws: EditError.self) { try FieldAssignment(parsing: "=5") }
        #expect(throws: EditError.self) { try FieldAssignment(parsing: "+=5") }
    }

    @Test func valuesChecked() throws {
        #expect(try edit("rating=5") == .set("rating", .typed("5")))
        #expect(try edit("status=dnf") == .set("status", .string("abandoned")))
        #expect(try edit("status=currently-reading") == .set("status", .string("reading")))
        #expect(try edit("status=want-to-read") == .set("status", .string("to-read")))
        #expect(try edit("finished=2024-03-02") == .set("finished", .typed("2024-03-02")))
        #expect(try edit("published=1969") == .set("published", .typed("1969")))
        #expect(try edit("isbn=9780441478125") == .set("isbn", .string("9780441478125")))
        #expect(try edit("isbn=0441478123") == .set("isbn", .string("0441478123")))
        #expect(try edit("pages=304") == .set("pages", .typed("304")))
        #expect(try edit("series_index=1.5") == .set("series_index", .typed("1.5")))
        #expect(try edit("favorite=yes") == .set("favorite", .typed("true")))
        #expect(try edit("tags=a, b, c") == .set("tags", .list(["a", "b", "c"])))
        // An empty tag is refused (issue 17), not dropped silently.
        #expect(throws: EditError.self) { try edit("tags=a, b,,c") }
        #expect(try edit("authors=Frank Herbert") == .set("authors", .list(["Frank Herbert"])))
        #expect(try edit("mood=1984") == .set("mood", .string("1984")))
        #expect(try edit("location=") == .unset("location"))
        #expect(try edit("tags+=x") == .add("tags", "x"))
        #expect(try edit("tags-=x") == .remove("tags", "x"))
        #expect(try edit("mood+=x") == .add("mood", "x"))
    }

    @Test(arguments: [
        "rating=7", "rating=0", "rating=4.3", "rating=five", "rating=-1",
        "status=done-ish", "status=unknown",
        "finished=2024-13-01", "started=yesterday", "finished=2024-02-30",
        "isbn=9780441478124", "isbn=123", "isbn=0441478122",
        "pages=-3", "pages=many", "series_index=abc", "favorite=maybe", "copies=2",
        "rating+=1", "title-=x", "tags+=", "tags-= ",
    ])
    func badValuesAreErrors(text: String) {
        expectInvalid(text)
    }

    @Test func datesReadGenerously() throws {
        #expect(try edit("started=2024-3-2") == .set("started", .typed("2024-03-02")))
        #expect(try edit("finished=2024") == .set("finished", .typed("2024")))
    }

    /// DESIGN: "Read generously, write canonically." A date given with slashes is accepted, but
    /// written as typed (`finished: 2024/03/02`), which YAML readers take for a plain string.
    @Test
    func aDateWithSlashesIsWrittenCanonically() throws {
        #expect(try edit("finished=2024/03/02") == .set("finished", .typed("2024-03-02")))
    }

    @Test func forceAcceptsABadCheckDigitOnly() throws {
        #expect(try edit("isbn=9780441478124", force: true) == .set("isbn", .string("9780441478124")))
        #expect(throws: EditError.self) { try edit("rating=7", force: true) }
    }

    @Test func aliasesOfKeysAreCheckedAsTheirField() {
        expectInvalid("stars=9")
        expectInvalid("date_read=someday")
        expectInvalid("isbn13=9780441478124")
    }

    @Test func errorsSayWhatIsWrong() {
        do throws(EditError) {
            _ = try edit("rating=7")
            Issue.record("no error")
        } catch {
            #expect(error.description.contains("rating"))
            #expect(error.description.contains("0.5 to 5"))
        }
    }
}
