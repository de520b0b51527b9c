import Testing
@testable import ShelfKit

@Suite struct BookFileScannerSortTests {
    @Test func pathsSortByTheirBytes() {
        var generator = SystemRandomNumberGenerator()
        let pieces = ["a", "b", "/", "-", "0", "9", "é", "z", "Z", "aaaaaaaa", "bbbbbbbb", ".md", "ł", "😀"]
        var paths = ["", "a", "ab", "a/b", "a-b", "aaaaaaaaaaaaaaaa", "aaaaaaaaaaaaaaaab", "aaaaaaaaaaaaaaaa/"]
        for _ in 0..<2_000 {
            let count = Int.random(in: 1...8, using: &generator)
            paths.append((0..<count).map { _ in pieces.randomElement(using: &generator) ?? "a" }.joined())
        }
        let expected = paths.sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
        #expect(BookFileScanner.sortedByBytes(paths) == expected)
    }
}
