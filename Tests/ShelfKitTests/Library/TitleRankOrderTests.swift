import Testing
@testable import ShelfKit

/// Paths in title order come from the index's title ranks by a counting sort; it must order as
/// a plain sort by (rank, entry) does, reversed by rank alone, and survive ranks out of range.
@Suite struct TitleRankOrderTests {
    static func sorted(_ ids: [Int32], _ ranks: [UInt32], reversed: Bool) -> [Int] {
        ids.map { (id: Int($0), rank: ranks[Int($0)]) }
            .sorted { $0.rank != $1.rank ? ($0.rank < $1.rank) != reversed : $0.id < $1.id }
            .map(\.id)
    }

    @Test func theCountingSortOrdersAsAPlainSort() {
        var random = CorpusRandom(seed: 7)
        for round in 0..<300 {
            let entries = 1 + random.below(200)
            // Dense ranks with ties, as the writer gives them.
            let distinct = 1 + random.below(entries)
            let ranks = (0..<entries).map { _ in UInt32(random.below(distinct)) }
            let ids = (0..<entries).filter { _ in random.chance(0.6) }.map(Int32.init)
            for reversed in [false, true] {
                #expect(IndexedQuery.byTitleRank(ids, rank: { ranks[$0] }, entries: entries, reversed: reversed)
                    == Self.sorted(ids, ranks, reversed: reversed), "round \(round), reversed \(reversed)")
            }
        }
    }

    @Test func ranksOutOfRangeFallBackToAPlainSort() {
        let ranks: [UInt32] = [4_000_000_000, 3, 3, 0]
        let ids: [Int32] = [0, 1, 2, 3]
        #expect(IndexedQuery.byTitleRank(ids, rank: { ranks[$0] }, entries: 4, reversed: false) == [3, 1, 2, 0])
        #expect(IndexedQuery.byTitleRank(ids, rank: { ranks[$0] }, entries: 4, reversed: true) == [0, 1, 2, 3])
        #expect(IndexedQuery.byTitleRank([], rank: { ranks[$0] }, entries: 4, reversed: false) == [])
    }
}
