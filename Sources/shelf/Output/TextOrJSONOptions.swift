import ArgumentParser

/// `--format text|json` and its short form `--json`, for commands that print one thing.
struct TextOrJSONOptions: ParsableArguments {
    enum Format: String, ExpressibleByArgument, CaseIterable {
        case text, json
    }

    @Option(help: ArgumentHelp("Output format: text or json.", valueName: "format"))
    var format: Format = .text

    @Flag(help: "Short for --format json.")
    var json = false

    var isJSON: Bool { json || format == .json }
}
