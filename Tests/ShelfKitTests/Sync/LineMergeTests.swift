import Testing
@testable import ShelfKit

/// Three-way and two-way line merging of the notes (docs/sync.md: "The notes merge three-way by
/// lines"; "Lines both sides changed in the notes get git's usual markers").
@Suite("Sync: LineMerge")
struct LineMergeTests {
    static let markers = LineMerge.ConflictStyle.markers(ours: "ours", theirs: "theirs")

    func merge(_ base: [String], _ ours: [String], _ theirs: [String], union: Bool = false) -> LineMerge.Result {
        LineMerge.merge(base: base, ours: ours, theirs: theirs, style: union ? .union : Self.markers)
    }

    @Test func nothingChangedGivesTheBase() {
        let base = ["a", "b", "c"]
        #expect(merge(base, base, base) == LineMerge.Result(lines: base, conflicts: 0))
        #expect(merge([], [], []) == LineMerge.Result(lines: [], conflicts: 0))
    }

    @Test func aChangeOnOneSideIsTaken() {
        let base = ["a", "b", "c"]
        #expect(merge(base, ["a", "B", "c"], base) == LineMerge.Result(lines: ["a", "B", "c"], conflicts: 0))
        #expect(merge(base, base, ["a", "B", "c"]) == LineMerge.Result(lines: ["a", "B", "c"], conflicts: 0))
    }

    @Test func changesOnDifferentLinesBothSurvive() {
        let base = ["one", "two", "three", "four", "five"]
        let ours = ["ONE", "two", "three", "four", "five"]
        let theirs = ["one", "two", "three", "four", "FIVE"]
        #expect(merge(base, ours, theirs) == LineMerge.Result(lines: ["ONE", "two", "three", "four", "FIVE"], conflicts: 0))
    }

    @Test func theSameChangeOnBothSidesIsTakenOnce() {
        let base = ["a", "b", "c"]
        let both = ["a", "b and more", "c", "d"]
        #expect(merge(base, both, both) == LineMerge.Result(lines: both, conflicts: 0))
    }

