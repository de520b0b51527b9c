#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The renames `mv --all` plans (the door makes them).
enum BookFileMover {
    /// The renames `mv --all` makes: every book whose file name is not the template's (a `-2`
    /// style suffix counts as the template's), to a unique template name in the same folder.
    static func planRenames(index: LibraryIndex, naming: FileNameTemplate, exists: (String) -> Bool) -> [(from: String, to: String)] {
        var taken = Set<String>()
        var plan: [(String, String)] = []
        for book in index.books {
            let folder = book.path.contains("/") ? String(book.path[..<(book.path.lastIndex(of: "/") ?? book.path.endIndex)]) + "/" : ""
            let current = String(book.path.dropFirst(folder.count))
            let wanted = naming.name(for: book)
            if current == wanted || isNumbered(current, variantOf: wanted, separator: naming.collisionSeparator) { continue }
            let path = BookFileName.unique(folder + wanted, separator: naming.collisionSeparator) { candidate in
                // The book's own name in another case is not another file's.
                taken.contains(candidate) || (candidate.lowercased() != book.path.lowercased() && exists(candidate))
            }
            taken.insert(path)
            plan.append((book.path, path))
        }
        return plan
    }

    private static func isNumbered(_ name: String, variantOf wanted: String, separator: String) -> Bool {
        let stem = wanted.dropLast(3)
        guard name.hasPrefix(stem + separator), name.hasSuffix(".md") else { return false }
        let number = name.dropFirst(stem.count + separator.count).dropLast(3)
        return !number.isEmpty && number.allSatisfy(\.isNumber)
    }
}
