import Foundation
import ArgumentParser
import ShelfKit

/// `--library DIR`, accepted before the subcommand (`shelf --library ~/Books ls`) and after it.
struct LibraryOptions: ParsableArguments {
    @Option(
        name: .long,
        help: ArgumentHelp(
            "The library folder (default: $SHELF_LIBRARY, else the nearest folder holding shelf.yaml).",
            valueName: "dir"))
    var library: String?

    @Option(help: ArgumentHelp("Colour: auto (on a terminal, unless NO_COLOR is set), always or never.", valueName: "when"))
    var color: ColorChoice = .auto

    @Flag(help: "Do not send long output through a pager ($SHELF_PAGER, $PAGER or less -FRX).")
    var noPager = false

    @Flag(
        help: ArgumentHelp(
            "Read every file; neither use nor update the cache in $XDG_CACHE_HOME/shelf/libraries (~/.cache/shelf/libraries).",
            discussion: "The cache only ever saves time: a file is taken from it only when its size, inode and "
                + "nanosecond times are unchanged. `shelf check` always reads every file."))
    var noCache = false

    /// Opens the library, or exits with a message that says how to make one.
    func open() throws -> Library {
        DisplaySettings.shared.color = color
        DisplaySettings.shared.pager = !noPager
        do {
            var opened = try Library.locate(explicit: library)
            if !noCache {
                if let folder = LibraryCacheFolder.standard() {
                    if let problem = folder.limitProblem { Diagnostics.write("shelf: " + problem) }
                    opened.cacheFolder = folder.path
                    opened.cacheLimit = folder.limit
                }
            }
            if !opened.hasSettingsFile, let inferred = opened.inferringVocabulary() {
                opened = inferred.library
                Diagnostics.write("shelf: " + LibraryOptions.inferenceNote(inferred.inferred))
            }
            return opened
        } catch {
            throw Diagnostics.failure(error.description)
        }
    }
}

extension LibraryOptions {
    /// Said once, on stderr, when a library without shelf.yaml is read in its files' own words.
    static func inferenceNote(_ inferred: Library.InferredVocabulary) -> String {
        let shown = inferred.mappings.prefix(3).joined(separator: ", ") + (inferred.mappings.count > 3 ? ", …" : "")
        let what = inferred.mappings.isEmpty ? "the status words these notes use" : "the keys these notes use (\(shown))"
        return "no shelf.yaml here; reading \(what); shelf detect --write keeps them"
    }

    /// The options as `QuickArguments` reads them (the defaults as declared above).
    static func quick(_ arguments: inout QuickArguments) throws -> Self {
        var options = Self()
        options.library = arguments.value("library")
        options.color = arguments.value("color", as: ColorChoice.self) ?? .auto
        options.noPager = arguments.flag("no-pager")
        options.noCache = arguments.flag("no-cache")
        try options.validate()
        return options
    }
}