    @Test func insertionsAtStartAndEnd() {
        let base = ["a", "b", "c"]
        #expect(
            merge(base, ["start", "a", "b", "c"], ["a", "b", "c", "end"])
                == LineMerge.Result(lines: ["start", "a", "b", "c", "end"], conflicts: 0))
        #expect(
            merge(base, ["a", "b", "c", "end"], ["start", "a", "b", "c"])
                == LineMerge.Result(lines: ["start", "a", "b", "c", "end"], conflicts: 0))
        // Into an empty base, from one side only.
        #expect(merge([], ["new"], []) == LineMerge.Result(lines: ["new"], conflicts: 0))
    }

    @Test func insertionsInTheMiddleOnDifferentGaps() {
        let base = ["a", "b", "c"]
        #expect(
            merge(base, ["a", "x", "b", "c"], ["a", "b", "y", "c"])
                == LineMerge.Result(lines: ["a", "x", "b", "y", "c"], conflicts: 0))
    }

    @Test func deletions() {
        let base = ["a", "b", "c", "d"]
        // One side deletes, the other keeps: deleted.
        #expect(merge(base, ["a", "c", "d"], base) == LineMerge.Result(lines: ["a", "c", "d"], conflicts: 0))
        #expect(merge(base, base, ["a", "b", "c"]) == LineMerge.Result(lines: ["a", "b", "c"], conflicts: 0))
        // Both delete the same line.
        #expect(merge(base, ["a", "c", "d"], ["a", "c", "d"]) == LineMerge.Result(lines: ["a", "c", "d"], conflicts: 0))
        // A deletion on one side and a change far away on the other.
        #expect(merge(base, ["b", "c", "d"], ["a", "b", "c", "D"]) == LineMerge.Result(lines: ["b", "c", "D"], conflicts: 0))
        // Everything deleted on one side, nothing changed on the other.
        #expect(merge(base, [], base) == LineMerge.Result(lines: [], conflicts: 0))
    }

    @Test func bothChangingOneLineIsAConflictWithMarkers() {
        let result = merge(["a", "b", "c"], ["a", "ours", "c"], ["a", "theirs", "c"])
        #expect(result.conflicts == 1)
        #expect(result.lines == ["a", "<<<<<<< ours", "ours", "=======", "theirs", ">>>>>>> theirs", "c"])
    }

    @Test func bothInsertingAtTheSamePlaceIsAConflict() {
        let start = merge(["a"], ["x", "a"], ["y", "a"])
        #expect(start == LineMerge.Result(lines: ["<<<<<<< ours", "x", "=======", "y", ">>>>>>> theirs", "a"], conflicts: 1))
        let end = merge(["a"], ["a", "x"], ["a", "y"])
        #expect(end == LineMerge.Result(lines: ["a", "<<<<<<< ours", "x", "=======", "y", ">>>>>>> theirs"], conflicts: 1))
    }

    @Test func deleteAgainstChangeIsAConflict() {
        let result = merge(["a", "b", "c"], ["a", "c"], ["a", "B", "c"])
        #expect(result == LineMerge.Result(lines: ["a", "<<<<<<< ours", "=======", "B", ">>>>>>> theirs", "c"], conflicts: 1))
    }

    @Test func changesToAdjacentLinesConflictAsInGit() {
        // No line both sides kept separates the two changes, so they are one region, as in diff3.
        let result = merge(["a", "b", "c", "d"], ["a", "B", "c", "d"], ["a", "b", "C", "d"])
        #expect(result.conflicts == 1)
        #expect(result.lines == ["a", "<<<<<<< ours", "B", "c", "=======", "b", "C", ">>>>>>> theirs", "d"])
    }

    @Test func twoConflictsAreCountedApart() {
        let base = ["1", "2", "3", "4", "5"]
        let result = merge(base, ["1", "x", "3", "4", "y"], ["1", "p", "3", "4", "q"])
        #expect(result.conflicts == 2)
        #expect(result.lines.filter { $0.hasPrefix("<<<<<<<") }.count == 2)
        #expect(result.lines.filter { $0.hasPrefix(">>>>>>>") }.count == 2)
    }

    @Test func unionStyleKeepsBothSidesWithoutMarkers() {
        let result = merge(["a", "b", "c"], ["a", "ours", "c"], ["a", "theirs", "c"], union: true)
        #expect(result == LineMerge.Result(lines: ["a", "ours", "theirs", "c"], conflicts: 1))
        // Theirs' lines that ours already has are not repeated.
        let overlap = merge(["a", "z"], ["a", "x", "y", "z"], ["a", "y", "w", "z"], union: true)
        #expect(overlap.lines == ["a", "x", "y", "w", "z"])
        #expect(!overlap.lines.contains { $0.hasPrefix("<<<<<<<") || $0 == "=======" })
    }

    @Test func twoWayUnionKeepsEveryLineOfBothInOrder() {
        #expect(LineMerge.union(["a", "b", "c"], ["a", "b", "c"]) == ["a", "b", "c"])
        #expect(LineMerge.union(["a", "c"], ["a", "b", "c"]) == ["a", "b", "c"])
        #expect(LineMerge.union(["a", "b", "c"], ["b"]) == ["a", "b", "c"])
        #expect(LineMerge.union(["first", "a"], ["a", "last"]) == ["first", "a", "last"])
        #expect(LineMerge.union([], ["x", "y"]) == ["x", "y"])
        #expect(LineMerge.union(["x", "y"], []) == ["x", "y"])
        // Lines both versions changed differently: ours first, then theirs.
        #expect(LineMerge.union(["a", "mine", "z"], ["a", "yours", "z"]) == ["a", "mine", "yours", "z"])
    }

    @Test func twoWayUnionLosesNoLine() {
        var generator = SyncRandom(seed: 7)
        for _ in 0..<200 {
            let pool = ["a", "b", "c", "d", "e", "", "- item", "### 2024-11-02"]
            let ours = (0..<generator.next(upTo: 8)).map { _ in pool[generator.next(upTo: pool.count)] }
            let theirs = (0..<generator.next(upTo: 8)).map { _ in pool[generator.next(upTo: pool.count)] }
            let merged = LineMerge.union(ours, theirs)
            #expect(isSubsequence(ours, of: merged), "\(ours) + \(theirs) -> \(merged)")
            #expect(isSubsequence(theirs, of: merged), "\(ours) + \(theirs) -> \(merged)")
        }
    }

    func isSubsequence(_ small: [String], of large: [String]) -> Bool {
        var index = large.startIndex
        for line in small {
            guard let found = large[index...].firstIndex(of: line) else { return false }
            index = found + 1
        }
        return true
    }
}
