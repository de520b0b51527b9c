import Testing
@testable import ShelfKit

/// An empty title or tag is refused with a clear reason, never written.
@Suite struct EmptyValueTests {
    private func failure(_ text: String) -> String? {
        do {
            _ = try FieldAssignment(parsing: text).edit()
            return nil
        } catch {
            return error.description
        }
    }

    @Test(arguments: ["title=", "title=   ", "Title="])
    func anEmptyTitleIsRefused(text: String) throws {
        let message = try #require(failure(text))
        #expect(message.contains("a book needs a title"), "\(message)")
    }

    @Test(arguments: ["tags=a,,b", "tags=,", "tags=a, ,b", "genres=x,", "tags+=", "tags-=  "])
    func anEmptyTagIsRefused(text: String) {
        #expect(failure(text) != nil, "\(text) was accepted")
    }

    @Test func aTagListWithoutEmptyItemsIsAccepted() throws {
        #expect(try FieldAssignment(parsing: "tags=a, b").edit() == .set("tags", .list(["a", "b"])))
        #expect(try FieldAssignment(parsing: "tags=").edit() == .unset("tags"))
    }

    @Test func checkedItemTrimsAndRefusesEmpty() throws {
        #expect(try FieldAssignment.checkedItem(" sci-fi ") == "sci-fi")
        #expect(throws: EditError.self) { try FieldAssignment.checkedItem("  ") }
    }
}
