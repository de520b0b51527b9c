import Foundation
import ShelfPresentation

/// Removing and renaming book files (`shelf rm`, `shelf mv`), through the door: only books,
/// never replacing a file, never leaving the library.
public struct BookFileActions {
    let writer: LibraryWriter
    let finder: BookNameResolver

    /// Removes and moves books' files through the door of `library`, finding each named book with `finder`.
    public init(library: Library, finder: BookNameResolver) {
        self.writer = library.writer
        self.finder = finder
    }

    private var library: Library { writer.library }

    /// Removes the book file at `path` (library-relative, as `finder` gave it).
    public func remove(_ path: String, reporter: any ActionReporter) throws {
        var entry = stat()
        let isLink = lstat(library.absolutePath(path), &entry) == 0 && (entry.st_mode & S_IFMT) == S_IFLNK
        try writer.remove(path)
        reporter.result("removed \(writer.display(path))" + (isLink ? " (a link; the book it led to is kept)" : ""))
    }

    /// Renames the book `name` names: to `newName` when given, else to the file name the
    /// library's template gives it.
    ///
    /// `newName` without a `/` stays in the book's folder; with one, it is a path from the
    /// library root (or an absolute path inside the library); `.md` is added when missing.
    /// Missing folders are made, inside the library only.
    public func move(_ name: String, to newName: String?, reporter: any ActionReporter) throws {
        let path = try finder.path(named: name)
        let folder = LibraryPath.split(path).folder
        let prefix = folder.isEmpty ? "" : folder + "/"
        let target: String
        if let newName {
            target = try destination(newName, besides: prefix)
            if let twin = BookFileName.caseTwin(of: target, inLibrary: library.root), twin != path {
                throw FileError(
                    path: writer.display(target),
                    reason: "differs only in case from \(writer.display(twin)), which exists; "
                        + "on macOS and Windows the two are one file, and a synced copy would lose one. Choose another name")
            }
        } else {
            let bytes = try FileIO.read(library.absolutePath(path))
            let document = try BookBytes.parse(bytes, displayPath: writer.display(path))
            guard let book = library.book(at: path, in: document) else {
                throw LibraryPath.NotABook(path: writer.display(path), reason: "has no front matter with a title, so it is not a book")
            }
            let naming = library.config.fileNames
            let wanted = naming.name(for: book)
            if prefix + wanted == path { return reporter.result("unchanged \(writer.display(path))") }
            let taken = BookFileName.taken(inLibrary: library.root)
            target = BookFileName.unique(prefix + wanted, separator: naming.collisionSeparator) {
                $0.lowercased() != path.lowercased() && taken($0)
            }
        }
        try writer.move(path, to: target)
        reporter.result("\(writer.display(path)) -> \(writer.display(target))")
    }

    /// Renames every book whose file name differs from the template's (`mv --all`).
    /// - Parameters:
    ///   - dryRun: report the renames, make none.
    ///   - problems: given the files that failed to load (and are left as they are), before any rename.
    public func moveAll(dryRun: Bool, reporter: any ActionReporter, problems: ([LibraryProblem]) -> Void) throws {
        let (index, loadProblems) = try library.load(withNotes: false)
        problems(loadProblems)
        let plan = BookFileMover.planRenames(
            index: index, naming: library.config.fileNames, exists: BookFileName.taken(inLibrary: library.root))
        var failures = 0
        for (step, (from, to)) in plan.enumerated() {
            reporter.progress(step, of: plan.count, "Renaming")
            if !dryRun {
                do {
                    try writer.move(from, to: to)
                } catch {
                    failures += 1
                    reporter.warning(String(describing: error))
                    continue
                }
            }
            reporter.result("\(writer.display(from)) -> \(writer.display(to))")
        }
        reporter.progress(plan.count, of: plan.count, "Renaming")
        if plan.isEmpty { reporter.result("Every file name already follows the template.") }
        if failures > 0 {
            throw FileError(path: library.root, reason: Plural.count(failures, "file") + " could not be renamed (see above)")
        }
    }

    /// The library-relative path `newName` stands for; refused when it would leave the library.
    func destination(_ newName: String, besides prefix: String) throws -> String {
        var relative: String
        if newName.hasPrefix("/") || newName.hasPrefix("~") {
            guard let inside = library.relativePath(newName) else {
                throw LibraryPath.NotABook(path: newName, reason: "is outside the library; a book stays inside it")
            }
            relative = inside
        } else {
            relative = newName.contains("/") ? newName : prefix + newName
            // `a/../b` is fine as long as it stays inside: resolve the dots against the root.
            let standardized = URL(fileURLWithPath: library.root + "/" + relative).standardizedFileURL.path
            guard standardized.hasPrefix(library.root + "/") else {
                throw LibraryPath.NotABook(path: newName, reason: "would leave the library; a book stays inside it")
            }
            relative = String(standardized.dropFirst(library.root.count + 1))
        }
        if !relative.hasSuffix(".md") { relative += ".md" }
        if let problem = BookFileName.portabilityProblem(relative, inLibrary: library.root) {
            // A name with a line break is shown as `ls` shows it (the shell's `$'…'`), on one line.
            let hasControl = relative.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F }
            let shown = hasControl ? relative.withCString(MisnamedEntry.shown) : relative
            throw FileError(path: shown, reason: problem + "; nothing was renamed. Choose another name")
        }
        return relative
    }
}
