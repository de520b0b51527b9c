import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// File names for books, from the library's template (`{author}-{title}`, `{year}`): lowercase
/// slugs that keep the letters of every script (`le-guin-the-left-hand-of-darkness.md`,
/// `булгаков-мастер-и-маргарита.md`), or names as written (`The Left Hand of Darkness.md`, see
/// `FileNameTemplate`). Either is safe on every file system (no `/ \ : * ? " < > |`, no leading
/// dot, at most 100 bytes, none of Windows' device names such as `con` or `aux`) and made unique
/// with `-2` (or ` 2`) against every name in the folder compared without case (see
/// `taken(inLibrary:)`), so that a library synced to macOS or Windows never holds two files that
/// would be one there.
enum BookFileName {
    static let maximumBytes = 100

    /// The file name (with `.md`) the template gives for a book.
    static func name(for book: Book, template: String) -> String {
        var stem = slug(expanded(template, for: book))
        if stem.isEmpty { stem = slug(book.title) }
        if stem.isEmpty { stem = "book" }
        // Bytes, not characters: a Chinese title takes three bytes a letter.
        stem = prefix(stem, bytes: maximumBytes - 3 - 5).trimmingDashes
        // `con.md` cannot be created on Windows: `con-book.md` can.
        if isReservedOnWindows(stem + ".md") { stem += "-book" }
        return stem + ".md"
    }

    /// The name as written (`FileNameTemplate.Style.asWritten`): the template filled with the
    /// values, Unicode and capitals kept, only the characters file systems or Obsidian refuse
    /// replaced by spaces (`Dune: Messiah` → `Dune Messiah.md`).
    static func writtenName(for book: Book, template: String) -> String {
        var stem = cleanedName(expanded(template, for: book))
        if stem.isEmpty { stem = cleanedName(book.title) }
        if stem.isEmpty { stem = "Untitled" }
        stem = cleanedName(prefix(stem, bytes: maximumBytes - 3 - 5))
        if isReservedOnWindows(stem + ".md") { stem += " book" }
        return stem + ".md"
    }

    /// The template with its placeholders filled, before the name is cleaned.
    private static func expanded(_ template: String, for book: Book) -> String {
        var expanded = template
        for (placeholder, value) in placeholderValues(for: book) {
            expanded = expanded.replacingOccurrences(of: placeholder, with: value)
        }
        return expanded
    }

    /// The values of the template's placeholders for a book: the first author's family name,
    /// the title, the year published.
    static func placeholderValues(for book: Book) -> [(String, String)] {
        let author = book.authors.first.map(lastName) ?? ""
        let year = book.published.map { String($0.year) } ?? ""
        return [("{author}", author), ("{title}", book.title), ("{year}", year)]
    }

    /// Characters some file system refuses in a name (`/ \ : * ? " < > |`), and those that break
    /// an Obsidian link to the note (`# ^ [ ]`).
    static let illegalInNames: Set<Character> = ["/", "\\", ":", "*", "?", "\"", "<", ">", "|", "#", "^", "[", "]"]

