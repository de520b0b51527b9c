#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Dispatch

// MARK: - One book

struct GeneratedBook {
    var relativePath: String
    var bytes: [UInt8]
}

let statusComments = [
    "# finally", "# from the library", "# book club pick", "# again", "# slow going",
    "# gift from Mum", "# recommended by a friend", "# on the nightstand",
]

func makeBook(index: Int, seed: UInt64, folder: String) -> GeneratedBook {
    var r = fileStream(seed: seed, index: index)
    var w = Writer()
    let crlf = r.chance(0.02)
    if crlf { w.newline = [0x0D, 0x0A] }
    let targetSize = r.int(1100...2950)

    let title = makeTitle(&r)
    let authorCount = r.chance(0.85) ? 1 : 2
    let authors = (0..<authorCount).map { _ in makeAuthor(&r) }

    // Status and the dates that go with it.
    let statusRoll = r.unit()
    let status: String
    switch statusRoll {
    case ..<0.36: status = "to-read"
    case ..<0.42: status = "reading"
    case ..<0.95: status = "read"
    default: status = "abandoned"
    }
    let added = firstDay + r.below(lastDay - firstDay - 200)
    let started = status == "to-read" ? nil : Optional(added + r.below(120))
    let finished = (status == "read" || status == "abandoned") ? started.map { $0 + 3 + r.below(60) } : nil

    // Tags.
    var tags: [String] = []
    if r.chance(0.08) { tags.append(r.pick(sciFiTags)) }
    for _ in 0..<r.int(0...3) {
        let tag = r.pick(otherTags)
        if !tags.contains(tag) { tags.append(tag) }
    }
    if tags.count > 1 && r.chance(0.5) { tags.swapAt(0, r.below(tags.count)) }

    // The two words of the benchmark's ranked search (`shelf search 'water people'`): about 5%
    // of the notes hold `water`, about 5% `people`, about 1% both. Neither is in any other list.
    var mentions: [[UInt8]] = []
    let water = r.chance(0.05)
    if water { mentions.append(Array("water".utf8)) }
    if r.chance(water ? 0.2 : 0.04) { mentions.append(Array("people".utf8)) }

    // Front matter.
    w.line("---")
    if r.chance(0.03) { w.line("# imported from goodreads") }
    w.line("title: " + yamlText(title))
    switch r.unit() {
    case ..<0.70:
        w.line("authors:")
        let indent = r.chance(0.8) ? "  - " : "- "
        for author in authors { w.line(indent + author) }
    case ..<0.88:
        w.line("authors: [" + authors.joined(separator: ", ") + "]")
    default:
        if authors.count == 1 {
            w.line("author: " + authors[0])
        } else {
            w.line("authors: [" + authors.joined(separator: ", ") + "]")
        }
    }
    if r.chance(0.93) {
        let isbn = isbn13(&r)
        w.line(r.chance(0.85) ? "isbn: \"\(isbn)\"" : "isbn: '\(isbn)'")
    }
    if r.chance(0.12) {
        w.line("status: " + status + "   " + r.pick(statusComments))
    } else {
        w.line("status: " + status)
    }
    if status == "read" || status == "abandoned", r.chance(0.75) {
        let rating = status == "abandoned" ? r.int(1...2) : min(5, max(1, 3 + r.int(-2...2) + (r.chance(0.3) ? 1 : 0)))
        w.line("rating: \(rating)")
    }
    if !tags.isEmpty {
        if r.chance(0.65) {
            w.line("tags: [" + tags.joined(separator: ", ") + "]")
        } else {
            w.line("tags:")
            for tag in tags { w.line("  - " + tag) }
        }
    } else if r.chance(0.3) {
        w.line("tags: []")
    }
    w.put("added: "); w.date(added); w.endLine()
    if let started { w.put("started: "); w.date(started); w.endLine() }
    if let finished { w.put("finished: "); w.date(finished); w.endLine() }
    if r.chance(0.2) {
        let series = r.chance(0.5) ? title.split(separator: ":")[0] + " Cycle" : "The " + capitalized(r.pick(titleNouns)) + " Trilogy"
        w.line("series: " + yamlText(String(series)))
        w.line("series_index: \(r.int(1...7))")
    }
    if r.chance(0.85) { w.line("publisher: " + r.pick(publishers)) }
    if r.chance(0.9) {
        let year = r.chance(0.8) ? r.int(1950...2025) : r.int(1813...1949)
        if r.chance(0.8) {
            w.line("published: \(year)")
        } else {
            w.put("published: "); w.number(year, width: 4); w.put("-"); w.number(r.int(1...12), width: 2)
            w.put("-"); w.number(r.int(1...28), width: 2); w.endLine()
        }
    }
    if r.chance(0.88) { w.line("pages: \(r.int(80...1100))") }
    if r.chance(0.1) { w.line("format: " + r.pick(["paperback", "hardcover", "ebook", "audiobook"])) }
    if r.chance(0.05) { w.line("mood: " + r.pick(["cozy", "dark", "hopeful", "tense", "reflective"])) }
    var life = readingLifeStream(seed: seed, index: index)
    let lent = started != nil && life.chance(0.02)
    let highlighted = started != nil && life.chance(0.04)
    if lent, let started { writeLoans(&life, started: started, into: &w) }
    w.line("---")
    w.endLine()

    // Body: paragraphs, a few lists and quotes, until the target size.
    let wraps = r.chance(0.5)
    var firstParagraph = true
    while w.bytes.count < targetSize - 80 {
        if !firstParagraph { w.endLine() }
        firstParagraph = false
        let kind = r.unit()
        if kind < 0.15 {
            // A bullet list.
            for _ in 0..<r.int(2...5) where w.bytes.count < targetSize - 40 {
                w.put("- ")
                sentence(&r, into: &w, words: r.int(4...14), wrapAt: nil, mention: mentions.popLast())
                w.endLine()
            }
        } else if kind < 0.22 {
            w.put("> ")
            sentence(&r, into: &w, words: r.int(8...20), wrapAt: nil, mention: mentions.popLast())
            w.endLine()
        } else if kind < 0.30, let started {
            // A timestamped note, as `shelf note` appends.
            w.put("## "); w.date(started + r.below(30)); w.endLine(); w.endLine()
            sentence(&r, into: &w, words: r.int(8...25), wrapAt: wraps ? 90 : nil, mention: mentions.popLast())
            w.endLine()
        } else {
            var lineStart = w.bytes.count
            for _ in 0..<r.int(2...6) where w.bytes.count < targetSize - 40 {
                if w.bytes.count > lineStart { w.byte(0x20) }
                lineStart = sentence(
                    &r, into: &w, words: r.int(6...22), wrapAt: wraps ? 90 : nil, lineStart: lineStart,
                    mention: mentions.popLast())
            }
            w.endLine()
        }
    }
    if highlighted, let started { writeHighlights(&life, started: started, into: &w) }
    let name =
        String(format6(index)) + "-" + slug(authors[0].split(separator: " ").last.map(String.init) ?? "anon")
        + "-" + slug(title) + ".md"
    return GeneratedBook(relativePath: folder + "/" + name, bytes: w.bytes)
}

