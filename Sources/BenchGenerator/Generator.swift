// shelf-bench-gen: the generator (see main.swift).
//
// Writes COUNT synthetic book files (1–3 KB each) into DIR, in subfolders of 1000 files
// (`DIR/a00/00042-slug.md`, …), plus `DIR/shelf.yaml`. The output depends only on COUNT and the
// seed: every file draws from its own SplitMix64 stream derived from (seed, index), so the files
// are byte-identical from run to run whatever the number of threads writing them.
//
// Used by scripts/bench.sh; see docs/benchmarks.md.

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Dispatch

// MARK: - Random numbers

/// SplitMix64 (Steele, Lea, Flood 2014): small, fast, and good enough to pick words.
struct SplitMix64 {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// Uniform in 0..<bound (bound > 0), by Lemire's multiply-shift (bias negligible here).
    mutating func below(_ bound: Int) -> Int {
        Int(truncatingIfNeeded: (next().multipliedFullWidth(by: UInt64(bound))).high)
    }

    /// Uniform in range.
    mutating func int(_ range: ClosedRange<Int>) -> Int {
        range.lowerBound + below(range.upperBound - range.lowerBound + 1)
    }

    /// True with probability `p`.
    mutating func chance(_ p: Double) -> Bool {
        Double(next() >> 11) * 0x1p-53 < p
    }

    /// A uniform double in [0, 1).
    mutating func unit() -> Double { Double(next() >> 11) * 0x1p-53 }

    mutating func pick<T>(_ items: [T]) -> T { items[below(items.count)] }

    /// An index skewed towards the front of a list of `count` items (roughly Zipf-like), so that
    /// some words are common and most are rare, as in real notes.
    mutating func skewed(_ count: Int) -> Int {
        let u = unit()
        return min(count - 1, Int(u * u * Double(count)))
    }
}

/// The stream of one file: independent of the order in which files are written.
func fileStream(seed: UInt64, index: Int) -> SplitMix64 {
    var mixer = SplitMix64(seed: seed ^ (UInt64(index) &* 0xD1B5_4A32_D192_ED03))
    _ = mixer.next()
    return SplitMix64(seed: mixer.next())
}

// MARK: - Word lists

let titleNouns: [String] = """
    river shadow empire garden winter city machine ocean mirror night house island star library \
    forest mountain kingdom letter dream song stone fire storm harbor bridge tower wind map road \
    engine clock ghost heart lantern orchard silence summer voyage war peace door window memory \
    country desert sea sky moon sun crown blood salt glass iron paper silver gold thread circle \
    name promise secret tide valley wall field bird wolf fox whale raven horse dragon angel \
    stranger daughter son mother father sister brother king queen witch soldier thief sailor \
    doctor gardener archivist cartographer translator girl boy woman man children ashes bones \
    light dark hours years days seasons rain snow frost ember signal frontier colony planet \
    archive museum atlas chronicle theory history book story tale song ballad
    """.split(separator: " ").map(String.init)

let titleAdjectives: [String] = """
    last first lost hidden silent broken golden burning distant quiet little long dark bright \
    secret forgotten invisible endless wild strange cold small great hollow shining fallen \
    northern southern eastern western electric glass iron red blue green black white hungry \
    sleeping wandering drowned midnight ancient new old final brief
    """.split(separator: " ").map(String.init)

let firstNames: [String] = """
    Ursula Iain Octavia Kazuo Toni Italo Jorge Agatha Susanna Ted Mary Ann Leo Fyodor Virginia \
    Gabriel Chimamanda Haruki Margaret Ray Isaac Arthur Philip Frank Emily Charlotte Jane George \
    Hilary Zadie Elena Olga Tove Sally Ted Nnedi Becky Martha Ken Liu Yoko Anne Rebecca Donna \
    Colson Jesmyn Kim Naomi Ada Madeline Robin Patrick Neil Terry Douglas Mervyn Samuel Alice \
    Lucia Jhumpa Arundhati Salman Orhan Wisława Marguerite Albert Simone Rachel Marilynne Annie
    """.split(separator: " ").map(String.init)

