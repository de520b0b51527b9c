import ArgumentParser
import Foundation
import ShelfKit
import ShelfPresentation

/// `shelf detect`: which vocabulary a folder's files use, and the `fields:` map for it.
struct DetectCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "detect",
        abstract: "Report which key names a folder's files use, and propose the fields: map for shelf.yaml.",
        discussion: """
            Counts every front-matter key and, for each field, finds the key the files use for it \
            by what its values look like (a person's name, an ISBN, a date, a rating, a status \
            word, a page count), and prints the fields: and statuses: settings that let shelf \
            read and edit the files in their own words, with how many files support each. A key \
            no file uses is never proposed; where two keys compete (a post's author on every \
            page beside the book's authors, a slug beside a name), it says which it chose and \
            why; keys inside a map are proposed by their path (authors: params.author). It also reads the \
            files' habits: several authors joined by commas \
            (author_separator, proposed only when most comma values are lists of full names, not \
            one "Le Guin, Ursula K."), the style most dates are written in (date_style, the style \
            of a book's first date), notes named by their title in one folder (filename: \
            "Books/{title}" with filename_style: as-written, where new books then go), tags written \
            as one string of words (tag_separator: " ", as Jekyll reads them; not when a tag \
            string holds a comma), and \
            Hugo's post keys (date, publishDate, draft) — a post's date is never proposed as the \
            finished date unless most posts with it are books marked read; drafts are listed. \
            --write adds the settings to shelf.yaml (creating it if needed); nothing is written \
            without it.

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
            let meaning =
                report.proposed.field(forKey: key).map { " → \($0.rawValue)" }
                ?? field.map { $0.rawValue == key ? "" : " (read as \($0.rawValue))" } ?? ""
            Output.line("  " + String(repeating: " ", count: width - String(count).count) + "\(count)  \(key)\(meaning)")
        }
        for rejected in report.rejected {
            Output.line("\nNot proposed: \(rejected.field.rawValue): \(rejected.key), since \(rejected.reason).")
        }
        for preference in report.preferences {
            Output.line("\n\(preference.field.rawValue): \(preference.chosen), not \(preference.over): \(preference.reason).")
        }
        if !report.nested.isEmpty {
            let found = report.nested.map { "\($0.path) (\($0.field.rawValue), \(Plural.count($0.files, "file")))" }.joined(separator: ", ")
            Output.line("\nFound inside maps, not proposed (another key holds the field): \(found).")
        }
        renderHabits(report)
        guard !report.needsNoSettings else {
            Output.line("\nThese files use shelf's own names (or its aliases); no fields: map is needed.")
            return
        }
        let settings = report.settings
        if !report.proposed.keys.isEmpty {
            let source = report.preset.map { "They look written by \($0.summary)." } ?? "They use keys of their own."
            Output.line("\n\(source) Files supporting each mapping:")
            for field in CanonicalField.allCases {
                guard let key = report.proposed.keys[field] else { continue }
                Output.line("  \(field.rawValue): \(key) — \(report.support[field] ?? 0) of \(report.files) files")
            }
            Output.line("\nProposed settings:\n")
        } else {
            Output.line("\nThey keep habits shelf should follow. Proposed settings:\n")
        }
        Output.write(settings)
        guard write else { return Output.line("\n(nothing written; --write adds these to shelf.yaml)") }
        do {
            switch try WriteSettingsAction.addVocabulary(settings, to: opened) {
            case .created(let path): Output.line("\nWrote \(path).")
            case .appended(let path): Output.line("\nAdded the settings to \(path).")
            case .appendedKeepingFilename(let path):
                Output.line(
                    "\nAdded the settings to \(path), except filename:, which it sets already; "
                        + "change it by hand to write new books as your notes are named.")
            }
        } catch {
            throw Diagnostics.failure(String(describing: error))
        }
    }

    /// What the files say beyond key names: commas between authors, the date style, the layout,
    /// Hugo's post keys and drafts.
    private func renderHabits(_ report: VocabularyDetector.Report) {
        let commas = report.commaJoinedAuthors
        if commas.lists + commas.names > 0 {
            let verdict =
                report.proposesCommaSeparator
                ? "proposed: author_separator: \",\""
                : "not proposed: too few files, or commas that belong to one name"
            Output.line(
                "\nAuthors with commas: \(Plural.count(commas.lists, "file")) with several full names (A, B), "
                    + "\(commas.names) with one name written family name first (Le Guin, Ursula K.); \(verdict).")
        }
        if report.tagStrings.spaced > 0 {
            let verdict =
                report.proposesSpacedTags ? "proposed: tag_separator: \" \"" : "not proposed: too few files, or tag strings with commas"
            Output.line(
                "\nTags as one string of words: \(Plural.count(report.tagStrings.spaced, "file")) (tags: a b, as Jekyll reads them), "
                    + "\(report.tagStrings.comma) with commas; \(verdict).")
        }
        if let style = report.dateStyle {
            Output.line("\nDates: \(style.files) of \(style.of) files write them like \(style.example); proposed: date_style.")
        }
        if let layout = report.layout {
            Output.line(
                "\nNames: \(layout.files) of \(layout.of) notes with a title are named by it as written; "
                    + "proposed: filename: \(layout.template).")
        }
        if !report.postKeys.isEmpty {
            let keys = report.postKeys.map { "\($0.key) (\(Plural.count($0.count, "file")))" }.joined(separator: ", ")
            Output.line("\nHugo post keys, the post's and not the book's: \(keys).")
        }
        if report.inlineFieldFiles > 0 {
            Output.line(
                "\nInline fields (rating:: 4): \(Plural.count(report.inlineFieldFiles, "file")) keep book fields in the body; shelf reads and edits them there."
            )
        }
        if let titles = report.titleAuthors {
            Output.line(
                "\nTitles holding their author (\"Title\(titles.separator)Author\"): \(titles.files) of \(titles.of) notes with a title "
                    + "and no author key; proposed: title_author: \"\(titles.separator)\".")
        }
        if let sections = report.sectionHeadings {
            let headings = sections.headings.map { "\"# \($0)\"" }.joined(separator: ", ")
            Output.line(
                "\nHeadings that open the notes, not their titles: \(headings) in \(sections.files) of \(sections.of) notes without a title key; "
                    + "those notes are titled by their file name; proposed: section_headings.")
        }
        if let site = report.sitePages {
            Output.line(
                "\nA site's pages beside its books: \(Plural.count(site.books, "note")) with book values, "
                    + "\(Plural.count(site.pages.count, "note")) with a title and only a page's keys (layout, categories…), "
                    + "not listed; proposed: book_values: required.")
            for path in site.pages.prefix(5) { Output.line("  \(path)") }
            if site.pages.count > 5 { Output.line("  … and \(site.pages.count - 5) more") }
        }
        if !report.drafts.isEmpty {
            Output.line("\nDrafts (draft: true), still read as books: \(Plural.count(report.drafts.count, "file"))")
            for path in report.drafts.prefix(20) { Output.line("  \(path)") }
            if report.drafts.count > 20 { Output.line("  … and \(report.drafts.count - 20) more") }
        }
    }
}