func format6(_ index: Int) -> String {
    let digits = String(index)
    return String(repeating: "0", count: max(0, 6 - digits.count)) + digits
}

/// Appends one sentence of `words` words; wraps lines at `wrapAt` columns when given. A
/// `mention` takes the place of one of the words, at a random position.
/// - Returns: the offset where the current line starts.
@discardableResult
func sentence(
    _ r: inout SplitMix64, into w: inout Writer, words: Int, wrapAt: Int?, lineStart: Int? = nil,
    mention: [UInt8]? = nil
) -> Int {
    var lineStart = lineStart ?? w.bytes.count
    let mentionAt = mention == nil ? -1 : r.below(words)
    for i in 0..<words {
        let word: [UInt8] =
            i == mentionAt
            ? mention ?? []
            : r.chance(0.55)
                ? commonWordBytes[r.skewed(commonWordBytes.count)]
                : pseudoWords[r.skewed(pseudoWords.count)]
        if i > 0 {
            if let wrapAt, w.bytes.count - lineStart + word.count + 1 > wrapAt {
                w.endLine()
                lineStart = w.bytes.count
            } else {
                w.byte(0x20)
            }
        }
        if i == 0, let first = word.first, first >= 0x61, first <= 0x7A {
            w.byte(first - 0x20)
            w.bytes.append(contentsOf: word.dropFirst())
        } else {
            w.put(word)
        }
        if i > 0 && i < words - 1 && r.chance(0.06) { w.byte(UInt8(ascii: ",")) }
    }
    w.byte(r.chance(0.9) ? UInt8(ascii: ".") : (r.chance(0.5) ? UInt8(ascii: "?") : UInt8(ascii: "!")))
    return lineStart
}
