// shelf-bench-floor DIR
//
// The least any cold run of shelf has to do, and nothing more: list the `.md` files under DIR,
// read each with one `read` into a reused buffer on every core, find its front matter and run
// libyaml's event parser over it, keeping nothing. No Book, no index, no output but the counts.
// `make bench` times it beside `rg -l` so that the cold row's target can be read against what the
// parser alone costs on the machine at hand (docs/performance.md, "The floor of a cold run").
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import CYAML
import Dispatch

let arguments = CommandLine.arguments
guard arguments.count == 2, !arguments[1].hasPrefix("-") else {
    var usage = "usage: shelf-bench-floor DIR\n"
    usage.withUTF8 { _ = write(2, $0.baseAddress, $0.count) }
    exit(2)
}

var paths: [String] = []
collectBooks(in: arguments[1], into: &paths)

let workers = max(1, min(Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))), paths.count / 256 + 1))
let tallies = Tallies(workers: workers)
let books = paths
DispatchQueue.concurrentPerform(iterations: workers) { worker in
    var reader = FrontMatterReader()
    var tally = Tally()
    for position in stride(from: worker, to: books.count, by: workers) {
        reader.parse(books[position], into: &tally)
    }
    tallies.store(tally, for: worker)
}
let total = tallies.total
print("files \(paths.count), front matters \(total.frontMatters), events \(total.events), unread \(total.unread)")