let lastNames: [String] = """
    Le_Guin Banks Butler Ishiguro Morrison Calvino Borges Christie Clarke Chiang Shelley \
    Tolstoy Dostoevsky Woolf Márquez Adichie Murakami Atwood Bradbury Asimov Dick Herbert \
    Brontë Austen Eliot Mantel Smith Ferrante Tokarczuk Jansson Rooney Okorafor Chambers Wells \
    Liu Ogawa Solnit Tartt Whitehead Ward Robinson Stanley Jemisin Leckie Miller Hobb Rothfuss \
    Gaiman Pratchett Adams Peake Delany Munro Lahiri Roy Rushdie Pamuk Szymborska Yourcenar \
    Camus Beauvoir Carson Dillard Mandel Vonnegut Lem Strugatsky Tchaikovsky Reynolds Wolfe
    """.split(separator: " ").map { $0.replacingOccurrences(of: "_", with: " ") }

let publishers: [String] = [
    "Ace Books", "Tor Books", "Orbit", "Penguin Classics", "Vintage", "Faber & Faber", "Gollancz",
    "Del Rey", "Picador", "Knopf", "Harper Perennial", "Bloomsbury", "Granta", "New Directions",
    "Fitzcarraldo Editions", "Riverhead Books", "Scribner", "Anchor Books", "Mariner Books",
    "Oxford World's Classics", "NYRB Classics", "Verso", "Small Beer Press", "Subterranean Press",
    "Jonathan Cape", "Chatto & Windus", "Hodder & Stoughton", "Tachyon", "Angry Robot", "Solaris",
]

/// About 40 tags; `sci-fi` is handled apart so that ~8% of books carry it. No other tag, and no
/// word of a body, contains the string `sci-fi`, so `rg -l sci-fi` finds exactly the books
/// `shelf ls --tag sci-fi` lists.
let otherTags: [String] = [
    "fantasy", "classics", "literary", "mystery", "thriller", "horror", "history", "biography",
    "memoir", "essays", "poetry", "philosophy", "science", "nature", "travel", "politics",
    "economics", "art", "music", "cooking", "humor", "short-stories", "young-adult", "children",
    "graphic-novel", "romance", "translated", "non-fiction", "reference", "favorites", "reread",
    "book-club", "gift", "library-loan", "audiobook", "ebook", "signed", "to-lend", "comfort-read",
]
let sciFiTags: [String] = ["sci-fi", "sci-fi", "sci-fi", "sci-fi", "sci-fi/space", "sci-fi/cyberpunk"]

let commonWords: [String] = """
    the of and to a in that is was he she it for on with as his her at by this had not are but \
    from or have an they which one you were all we when there can been has more if will would \
    what so about who out up into them some then could time only its these two may first like \
    than other over such our even most after also many before must through back years where much \
    your way well down should because each just those how too little world very still own see \
    men work long get here between both life being under never day same another know while last \
    might us great old off come since against go came right used take three book story chapter \
    reader ending character characters plot writing prose voice scene page pages read reading \
    again slow quiet strange beautiful sad funny odd clever careful loved liked hated felt \
    thought remember remembered noticed question idea ideas world worlds author novel middle \
    beginning structure narrator sentence sentences image images line lines letter letters
    """.split(separator: " ").map(String.init)

extension Substring {
    func replacingOccurrences(of target: Character, with replacement: String) -> String {
        var out = ""
        for c in self { if c == target { out += replacement } else { out.append(c) } }
        return out
    }
}

/// A few thousand pseudo-words built from syllables, fixed for every seed so that vocabularies
/// match across libraries of different sizes.
let pseudoWords: [[UInt8]] = {
    let onsets = ["b", "c", "d", "f", "g", "h", "k", "l", "m", "n", "p", "r", "s", "t", "v", "z",
                  "br", "ch", "dr", "gl", "kr", "sh", "st", "th", "tr", "sk", "pl", ""]
    let vowels = ["a", "e", "i", "o", "u", "ae", "ei", "ou", "ai", "y"]
    let codas = ["", "", "", "n", "r", "s", "l", "th", "m", "x", "nd", "st", "rk"]
    var random = SplitMix64(seed: 0x5EED_0F_B00C)
    var seen = Set<String>()
    var words: [[UInt8]] = []
    while words.count < 4000 {
        var word = ""
        let syllables = random.chance(0.35) ? 1 : (random.chance(0.7) ? 2 : 3)
        for _ in 0..<syllables {
            word += random.pick(onsets) + random.pick(vowels) + random.pick(codas)
        }
        guard word.utf8.count >= 3, seen.insert(word).inserted else { continue }
        words.append(Array(word.utf8))
    }
    return words
}()

let commonWordBytes: [[UInt8]] = commonWords.map { Array($0.utf8) }

// MARK: - Dates