    /// `text` as a file or folder name: in NFC, illegal characters and control characters as
    /// spaces, runs of spaces as one, no dot or space at either end (a leading dot hides a file, a
    /// trailing one is dropped by Windows).
    static func cleanedName(_ text: String) -> String {
        var cleaned = ""
        var pendingSpace = false
        for character in text.precomposedStringWithCanonicalMapping {
            let isControl = character.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }
            if character.isWhitespace || isControl || illegalInNames.contains(character) {
                pendingSpace = true
                continue
            }
            if pendingSpace && !cleaned.isEmpty { cleaned += " " }
            pendingSpace = false
            cleaned.append(character)
        }
        while let first = cleaned.first, first == "." || first == " " { cleaned.removeFirst() }
        while let last = cleaned.last, last == "." || last == " " { cleaned.removeLast() }
        return cleaned
    }

    /// `path`, or its name made unique with `-2`, `-3`… (`separator` before the number): the
    /// first for which `exists` is false and that Windows can hold (not `con.md`, not ending in
    /// a dot or space). Only the file name changes; the folders stay as given.
    static func unique(_ path: String, separator: String = "-", exists: (String) -> Bool) -> String {
        var counter = 2
        return unique(path, separator: separator, counter: &counter, exists: exists)
    }

    /// `unique(_:separator:exists:)` trying numbers from `counter` on, and leaving in it the
    /// number taken: a caller naming many books alike (an import of many `Untitled`) starts
    /// where it left off instead of trying every number taken before.
    static func unique(_ path: String, separator: String, counter: inout Int, exists: (String) -> Bool) -> String {
        guard exists(path) || isReservedOnWindows(path) else { return path }
        let slash = path.lastIndex(of: "/")
        let folder = slash.map { String(path[...$0]) } ?? ""
        let stem = String(path.dropFirst(folder.count).dropLast(3))
        while true {
            let suffix = "\(separator)\(counter)"
            var base = prefix(stem, bytes: maximumBytes - 3 - suffix.utf8.count).trimmingDashes
            while base.hasSuffix(" ") { base.removeLast() }
            let candidate = folder + base + suffix + ".md"
            if !exists(candidate) && !isReservedOnWindows(candidate) { return candidate }
            counter += 1
        }
    }

    /// Windows' device names: a file whose name before the first dot is one of these (in any
    /// case, with any extension) cannot be created there.
    static let windowsDeviceNames: Set<String> = Set(
        ["con", "prn", "aux", "nul"] + (0...9).flatMap { ["com\($0)", "lpt\($0)"] } + ["com¹", "com²", "com³", "lpt¹", "lpt²", "lpt³"])

    /// True when Windows cannot hold a file of this name (the last part of a path): a device name
    /// (`CON`, `nul.md`, `aux.md`, `com1.md`), or a name ending in a dot or a space (Windows drops
    /// them, so `x.` and `x` would be one file).
    static func isReservedOnWindows(_ path: String) -> Bool {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        let stem = name.hasSuffix(".md") ? String(name.dropLast(3)) : name
        if stem.hasSuffix(".") || stem.hasSuffix(" ") { return true }
        let device = name.prefix { $0 != "." }.lowercased()
        return windowsDeviceNames.contains(device.trimmingSpaces)
    }

    /// Why a book cannot be given the library-relative path `relative` on every system a
    /// library syncs to; nil when it can. The file name is checked, and the folders that do not
    /// exist yet (a folder the library already has is the owner's choice). Refused: control
    /// characters (a line break in a name breaks scripts, and Windows cannot hold it), the
    /// characters Windows or macOS cannot hold (`\ : * ? " < > |`), Windows' device names and
    /// names ending in a dot or a space, and names longer than file systems hold.
    static func portabilityProblem(_ relative: String, inLibrary root: String) -> String? {
        let components = relative.split(separator: "/").map(String.init)
        for (position, part) in components.enumerated() {
            if position < components.count - 1 {
                var info = stat()
                if lstat(root + "/" + components[...position].joined(separator: "/"), &info) == 0 { continue }
            }
            if part.unicodeScalars.contains(where: { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }) {
                return "holds a control character (a line break, a tab…), which breaks scripts and which Windows cannot hold in a name"
            }
            if part.contains(where: { "\\:*?\"<>|".contains($0) }) {
                return "holds one of \\ : * ? \" < > |, which Windows or macOS cannot hold in a name"
            }
            if isReservedOnWindows(part) {
                return "is a name Windows cannot hold (a device name such as CON or NUL, or a name ending in a dot or a space)"
            }
            if part.utf8.count > 255 { return "has a name longer than 255 bytes, more than file systems hold" }
        }
        return nil
    }

    /// The name in `relative`'s folder that differs from its name only in case (or in Unicode
    /// normalization, as macOS compares names), as a library-relative path; nil when there is
    /// none, or when the name itself exists as it is.
    static func caseTwin(of relative: String, inLibrary root: String) -> String? {
        let (folder, name) = LibraryPath.split(relative)
        let lowered = name.lowercased()
        let twin = FolderEntries(folder.isEmpty ? root : root + "/" + folder).first { $0.lowercased() == lowered }
        guard let twin, Array(twin.utf8) != Array(name.utf8) else { return nil }
        return folder.isEmpty ? twin : folder + "/" + twin
    }

    /// A check for `unique`: true when the library-relative path is taken, exactly or by a name
    /// differing only in case (`Dune.md` takes `dune.md`), or by a dangling link. Each folder
    /// is listed once, when first asked about; names are compared exactly again at every call,
    /// so files created since are still seen.
    static func taken(inLibrary root: String) -> (String) -> Bool {
        let names = TakenNames(root: root)
        return { relative in names.contains(relative) }
    }

    /// Lowercase letters and digits joined by single dashes. Latin letters lose their diacritics
    /// (`Gödel` → `godel`); the letters of other scripts are kept as they are, lowercased, in
    /// NFC (`Мастер и Маргарита` → `мастер-и-маргарита`, `ノルウェイの森` stays), so a book in
    /// any language gets a real name. Punctuation and spaces become separators.
    static func slug(_ text: String) -> String {
        let cleaned = text.replacingOccurrences(of: "'", with: "").replacingOccurrences(of: "\u{2019}", with: "")
        var slug = ""
        var pendingDash = false
        func append(_ piece: String) {
            if pendingDash && !slug.isEmpty { slug += "-" }
            slug += piece
            pendingDash = false
        }
        for character in cleaned {
            guard character.isLetter || character.isNumber, let first = character.unicodeScalars.first else {
                pendingDash = true
                continue
            }
            if first.isASCII || isLatin(first) {
                let folded = TextFolding.fold(String(character))
                let kept = folded.unicodeScalars.filter { ($0 >= "a" && $0 <= "z") || ($0 >= "0" && $0 <= "9") }
                if kept.isEmpty { pendingDash = true } else { append(String(String.UnicodeScalarView(kept))) }
            } else if !first.properties.isDefaultIgnorableCodePoint {
                append(String(character).lowercased().precomposedStringWithCanonicalMapping)
            }
        }
        return slug
    }

    /// Latin letters with marks (`ö`, `ł`, `ş`), which fold to ASCII.
    private static func isLatin(_ scalar: Unicode.Scalar) -> Bool {
        (0x00C0...0x024F).contains(scalar.value) || (0x1E00...0x1EFF).contains(scalar.value)
    }

    /// `text` cut to at most `bytes` UTF-8 bytes, on a character boundary.
    static func prefix(_ text: String, bytes: Int) -> String {
        guard text.utf8.count > bytes else { return text }
        var result = ""
        var count = 0
        for character in text {
            let size = character.utf8.count
            if count + size > bytes { break }
            result.append(character)
            count += size
        }
        return result
    }

    /// The family name: the part before a comma (`Le Guin, Ursula K.`), else the last word with
    /// the particles before it (`Ursula K. Le Guin` → `Le Guin`, `Ludwig van Beethoven` → `van Beethoven`).
    /// A generational or academic suffix is no family name: `Kurt Vonnegut Jr.` → `Vonnegut`,
    /// `Martin Luther King, Jr.` → `King`.
    static func lastName(_ author: String) -> String {
        let name = withoutSuffix(author)
        if let comma = name.firstIndex(of: ",") { return String(name[..<comma]).trimmingSpaces }
        let words = name.split(separator: " ").map(String.init)
        guard var index = words.indices.last else { return author }
        let particles: Set<String> = [
            "le", "la", "de", "du", "des", "da", "di", "del", "della", "van", "von", "der", "den", "ten", "ter", "bin", "al", "el", "st.",
            "mac",
        ]
        while index > 0 && particles.contains(words[index - 1].lowercased()) { index -= 1 }
        return words[index...].joined(separator: " ")
    }

    static let nameSuffixes: Set<String> = ["jr", "jr.", "sr", "sr.", "ii", "iii", "iv", "phd", "ph.d.", "md", "m.d.", "esq", "esq."]

    /// The name without a trailing suffix (`, Jr.`, ` Jr.`, ` III`).
    static func withoutSuffix(_ author: String) -> String {
        var name = author.trimmingSpaces
        while true {
            let words = name.split(whereSeparator: { $0 == " " || $0 == "," })
            guard words.count > 1, let last = words.last, nameSuffixes.contains(last.lowercased()) else { return name }
            name = String(name[..<last.startIndex]).trimmingSpaces
            while name.hasSuffix(",") { name = String(name.dropLast()).trimmingSpaces }
        }
    }

    /// The suffix `withoutSuffix` removed, if any (`Jr.`).
    static func suffix(of author: String) -> String? {
        let trimmed = author.trimmingSpaces
        let base = withoutSuffix(trimmed)
        guard base.count < trimmed.count else { return nil }
        var rest = Substring(trimmed.dropFirst(base.count))
        while let first = rest.first, first == "," || first == " " { rest = rest.dropFirst() }
        return rest.isEmpty ? nil : String(rest)
    }
}

private extension String {
    var trimmingDashes: String {
        var text = Substring(self)
        while text.hasSuffix("-") { text = text.dropLast() }
        return String(text)
    }
}
