import Testing
@testable import ShelfKit

/// Work spread over cores in runs: every item is taken once, in order, whatever the number of
/// workers, including more workers than the runs need (67 cores and 4,289 candidates used to
/// give the last worker a run starting past the end, which stopped the program).
@Suite struct ProcessInfoCoresTests {
    @Test(arguments: [1, 2, 3, 7, 64, 67, 100, 128, 513])
    func theRunsTakeEveryItemOnce(workers: Int) {
        for count in [0, 1, 2, 63, 64, 65, 4_289, 6_401, 8_193, 262_145] {
            let runs = (0..<workers).map { ProcessInfoCores.run($0, of: workers, count: count) }
            #expect(runs.flatMap { Array($0) } == Array(0..<count), "\(workers) workers, \(count) items")
        }
    }
}
