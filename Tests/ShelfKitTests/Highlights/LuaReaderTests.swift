import Testing
@testable import ShelfKit

@Suite struct LuaReaderTests {
    @Test func readsTheLiteralsKOReaderWrites() throws {
        let value = try LuaReader.read(
            """
            -- we can read Lua syntax here!
            return {
                ["a"] = "line\\nbreak \\"quoted\\" \\65\\u{263A}",
                [1] = 12,
                ["n"] = -0.25,
                ["t"] = true, ["f"] = false, ["z"] = nil,
                bare = 'single',
                ["long"] = [==[
            raw ]] text]==],
                --[[ a block
                comment ]]
                ["nested"] = { "x", "y", { ["deep"] = 1e3 } },
            }
            """)
        #expect(value["a"] == .string("line\nbreak \"quoted\" A☺"))
        #expect(value.entries.first { $0.key == .number(1) }?.value == .number(12))
        #expect(value["n"] == .number(-0.25))
        #expect(value["t"] == .bool(true))
        #expect(value["f"] == .bool(false))
        #expect(value["z"] == .nil)
        #expect(value["bare"] == .string("single"))
        #expect(value["long"] == .string("raw ]] text"))
        #expect(value["nested"]?.entries.map(\.key) == [.number(1), .number(2), .number(3)])
        #expect(value["nested"]?.entries[2].value["deep"] == .number(1000))
    }

    @Test func brokenFilesAreRefusedWithLineAndColumn() {
        #expect(throws: LuaSyntaxError(line: 2, column: 11, reason: "a string is not closed on its line")) {
            try LuaReader.read("return {\n  [\"a\"] = \"open\n}")
        }
        #expect(throws: LuaSyntaxError.self) { try LuaReader.read("return { os.execute('rm -rf /') }") }
        #expect(throws: LuaSyntaxError.self) { try LuaReader.read("return {") }
        #expect(throws: LuaSyntaxError.self) { try LuaReader.read("") }
    }

    @Test func deepNestingIsRefusedNotRecursedIntoUntilTheStackEnds() {
        let deep = String(repeating: "{", count: 100_000) + String(repeating: "}", count: 100_000)
        #expect(throws: LuaSyntaxError.self) { try LuaReader.read("return " + deep) }
    }
}
