import ArgumentParser
import ShelfKit

/// The `shelf` command: a personal library of books kept as Markdown files.
@main
struct Shelf: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "shelf",
        abstract: "Keep a library of books as Markdown files with YAML front matter.",
        discussion: """
            A library is a folder holding shelf.yaml and one Markdown file per book. shelf finds it \
            from --library, then $SHELF_LIBRARY, then the nearest folder at or above the current one \
            holding shelf.yaml.

            Examples:
              shelf init ~/Books
              shelf ls --tag sci-fi --sort rating
              shelf show "left hand of darkness"
              shelf --library ~/Books ls --status reading --format json
            """,
        version: ShelfKitVersion.current,
        subcommands: [
            ListCommand.self, SearchCommand.self, ShowCommand.self, AddCommand.self, SetCommand.self, UnsetCommand.self,
            TagCommand.self, UntagCommand.self, TagsCommand.self, NoteCommand.self, NotesCommand.self,
            RateCommand.self, StartCommand.self, FinishCommand.self, AbandonCommand.self,
            RemoveCommand.self, MoveCommand.self, EditCommand.self, AuthorsCommand.self, SeriesCommand.self,
            GenresCommand.self, LocationsCommand.self, FormatsCommand.self, ISBNCommand.self, LookupCommand.self, CoverCommand.self, RefreshCommand.self, ImportCommand.self, ExportCommand.self, ConflictsCommand.self, MergeDriverCommand.self,
            GitSetupCommand.self, CheckCommand.self, InitCommand.self,
        ]
    )

    @OptionGroup var library: LibraryOptions
}
