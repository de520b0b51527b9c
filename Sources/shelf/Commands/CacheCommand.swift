import Foundation
import ArgumentParser
import ShelfKit

/// `shelf cache`: what shelf keeps in its cache folder, and emptying it.
struct CacheCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "cache",
        abstract: "Show or clear shelf's caches (library indexes and lookup answers).",
        discussion: """
            shelf keeps, outside the library, an index of each library it reads (so a query reads \
            only the files that changed) and the answers of ISBN lookups. They live in \
            $XDG_CACHE_HOME/shelf (default ~/.cache/shelf). Nothing in them is the only copy of \
            anything: a removed index is made again by the next command, at the cost of reading \
            every file once.

            An index is removed on its own when its library's folder is gone, when it has not been \
            used for 30 days, or, least recently used first, when the indexes together pass \
            $SHELF_CACHE_LIMIT MiB (default 2048).

            Examples:
              shelf cache                 # what is kept, and what is due to go
              shelf cache clear           # this library's index
              shelf cache clear --all     # every library's index
              shelf cache clear --all --lookups
            """,
        subcommands: [CacheInfoCommand.self, CacheClearCommand.self],
        defaultSubcommand: CacheInfoCommand.self)

    /// The index folder for this environment, or a failure saying why there is none.
    static func folder() throws -> LibraryCacheFolder {
        guard let folder = LibraryCacheFolder.standard() else {
            throw Diagnostics.failure("no cache folder: neither XDG_CACHE_HOME nor HOME is set")
        }
        if let problem = folder.limitProblem { Diagnostics.write("shelf: " + problem) }
        return folder
    }

    /// The library the options point at, if any: `shelf cache` also works outside a library.
    static func library(_ options: LibraryOptions) -> Library? {
        try? Library.locate(explicit: options.library)
    }
}

/// `shelf cache info`.
struct CacheInfoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "info", abstract: "List the library indexes and lookup answers shelf keeps.")

    @OptionGroup var library: LibraryOptions
    @OptionGroup var output: TextOrJSONOptions

    func run() throws {
        let report = CacheAction.report(
            folder: try CacheCommand.folder(), library: CacheCommand.library(library),
            now: Int64(Date().timeIntervalSince1970))
        Output.write(output.isJSON ? CacheRenderer.json(report).serialized(indent: 2) + "\n" : CacheRenderer.text(report, now: Date()))
    }
}

/// `shelf cache clear`.
struct CacheClearCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "clear",
        abstract: "Remove this library's index (--all: every library's; --lookups: lookup answers too).")

    @OptionGroup var library: LibraryOptions

    @Flag(help: "Remove every library's index, not only this library's.")
    var all = false

    @Flag(help: "Also remove the cached ISBN lookup answers (the next lookups ask the services again).")
    var lookups = false

    func run() throws {
        let folder = try CacheCommand.folder()
        var target: Library?
        if !all {
            guard let found = CacheCommand.library(library) else {
                throw Diagnostics.failure("not in a library: name one with --library, or clear every index with --all")
            }
            target = found
        }
        let cleared = CacheAction.clear(
            folder: folder, library: target, lookups: lookups, now: Int64(Date().timeIntervalSince1970))
        Output.line(CacheRenderer.cleared(cleared, lookups: lookups))
    }
}
