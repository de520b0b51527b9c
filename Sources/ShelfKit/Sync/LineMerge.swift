/// Three-way merging of lines, the way diff3 does it: regions where only one side changed the
/// base take that side; regions both changed alike take either; regions both changed differently
/// are conflicts.
enum LineMerge {
    /// How a conflicting region is written.
    enum ConflictStyle: Sendable {
        /// Ours, then the lines of theirs that ours lacks: nothing lost, no markers.
        case union
        /// git's markers around both sides.
        case markers(ours: String, theirs: String)
    }

    struct Result: Sendable, Equatable {
        var lines: [String]
        var conflicts: Int
    }

    /// Merges `ours` and `theirs`, both descended from `base`.
    static func merge(base: [String], ours: [String], theirs: [String], style: ConflictStyle) -> Result {
        let merged = merge(base: base, ours: ours, theirs: theirs) { oursChunk, theirsChunk in
            switch style {
            case .union:
                return oursChunk + theirsChunk.filter { !oursChunk.contains($0) }
            case let .markers(oursLabel, theirsLabel):
                return ["<<<<<<< " + oursLabel] + oursChunk + ["======="] + theirsChunk + [">>>>>>> " + theirsLabel]
            }
        }
        return Result(lines: merged.lines, conflicts: merged.conflicts)
    }

    /// Merges lines of any kind (text, or raw bytes of a file that is not UTF-8): `conflict`
    /// writes a region both sides changed differently, given ours' and theirs' lines of it.
    static func merge<Line: Equatable>(
        base: [Line], ours: [Line], theirs: [Line], conflict: ([Line], [Line]) -> [Line]
    ) -> (lines: [Line], conflicts: Int) {
        let toOurs = matches(base, ours)
        let toTheirs = matches(base, theirs)
        var output: [Line] = []
        var conflicts = 0
        var (i, j, k) = (0, 0, 0)
        // Sync points: base lines kept by both sides.
        var syncPoints: [(Int, Int, Int)] = []
        for line in 0..<base.count {
            if let a = toOurs[line], let b = toTheirs[line] { syncPoints.append((line, a, b)) }
        }
        syncPoints.append((base.count, ours.count, theirs.count))
        for (nextBase, nextOurs, nextTheirs) in syncPoints {
            let baseChunk = Array(base[i..<nextBase])
            let oursChunk = Array(ours[j..<nextOurs])
            let theirsChunk = Array(theirs[k..<nextTheirs])
            if oursChunk == baseChunk {
                output += theirsChunk
            } else if theirsChunk == baseChunk || oursChunk == theirsChunk {
                output += oursChunk
            } else {
                conflicts += 1
                output += conflict(oursChunk, theirsChunk)
            }
            if nextBase < base.count { output.append(base[nextBase]) }
            (i, j, k) = (nextBase + 1, nextOurs + 1, nextTheirs + 1)
        }
        return (output, conflicts)
    }

    /// Merges two versions with no known ancestor: their common lines stand in for the base, so
    /// every line of either survives, in order.
    static func union(_ ours: [String], _ theirs: [String]) -> [String] {
        let common = longestCommonSubsequence(ours, theirs)
        return merge(base: common, ours: ours, theirs: theirs, style: .union).lines
    }

    /// For each line of `from`, the index of the line of `to` it is matched with in a longest
    /// common subsequence, or nil.
    static func matches<Line: Equatable>(_ from: [Line], _ to: [Line]) -> [Int?] {
        var result = [Int?](repeating: nil, count: from.count)
        for (a, b) in lcsPairs(from, to) { result[a] = b }
        return result
    }

    static func longestCommonSubsequence<Line: Equatable>(_ a: [Line], _ b: [Line]) -> [Line] {
        lcsPairs(a, b).map { a[$0.0] }
    }

    /// Matched index pairs of a longest common subsequence. Common prefix and suffix are matched
    /// directly, which keeps the quadratic table small for the usual small edit.
    static func lcsPairs<Line: Equatable>(_ a: [Line], _ b: [Line]) -> [(Int, Int)] {
        var prefix = 0
        while prefix < a.count && prefix < b.count && a[prefix] == b[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < a.count - prefix && suffix < b.count - prefix && a[a.count - 1 - suffix] == b[b.count - 1 - suffix] {
            suffix += 1
        }
        let middleA = Array(a[prefix..<(a.count - suffix)])
        let middleB = Array(b[prefix..<(b.count - suffix)])
        var pairs = (0..<prefix).map { ($0, $0) }
        let rows = middleA.count, columns = middleB.count
        if rows > 0 && columns > 0 {
            var table = [[Int32]](repeating: [Int32](repeating: 0, count: columns + 1), count: rows + 1)
            for row in stride(from: rows - 1, through: 0, by: -1) {
                for column in stride(from: columns - 1, through: 0, by: -1) {
                    table[row][column] =
                        middleA[row] == middleB[column]
                        ? table[row + 1][column + 1] + 1
                        : max(table[row + 1][column], table[row][column + 1])
                }
            }
            var (row, column) = (0, 0)
            while row < rows && column < columns {
                if middleA[row] == middleB[column] {
                    pairs.append((prefix + row, prefix + column))
                    row += 1
                    column += 1
                } else if table[row + 1][column] >= table[row][column + 1] {
                    row += 1
                } else {
                    column += 1
                }
            }
        }
        for offset in 0..<suffix { pairs.append((a.count - suffix + offset, b.count - suffix + offset)) }
        return pairs
    }
}
