import ArgumentParser
import Foundation
import ShelfKit

/// `shelf merge-driver BASE OURS THEIRS [PATH]`: git's merge driver for book files.
struct MergeDriverCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "merge-driver",
        abstract: "Merge three versions of a book for git (set up with shelf git-setup).",
        discussion: """
            Each key takes the side that changed it; lists merge item by item; the notes merge \
            three-way by lines. When both sides changed one value differently, ours is kept, theirs \
            is recorded in a marked note in the body, and the exit status is 1 so git reports the \
            conflict. The result is written to OURS. No library is needed.
            """,
        shouldDisplay: false)

    @Argument(help: "The common ancestor (git's %O).") var base: String
    @Argument(help: "Our version, replaced by the result (git's %A).") var ours: String
    @Argument(help: "Their version (git's %B).") var theirs: String
    @Argument(help: "The file's path in the repository (git's %P), for messages.") var path: String?

    func run() throws {
        let name = path ?? ours
        let documents: [BookDocument]
        do {
            documents = try [base, ours, theirs].map { try BookDocument(bytes: FileIO.read($0)) }
        } catch {
            throw Diagnostics.failure("\(name): cannot merge: \(error)")
        }
        let merger = BookMerger(ours: documents[1], theirs: documents[2], base: documents[0])
        var (edits, conflicts) = merger.fieldEdits(preferTheirs: { _ in false })
        let body = merger.mergedBody(markers: (ours: "ours", theirs: "theirs"))
        if body.lines != BookMerger.lines(documents[1].body) {
            edits.append(.replaceBody(body.lines.joined(separator: "\n")))
        }
        if !conflicts.isEmpty {
            let lines = conflicts.map { "- `\($0.key)`: kept ours, \($0.kept); theirs was \($0.setAside)" }
            edits.append(.appendToBody("### MERGE CONFLICT (shelf merge-driver): both sides changed these values\n\n" + lines.joined(separator: "\n")))
        }
        do {
            var editor = FrontMatterEditor(document: documents[1], path: name, vocabulary: .standard)
            try editor.apply(edits)
            let merged = editor.document.bytes
            if merged != documents[1].bytes { try AtomicFile.replace(path: ours, bytes: merged) }
        } catch {
            throw Diagnostics.failure("\(name): cannot merge: \(error)")
        }
        if !conflicts.isEmpty || body.conflicts > 0 {
            Diagnostics.write("shelf: \(name): \(conflicts.count + body.conflicts) conflicting changes; ours kept, theirs recorded in the file")
            throw ExitCode(1)
        }
    }
}

/// `shelf git-setup`: makes git merge book files with shelf.
struct GitSetupCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "git-setup",
        abstract: "Make git merge book files with shelf's merge driver (.gitattributes and repository config).",
        discussion: "Writes `*.md merge=shelf` to .gitattributes and sets merge.shelf.driver.\n\nExample:\n  shelf git-setup")

    @OptionGroup var library: LibraryOptions

    func run() throws {
        let library = try library.open()
        try GitSetup.configure(folder: library.root)
    }
}

/// Writing `.gitattributes` and the driver's config.
enum GitSetup {
    static let attribute = "*.md merge=shelf"

    static func configure(folder: String) throws {
        let repository = GitRepository(folder: folder)
        guard repository.exists else {
            throw Diagnostics.failure("\(folder) is not in a git repository; run `git init` first")
        }
        let attributes = folder + "/.gitattributes"
        let existingBytes = (try? FileIO.read(attributes)) ?? []
        let existing = String(decoding: existingBytes, as: UTF8.self)
        if !existing.split(separator: "\n").contains(where: { $0.trimmingCharacters(in: .whitespaces) == attribute }) {
            let separator = existing.isEmpty || existing.hasSuffix("\n") ? "" : "\n"
            do {
                let updated = Array((existing + separator + attribute + "\n").utf8)
                if existingBytes.isEmpty && !FileManager.default.fileExists(atPath: attributes) {
                    try AtomicFile.create(path: attributes, bytes: updated)
                } else {
                    try AtomicFile.replace(path: attributes, bytes: updated, ifStill: existingBytes)
                }
            } catch {
                throw Diagnostics.failure(error.description)
            }
        }
        do {
            try repository.setConfig("merge.shelf.name", "shelf book merge")
            try repository.setConfig("merge.shelf.driver", "shelf merge-driver %O %A %B %P")
        } catch {
            throw Diagnostics.failure("\(error)")
        }
        Output.line("git now merges book files with shelf (.gitattributes: \(attribute); merge.shelf.driver set)")
    }
}