/// Days since 1970-01-01 of a civil date (Howard Hinnant's algorithm).
func daysFromCivil(_ y: Int, _ m: Int, _ d: Int) -> Int {
    let y = m <= 2 ? y - 1 : y
    let era = (y >= 0 ? y : y - 399) / 400
    let yoe = y - era * 400
    let doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
    return era * 146097 + doe - 719468
}

func civilFromDays(_ z: Int) -> (Int, Int, Int) {
    let z = z + 719468
    let era = (z >= 0 ? z : z - 146096) / 146097
    let doe = z - era * 146097
    let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365
    let y = yoe + era * 400
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
    let mp = (5 * doy + 2) / 153
    let d = doy - (153 * mp + 2) / 5 + 1
    let m = mp + (mp < 10 ? 3 : -9)
    return (m <= 2 ? y + 1 : y, m, d)
}

let firstDay = daysFromCivil(2000, 1, 1)
let lastDay = daysFromCivil(2026, 12, 31)

// MARK: - Writing bytes

struct Writer {
    var bytes: [UInt8] = []
    var newline: [UInt8] = [0x0A]

    init() { bytes.reserveCapacity(4096) }

    mutating func put(_ text: String) { bytes.append(contentsOf: text.utf8) }
    mutating func put(_ raw: [UInt8]) { bytes.append(contentsOf: raw) }
    mutating func byte(_ b: UInt8) { bytes.append(b) }
    mutating func line(_ text: String) { put(text); put(newline) }
    mutating func endLine() { put(newline) }

    mutating func number(_ value: Int, width: Int = 0) {
        var digits: [UInt8] = []
        var v = value
        repeat { digits.append(UInt8(ascii: "0") + UInt8(v % 10)); v /= 10 } while v > 0
        while digits.count < width { digits.append(UInt8(ascii: "0")) }
        bytes.append(contentsOf: digits.reversed())
    }

    mutating func date(_ day: Int) {
        let (y, m, d) = civilFromDays(day)
        number(y, width: 4); byte(UInt8(ascii: "-")); number(m, width: 2); byte(UInt8(ascii: "-")); number(d, width: 2)
    }
}

func capitalized(_ word: String) -> String {
    guard let first = word.first else { return word }
    return first.uppercased() + word.dropFirst()
}

func makeTitle(_ r: inout SplitMix64) -> String {
    func phrase(_ r: inout SplitMix64) -> [String] {
        var words: [String] = []
        if r.chance(0.4) { words.append("the") }
        if r.chance(0.45) { words.append(r.pick(titleAdjectives)) }
        words.append(r.pick(titleNouns))
        return words
    }
    var words: [String] = []
    repeat {
        words = phrase(&r)
        switch r.unit() {
        case ..<0.35: words += ["of"] + phrase(&r)
        case ..<0.45: words += ["and"] + phrase(&r)
        case ..<0.55: words = [r.pick(titleNouns), "and", r.pick(titleNouns)]
        default: break
        }
    } while !(2...6).contains(words.count)
    var title = words.enumerated().map { index, word in
        index > 0 && ["of", "and", "the"].contains(word) ? word : capitalized(word)
    }.joined(separator: " ")
    if r.chance(0.06) {
        // A subtitle after a colon: the value then needs quotes.
        title += ": " + capitalized(r.pick(titleAdjectives)) + " " + capitalized(r.pick(titleNouns))
    }
    return title
}

func makeAuthor(_ r: inout SplitMix64) -> String {
    var name = r.pick(firstNames)
    if r.chance(0.15) { name += " " + String(r.pick(firstNames).prefix(1)) + "." }
    return name + " " + r.pick(lastNames)
}

func slug(_ text: String) -> String {
    var out = ""
    var dash = false
    for scalar in text.lowercased().unicodeScalars {
        if scalar.isASCII, scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) {
            if dash && !out.isEmpty { out += "-" }
            out.unicodeScalars.append(scalar)
            dash = false
        } else {
            dash = true
        }
    }
    return String(out.prefix(60))
}

func isbn13(_ r: inout SplitMix64) -> String {
    var digits: [Int] = r.chance(0.9) ? [9, 7, 8] : [9, 7, 9]
    if digits[2] == 9 { digits.append(r.chance(0.5) ? 8 : 1) } else { digits.append(r.int(0...1)) }
    while digits.count < 12 { digits.append(r.int(0...9)) }
    var sum = 0
    for (i, d) in digits.enumerated() { sum += i % 2 == 0 ? d : 3 * d }
    digits.append((10 - sum % 10) % 10)
    return digits.map(String.init).joined()
}

