import Testing
@testable import ShelfKit

/// Reading a book takes fast paths for the common case (ASCII keys, bare ISBNs, plain tags,
/// dates). Each must answer exactly as the general path, or the code it replaced, answers.
@Suite struct LoadFastPathTests {
    /// Strings made of the pieces that matter to the fast paths.
    static func strings(count: Int, seed: UInt64, pieces: [String]) -> [String] {
        var random = CorpusRandom(seed: seed)
        return (0..<count).map { _ in
            (0..<random.below(7)).map { _ in random.pick(pieces) }.joined()
        }
    }

    @Test func ordinalsFollowTheDeclaredOrder() {
        for (index, field) in CanonicalField.allCases.enumerated() {
            #expect(field.ordinal == index)
            for other in CanonicalField.allCases {
                #expect((field == other) == (field.rawValue == other.rawValue))
            }
        }
        #expect(Set(CanonicalField.allCases).count == CanonicalField.allCases.count)
        // Book(path:entries:vocabulary:) keeps a position per field in a SIMD32.
        #expect(CanonicalField.allCases.count <= 32)
    }

    @Test func canonicalKeysReadAsTheDictionaryReadsThem() {
        var keys = Array(CanonicalField.byFoldedKey.keys)
        keys += CanonicalField.allCases.flatMap { [$0.rawValue.uppercased(), $0.rawValue.capitalized] }
        keys += [
            "Date Read", "series index", "Series_Index", "ISBN-13", "my rating", "Title ", " title", "title:", "tïtle",
            "ＴＩＴＬＥ", "K\u{212A}", "", "-", "_ _", "mood", "aVeryLongKeyThatIsLongerThanFifteenBytes", "publication year",
            "PUBLICATION__YEAR", "number-of-pages", "title\u{0}", "isbn\u{301}",
        ]
        keys += Self.strings(
            count: 5_000, seed: 1, pieces: ["t", "T", "i", "tle", "isbn", "_", "-", " ", "13", "é", "date", "read", "x", "\u{0}"])
        for key in keys {
            #expect(CanonicalField(key: key) == CanonicalField.lookUpHashing(key), "\(key.debugDescription)")
        }
    }

    @Test func bareISBNsValidateAsCleanedOnesDo() {
        var random = CorpusRandom(seed: 3)
        var texts = ["9780441478125", "9790000000001", "9780441478126", "9770441478125", "0441478123", "978044147812X"]
        for _ in 0..<20_000 {
            let prefix = random.pick(["978", "979", "977", "97", ""])
            texts.append(prefix + String((0..<(13 - prefix.count)).map { _ in Character(String(random.below(10))) }))
        }
        for text in texts {
            // An `ISBN ` prefix sends the text through cleaning, the general path.
            let general = try? ISBN(validating: "ISBN " + text)
            let fast = try? ISBN(validating: text)
            #expect(fast == general, "\(text)")
            #expect(ISBN.isValidBareISBN13(text) == (general?.isbn13 == text), "\(text)")
        }
    }

    @Test func tagsFoldAsTheGeneralPathFoldsThem() {
        let tags =
            [
                "sci-fi", "Sci-Fi", "#classic", "  spaced ", "SF/Space", "a\tb", "ünï", "#", "", "x#", "A/B/C", "tag\u{301}",
                "/", "//", "a//b/", "a/\u{301}b",
            ]
            + Self.strings(
                count: 5_000, seed: 5, pieces: ["a", "Z", "-", "/", "#", " ", "\t", "é", "É", "\u{301}", "ß", "0", "~", "\u{7F}"])
        for tag in tags {
            let folded = TextFolding.foldTag(tag)
            #expect(folded.utf8.elementsEqual(TextFolding.foldTagGenerally(tag).utf8), "\(tag.debugDescription)")
            #expect(LibraryIndex.parentTags(of: folded) == LibraryIndex.parentTagsByCharacter(of: folded), "\(tag.debugDescription)")
        }
    }

