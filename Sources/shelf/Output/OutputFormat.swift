import ArgumentParser

/// How a command prints books: a named format, or a template with `{field}` placeholders.
enum OutputFormat: ExpressibleByArgument, Equatable {
    case table, plain, json, csv, paths
    case template(String)

    init?(argument: String) {
        switch argument {
        case "table": self = .table
        case "plain": self = .plain
        case "json": self = .json
        case "csv": self = .csv
        case "paths": self = .paths
        default:
            guard argument.contains("{") else { return nil }
            self = .template(argument)
        }
    }

    static var allValueStrings: [String] { ["table", "plain", "json", "csv", "paths", "'{title} — {authors}'"] }
}

/// `--format` and its short form `--json`, shared by the commands that list books.
struct FormatOptions: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "Output format: table, plain, json, csv, paths, or a template such as '{title} — {authors}'.",
            valueName: "format"))
    var format: OutputFormat = .table

    @Flag(help: "Short for --format json.")
    var json = false

    var resolved: OutputFormat { json ? .json : format }
}

extension FormatOptions {
    /// The options as `QuickArguments` reads them (the defaults as declared above).
    static func quick(_ arguments: inout QuickArguments) throws -> Self {
        var options = Self()
        options.format = arguments.value("format", as: OutputFormat.self) ?? .table
        options.json = arguments.flag("json")
        try options.validate()
        return options
    }
}