/// A YAML scalar for a free text: plain when safe, else double-quoted.
func yamlText(_ text: String) -> String {
    let needsQuotes = text.contains(": ") || text.contains(" #") || text.hasPrefix("'") || text.hasPrefix("\"")
        || text.hasPrefix("&") || text.hasPrefix("*") || text.hasPrefix("!") || text.hasPrefix("[")
        || text.hasPrefix("{") || text.hasSuffix(":")
    guard needsQuotes else { return text }
    return "\"" + text.replacingDoubleQuotes() + "\""
}

extension String {
    func replacingDoubleQuotes() -> String {
        var out = ""
        for c in self { if c == "\"" || c == "\\" { out.append("\\") }; out.append(c) }
        return out
    }
}

// MARK: - One book

struct GeneratedBook {
    var relativePath: String
    var bytes: [UInt8]
}

let statusComments = ["# finally", "# from the library", "# book club pick", "# again", "# slow going",
                      "# gift from Mum", "# recommended by a friend", "# on the nightstand"]

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
                sentence(&r, into: &w, words: r.int(4...14), wrapAt: nil)
                w.endLine()
            }
        } else if kind < 0.22 {
            w.put("> ")
            sentence(&r, into: &w, words: r.int(8...20), wrapAt: nil)
            w.endLine()
        } else if kind < 0.30, let started {
            // A timestamped note, as `shelf note` appends.
            w.put("## "); w.date(started + r.below(30)); w.endLine(); w.endLine()
            sentence(&r, into: &w, words: r.int(8...25), wrapAt: wraps ? 90 : nil)
            w.endLine()
        } else {
            var lineStart = w.bytes.count
            for _ in 0..<r.int(2...6) where w.bytes.count < targetSize - 40 {
                if w.bytes.count > lineStart { w.byte(0x20) }
                lineStart = sentence(&r, into: &w, words: r.int(6...22), wrapAt: wraps ? 90 : nil, lineStart: lineStart)
            }
            w.endLine()
        }
    }
    let name = String(format6(index)) + "-" + slug(authors[0].split(separator: " ").last.map(String.init) ?? "anon")
        + "-" + slug(title) + ".md"
    return GeneratedBook(relativePath: folder + "/" + name, bytes: w.bytes)
}

func format6(_ index: Int) -> String {
    let digits = String(index)
    return String(repeating: "0", count: max(0, 6 - digits.count)) + digits
}