    @Test func trimmingAgreesWithUnicodeWhitespace() {
        let texts =
            ["", " ", "a", " a", "a ", "\u{A0}a\u{A0}", "\u{2003}x", "é", "x\u{301}", "\u{85}", "a\nb\n", "\t"]
            + Self.strings(
                count: 5_000, seed: 7, pieces: ["a", " ", "\t", "\n", "\r\n", "\u{A0}", "é", "\u{3000}", "\u{7F}", "\u{1}", "~"])
        for text in texts {
            let scalars = text.unicodeScalars
            let expected: String
            if let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
                let last = scalars.lastIndex(where: { !$0.properties.isWhitespace })
            {
                expected = String(scalars[first...last])
            } else {
                expected = ""
            }
            #expect(text.trimmingSpaces.utf8.elementsEqual(expected.utf8), "\(text.debugDescription)")
        }
    }

    @Test func datesReadAsTheReplacedParserReadThem() {
        let texts =
            ["2024", "2024-03-02", "2024/3/2", "180", "2024-02-29", "2023-02-29", "2024-03-02T21:14:05.123+01:00", " 2024 "]
            + Self.strings(
                count: 20_000, seed: 11, pieces: ["20", "24", "1", "0", "9", "-", "/", " ", "T", "t", ":", ".", "Z", "+", "x", "\u{661}"])
        for text in texts {
            let date = BookDate(text)
            let reference = ReferenceDate.parts(text)
            #expect(date.map { [$0.year, $0.month ?? -1, $0.day ?? -1, $0.minutes ?? -1] } == reference?.parts, "\(text.debugDescription)")
            #expect(date.map { $0.text.utf8.elementsEqual(reference?.text.utf8 ?? "".utf8) } ?? true, "\(text.debugDescription)")
        }
    }

    @Test func listsOfNamesReadAsTheReplacedReaderReadThem() {
        let parts = Self.strings(count: 2_000, seed: 23, pieces: ["Ann", " ", "\t", "é", "\u{A0}", ""])
        for (index, part) in parts.enumerated() {
            let values: [FieldValue] = [
                .scalar(part, isPlain: true), .null, .map([]),
                .list([.scalar(part, isPlain: false), .null, .list([]), .scalar(parts[(index + 7) % parts.count], isPlain: true)]),
            ]
            for value in values {
                let reference = value.texts.map(\.trimmingSpaces).filter { !$0.isEmpty }
                #expect(Book.trimmedTexts(value).map { Array($0.utf8) } == reference.map { Array($0.utf8) }, "\(value)")
            }
        }
    }

