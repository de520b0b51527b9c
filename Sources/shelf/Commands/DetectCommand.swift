import ArgumentParser
import Foundation
import ShelfKit

/// `shelf detect`: which vocabulary a folder's files use, and the `fields:` map for it.
struct DetectCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "detect",
        abstract: "Report which key names a folder's files use, and propose the fields: map for shelf.yaml.",
        discussion: """
            Counts every front-matter key, recognises the vocabularies of known tools (Obsidian's \
            Book Search plugin, Hugo/Jekyll posts), and prints the fields: and statuses: settings \
            that let shelf read and edit the files in their own words. --write adds them to \
            shelf.yaml (creating it if needed); nothing is written without it.

            Examples:
              shelf detect --library ~/Vault/Books
              shelf detect --library ~/Vault/Books --write
            """)

    @OptionGroup var library: LibraryOptions
    @Flag(help: "Add the proposed settings to shelf.yaml.") var write = false

    func run() throws {
        let folder = library.library ?? ProcessInfo.processInfo.environment["SHELF_LIBRARY"] ?? FileManager.default.currentDirectoryPath
        let opened: Library
        do {
            opened = try Library(root: folder)
        } catch {
            throw Diagnostics.failure(error.description)
        }
        let report: VocabularyDetector.Report
        do {
            report = try VocabularyDetector(library: opened).run()
        } catch {
            throw Diagnostics.failure(error.description)
        }
        Output.line(Plural.count(report.files, "file") + " with front matter. Keys, by how many files use them:")
        let width = report.keyCounts.map { String($0.count).count }.max() ?? 1
        for (key, count) in report.keyCounts.prefix(40) {
            let field = VocabularyPreset.obsidianBookSearch.vocabulary.field(forKey: key) ?? CanonicalField(key: key)
            let meaning = report.proposed.field(forKey: key).map { " → \($0.rawValue)" }
                ?? field.map { $0.rawValue == key ? "" : " (read as \($0.rawValue))" } ?? ""
            Output.line("  " + String(repeating: " ", count: width - String(count).count) + "\(count)  \(key)\(meaning)")
        }
        for rejected in report.rejected {
            Output.line("\nNot proposed: \(rejected.field.rawValue): \(rejected.key), since \(rejected.reason).")
        }
        guard !report.proposed.isStandard else {
            Output.line("\nThese files use shelf's own names (or its aliases); no fields: map is needed.")
            return
        }
        let summary = report.preset?.summary ?? "their own status words"
        let settings = VocabularyPreset.settings(for: report.proposed, comment: "Vocabulary detected: \(summary)")
        if report.preset != nil {
            Output.line("\nThey look written by \(summary). Files supporting each mapping:")
            for field in CanonicalField.allCases {
                guard let key = report.proposed.keys[field] else { continue }
                Output.line("  \(field.rawValue): \(key) — \(report.support[field] ?? 0) of \(report.files) files")
            }
            Output.line("\nProposed settings:\n")
        } else {
            Output.line("\nThey use status words shelf would otherwise respell. Proposed settings:\n")
        }
        Output.write(settings)
        guard write else { return Output.line("\n(nothing written; --write adds these to shelf.yaml)") }
        do {
            switch try WriteSettingsAction.addVocabulary(settings, to: opened) {
            case .created(let path): Output.line("\nWrote \(path).")
            case .appended(let path): Output.line("\nAdded the settings to \(path).")
            }
        } catch {
            throw Diagnostics.failure(String(describing: error))
        }
    }
}