/// Appends one sentence of `words` words; wraps lines at `wrapAt` columns when given.
/// - Returns: the offset where the current line starts.
@discardableResult
func sentence(_ r: inout SplitMix64, into w: inout Writer, words: Int, wrapAt: Int?, lineStart: Int? = nil) -> Int {
    var lineStart = lineStart ?? w.bytes.count
    for i in 0..<words {
        let word: [UInt8] = r.chance(0.55)
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

// MARK: - Files

func fail(_ message: String) -> Never {
    var text = "shelf-bench-gen: " + message + "\n"
    text.withUTF8 { _ = write(2, $0.baseAddress, $0.count) }
    exit(2)
}

func makeFolder(_ path: String) {
    if mkdir(path, 0o755) != 0 && errno != EEXIST { fail("cannot create \(path): \(String(cString: strerror(errno)))") }
}

func writeFile(_ path: String, _ bytes: [UInt8]) {
    let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
    guard descriptor >= 0 else { fail("cannot create \(path): \(String(cString: strerror(errno)))") }
    bytes.withUnsafeBytes { raw in
        var offset = 0
        while offset < raw.count {
            let written = write(descriptor, raw.baseAddress! + offset, raw.count - offset)
            if written < 0 {
                if errno == EINTR { continue }
                fail("cannot write \(path): \(String(cString: strerror(errno)))")
            }
            offset += written
        }
    }
    close(descriptor)
}

/// FNV-1a, to print a digest that shows two runs wrote the same bytes.
func fnv1a(_ bytes: [UInt8], into hash: inout UInt64) {
    for b in bytes { hash = (hash ^ UInt64(b)) &* 0x100_0000_01B3 }
}

/// Per folder: bytes written and a digest, combined in folder order afterwards.
final class Totals: @unchecked Sendable {
    var bytes: [Int]
    var digests: [UInt64]
    init(_ n: Int) { bytes = Array(repeating: 0, count: n); digests = Array(repeating: 0, count: n) }
}

/// The command line: parse, generate, print the summary.
func runGenerator(_ commandLine: [String]) {
    let usage = """
        usage: shelf-bench-gen COUNT DIR [--seed N]

        Writes COUNT synthetic book files (1-3 KB each) into DIR, 1000 per subfolder, plus
        DIR/shelf.yaml. The same COUNT and seed always give byte-identical files (default seed 42).

        """

    var positional: [String] = []
    var seed: UInt64 = 42
    var arguments = commandLine.dropFirst().makeIterator()
    while let argument = arguments.next() {
        switch argument {
        case "-h", "--help":
            print(usage, terminator: "")
            exit(0)
        case "--seed":
            guard let value = arguments.next(), let parsed = UInt64(value) else { fail("--seed takes a non-negative integer") }
            seed = parsed
        default:
            if argument.hasPrefix("--seed=") {
                guard let parsed = UInt64(argument.dropFirst(7)) else { fail("--seed takes a non-negative integer") }
                seed = parsed
            } else if argument.hasPrefix("-") {
                fail("unknown option \(argument)\n\n" + usage)
            } else {
                positional.append(argument)
            }
        }
    }
    guard positional.count == 2, let count = Int(positional[0]), count >= 0 else { fail("expected COUNT and DIR\n\n" + usage) }
    let root = positional[1].hasSuffix("/") && positional[1].count > 1 ? String(positional[1].dropLast()) : positional[1]

    var startTime = timespec()
    clock_gettime(CLOCK_MONOTONIC, &startTime)

    makeFolder(root)
    let perFolder = 1000
    let folderCount = (count + perFolder - 1) / perFolder
    let folderWidth = max(2, String(max(0, folderCount - 1)).count)
    @Sendable func folderName(_ n: Int) -> String {
        let digits = String(n)
        return "a" + String(repeating: "0", count: max(0, folderWidth - digits.count)) + digits
    }

    let config = """
        # shelf library settings (generated by shelf-bench-gen for benchmarks)
        filename: "{author}-{title}"
        goal: 30
        queries:
          keepers: "rating:5 -tag:reference"
          cosy: "tag:comfort-read status:to-read"

        """
    let configBytes = Array(config.utf8)
    writeFile(root + "/shelf.yaml", configBytes)

    let seedValue = seed
    let totals = Totals(folderCount)
    totals.bytes.withUnsafeMutableBufferPointer { bytesOut in
        totals.digests.withUnsafeMutableBufferPointer { digestsOut in
            nonisolated(unsafe) let bytesOut = bytesOut
            nonisolated(unsafe) let digestsOut = digestsOut
            DispatchQueue.concurrentPerform(iterations: folderCount) { folder in
                let name = folderName(folder)
                makeFolder(root + "/" + name)
                var total = 0
                var digest: UInt64 = 0xCBF2_9CE4_8422_2325
                for index in (folder * perFolder)..<min(count, (folder + 1) * perFolder) {
                    let book = makeBook(index: index, seed: seedValue, folder: name)
                    writeFile(root + "/" + book.relativePath, book.bytes)
                    total += book.bytes.count
                    fnv1a(Array(book.relativePath.utf8), into: &digest)
                    fnv1a(book.bytes, into: &digest)
                }
                bytesOut[folder] = total
                digestsOut[folder] = digest
            }
        }
    }

    var digest: UInt64 = 0xCBF2_9CE4_8422_2325
    fnv1a(configBytes, into: &digest)
    for folderDigest in totals.digests {
        for shift in stride(from: 0, to: 64, by: 8) { digest = (digest ^ ((folderDigest >> UInt64(shift)) & 0xFF)) &* 0x100_0000_01B3 }
    }
    let totalBytes = totals.bytes.reduce(configBytes.count, +)
    var endTime = timespec()
    clock_gettime(CLOCK_MONOTONIC, &endTime)
    let seconds = Double(endTime.tv_sec - startTime.tv_sec) + Double(endTime.tv_nsec - startTime.tv_nsec) / 1e9
    let hex = String(digest, radix: 16)
    print("shelf-bench-gen: \(count) books in \(folderCount) folders, \(totalBytes) bytes, seed \(seed), "
        + "digest \(String(repeating: "0", count: 16 - hex.count) + hex), \(root) (\((seconds * 100).rounded() / 100) s)")

}
