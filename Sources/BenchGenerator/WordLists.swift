#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Dispatch

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
    let onsets = [
        "b", "c", "d", "f", "g", "h", "k", "l", "m", "n", "p", "r", "s", "t", "v", "z",
        "br", "ch", "dr", "gl", "kr", "sh", "st", "th", "tr", "sk", "pl", "",
    ]
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
