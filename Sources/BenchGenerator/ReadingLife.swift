// MARK: - Loans and highlights

// A few books carry what the web UI's loans and highlights pages read: a `loans:` list (about 2%
// of the books started) and a `## Highlights` section (about 4% of the books started), as
// `shelf lend` and `shelf highlights import` write them. They are drawn from a stream of their
// own (`readingLifeStream`), so every other field of every book is what it was before these were
// added, and a library without them differs only in those books.

let borrowers = ["Ana", "Bo", "Chidi", "Dana", "Emil", "Farah", "Gus", "Hana", "Ivo", "Jun"]

/// The second stream of one file, for its loans and highlights.
func readingLifeStream(seed: UInt64, index: Int) -> SplitMix64 {
    fileStream(seed: seed ^ 0x4C4F_414E_484C_4954, index: index)
}

/// A `loans:` list of one to three loans after `started`, the last one still out (and due,
/// often overdue) about half the time.
func writeLoans(_ r: inout SplitMix64, started: Int, into w: inout Writer) {
    w.line("loans:")
    var day = started + r.below(200)
    let count = r.int(1...3)
    for number in 0..<count {
        w.put("  - {to: " + r.pick(borrowers) + ", lent: ")
        w.date(min(day, lastDay))
        if r.chance(0.6) { w.put(", due: "); w.date(min(day + 30, lastDay)) }
        let open = number == count - 1 && r.chance(0.5)
        if !open { w.put(", returned: "); w.date(min(day + 5 + r.below(60), lastDay)) }
        w.put("}")
        w.endLine()
        day += 70 + r.below(300)
    }
}

/// A `## Highlights` section of 2 to 12 passages, each with its place, some with a note.
func writeHighlights(_ r: inout SplitMix64, started: Int, into w: inout Writer) {
    w.endLine()
    w.line("## Highlights")
    for _ in 0..<r.int(2...12) {
        w.endLine()
        w.put("> ")
        sentence(&r, into: &w, words: r.int(8...40), wrapAt: nil)
        w.endLine()
        w.line(">")
        w.put("> — ")
        if r.chance(0.5) { w.put("Chapter \(r.int(1...30)) · ") }
        w.put("p. \(r.int(1...600)) · ")
        w.date(min(started + r.below(90), lastDay))
        w.endLine()
        if r.chance(0.25) {
            w.endLine()
            sentence(&r, into: &w, words: r.int(4...16), wrapAt: nil)
            w.endLine()
        }
    }
}