    @Test func tagsReadAsTheReplacedReaderReadThem() {
        let parts = Self.strings(count: 3_000, seed: 13, pieces: ["sci-fi", "#", " ", ",", "é", "\u{301}", "A", "\t", "/"])
        for (index, part) in parts.enumerated() {
            let list = FieldValue.list([.scalar(part, isPlain: true), .scalar(parts[(index + 1) % parts.count], isPlain: false), .null])
            for value in [list, FieldValue.scalar(part, isPlain: true)] {
                #expect(
                    Book.readTags(value).map { Array($0.utf8) } == ReferenceTags.read(value).map { Array($0.utf8) },
                    "\(part.debugDescription)")
            }
        }
    }

    @Test func candidateNamesAndPathOrderAgreeWithCharacters() {
        let names =
            [
                "a.md", ".md", "x.md", ".hidden.md", "~x.md", "x.md.tmp", "x.partial", "x.MD", "é.md", "\u{600}.md",
                "x.md\u{301}", "\r\n.md", "abc", "~", ".md.md",
            ]
            + Self.strings(count: 5_000, seed: 17, pieces: [".", "md", "m", "d", "~", "x", "é", "\u{301}", ".tmp", ".partial", "\r\n"])
        for name in names {
            #expect(BookFileScanner.isCandidate(name) == BookFileScanner.isCandidateByCharacter(name), "\(name.debugDescription)")
        }
        let ascii = Self.strings(count: 3_000, seed: 19, pieces: ["a", "B", "/", "-", "0", ".md", "_", " ", "~"])
        #expect(BookFileScanner.sortedPaths(ascii) == ascii.sorted())
        let mixed = ascii + ["é/x.md", "e\u{301}/y.md", "Z.md"]
        #expect(BookFileScanner.sortedPaths(mixed) == mixed.sorted())
    }

    @Test func utf8IsCheckedAsByteByByte() {
        var random = CorpusRandom(seed: 29)
        let pieces: [[UInt8]] = [
            Array("ascii text ".utf8), Array("é".utf8), Array("📚".utf8), [0xFF], [0xC3], [0xE2, 0x82],
            [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xC0, 0x80], Array(repeating: 0x61, count: 40),
        ]
        for _ in 0..<5_000 {
            var bytes: [UInt8] = []
            for _ in 0..<random.below(12) {
                // Mostly valid, so that an invalid byte lands anywhere in a long valid run.
                let piece = random.chance(0.85) ? random.pick([pieces[0], pieces[1], pieces[2], pieces[9]]) : random.pick(pieces)
                bytes += piece
            }
            let fast = bytes.withUnsafeBufferPointer { UTF8Validation.firstInvalidOffset($0) }
            #expect(fast == ReferenceUTF8.firstInvalidOffset(bytes), "\(bytes)")
        }
    }

    @Test func asciiWordsAreFoundAsCharactersFindThem() {
        let texts =
            ["", "a", "Hello, World! 42 times", "line\r\nbreak", "x-y_z", "  spaced  "]
            + Self.strings(count: 3_000, seed: 37, pieces: ["word", "Word", " ", ",", "\r\n", "\n", "42", "-", "'", "é", "\u{301}", "\t"])
        for text in texts {
            let expected = TextFolding.wordRangesByCharacter(in: text).map {
                (
                    text.utf8.distance(from: text.startIndex, to: $0.range.lowerBound),
                    text.utf8.distance(from: text.startIndex, to: $0.range.upperBound), Array($0.folded.utf8)
                )
            }
            let found = TextFolding.wordRanges(in: text).map {
                (
                    text.utf8.distance(from: text.startIndex, to: $0.range.lowerBound),
                    text.utf8.distance(from: text.startIndex, to: $0.range.upperBound), Array($0.folded.utf8)
                )
            }
            #expect(found.elementsEqual(expected, by: ==), "\(text.debugDescription)")
            if text.utf8.allSatisfy({ $0 < 0x80 }) { #expect(TextFolding.asciiWordRanges(in: text) != nil) }
        }
    }

    @Test func conflictCopiesAreFoundByTheirBytes() {
        for name in [
            "a.sync-conflict-20240302-211405-ABCDEFG.md", "Dune (conflicted copy 2024-03-02 211405).md",
            "Dune_conflict-20240302-211405.md", "Dune (Ana's conflicted copy 2024-03-02).md", "x/Dune (conflicted copy 2024-03-02).md",
        ] {
            #expect(ConflictCopy(path: name) != nil, "\(name)")
        }
        for name in ["Dune.md", "CONFLICT.md", "Dune (Conflicted copy 2024-03-02).md", "conflict", "a.SYNC-CONFLICT-20240302-211405.md"] {
            #expect(ConflictCopy(path: name) == nil, "\(name)")
        }
    }
}

