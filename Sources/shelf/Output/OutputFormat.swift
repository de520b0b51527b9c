import ArgumentParser

/// How a command prints books.
enum OutputFormat: String, ExpressibleByArgument, CaseIterable {
    case table, plain, json, csv, paths
}

/// `--format` and its short form `--json`, shared by the commands that list books.
struct FormatOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Output format: table, plain, json, csv or paths.", valueName: "format"))
    var format: OutputFormat = .table

    @Flag(help: "Short for --format json.")
    var json = false

    var resolved: OutputFormat { json ? .json : format }
}