/// `BookDate(_:)` as it was before it read bytes in place.
private enum ReferenceDate {
    static func parts(_ text: String) -> (parts: [Int], text: String)? {
        let trimmed = text.trimmingSpaces
        let utf8 = Array(trimmed.utf8)
        var cursor = 0
        func number(_ digits: ClosedRange<Int>) -> Int? {
            var value = 0
            var count = 0
            while cursor < utf8.count, count < digits.upperBound, let digit = utf8[cursor].asciiDigit {
                value = value * 10 + digit
                cursor += 1
                count += 1
            }
            return digits.contains(count) ? value : nil
        }
        func separator(_ allowed: Set<UInt8>) -> Bool {
            guard cursor < utf8.count, allowed.contains(utf8[cursor]) else { return false }
            cursor += 1
            return true
        }
        guard let year = number(3...4), year >= 1 else { return nil }
        var parts = [year, -1, -1, -1]
        let dateSeparators: Set<UInt8> = [UInt8(ascii: "-"), UInt8(ascii: "/")]
        if separator(dateSeparators) {
            guard let month = number(1...2), (1...12).contains(month) else { return nil }
            parts[1] = month
            if separator(dateSeparators) {
                guard let day = number(1...2), day >= 1, day <= BookDate.daysIn(month: month, year: year) else { return nil }
                parts[2] = day
                if separator([UInt8(ascii: " "), UInt8(ascii: "T"), UInt8(ascii: "t")]) {
                    guard let hour = number(1...2), hour < 24, separator([UInt8(ascii: ":")]),
                        let minute = number(2...2), minute < 60
                    else { return nil }
                    parts[3] = hour * 60 + minute
                    if separator([UInt8(ascii: ":")]) {
                        guard let second = number(2...2), second < 61 else { return nil }
                        if separator([UInt8(ascii: ".")]) { guard number(1...9) != nil else { return nil } }
                    }
                    if separator([UInt8(ascii: "Z"), UInt8(ascii: "z")]) {
                    } else if separator([UInt8(ascii: "+"), UInt8(ascii: "-")]) {
                        guard let zoneHours = number(2...2), zoneHours < 24 else { return nil }
                        _ = separator([UInt8(ascii: ":")])
                        guard number(2...2) != nil else { return nil }
                    }
                }
            }
        }
        guard cursor == utf8.count else { return nil }
        return (parts, trimmed)
    }
}

/// `Book.readTags` as it was before its fast path.
private enum ReferenceTags {
    static func read(_ value: FieldValue) -> [String] {
        var tags: [String] = []
        let parts: [String]
        if case .scalar(let text, _) = value {
            parts = text.split(separator: ",").map(String.init)
        } else {
            parts = value.texts
        }
        for part in parts {
            var tag = Substring(part.trimmingSpaces)
            if tag.hasPrefix("#") { tag = tag.dropFirst() }
            if !tag.isEmpty { tags.append(String(tag)) }
        }
        return tags
    }
}

/// `UTF8Validation.firstInvalidOffset` one byte at a time, as it reads a multi-byte character.
private enum ReferenceUTF8 {
    static func firstInvalidOffset(_ bytes: [UInt8]) -> Int? {
        var index = 0
        while index < bytes.count {
            let lead = bytes[index]
            if lead < 0x80 {
                index += 1
                continue
            }
            let length: Int
            var minimumSecond: UInt8 = 0x80
            var maximumSecond: UInt8 = 0xBF
            switch lead {
            case 0xC2...0xDF: length = 2
            case 0xE0: length = 3; minimumSecond = 0xA0
            case 0xE1...0xEC, 0xEE...0xEF: length = 3
            case 0xED: length = 3; maximumSecond = 0x9F
            case 0xF0: length = 4; minimumSecond = 0x90
            case 0xF1...0xF3: length = 4
            case 0xF4: length = 4; maximumSecond = 0x8F
            default: return index
            }
            guard index + length <= bytes.count, bytes[index + 1] >= minimumSecond, bytes[index + 1] <= maximumSecond else { return index }
            for continuation in 2..<length where bytes[index + continuation] & 0xC0 != 0x80 { return index }
            index += length
        }
        return nil
    }
}
