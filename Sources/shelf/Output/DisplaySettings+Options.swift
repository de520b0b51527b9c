import ArgumentParser

extension DisplaySettings {
    /// Takes `--color` and `--no-pager` from whatever command was parsed, before it runs: every
    /// command that declares `LibraryOptions` gets them, whether or not it opens a library the
    /// usual way (`detect`, `init`, `import` report long output too).
    func apply(to command: ParsableCommand) {
        // A command read quickly names its options: reflection would cost it what it saved.
        let found = (command as? QuicklyParsed)?.library ?? Self.libraryOptions(in: command, depth: 0)
        guard let options = found else { return }
        color = options.color
        pager = !options.noPager
    }

    /// For output made before any command is parsed (`shelf help TOPIC`).
    func apply(arguments: [String]) {
        if arguments.contains("--no-pager") { pager = false }
        if let index = arguments.firstIndex(of: "--color"), index + 1 < arguments.count,
            let choice = ColorChoice(rawValue: arguments[index + 1])
        {
            color = choice
        }
    }

    /// The first `LibraryOptions` among a value's stored properties and option groups.
    private static func libraryOptions(in value: Any, depth: Int) -> LibraryOptions? {
        if let options = value as? LibraryOptions { return options }
        if let group = value as? OptionGroup<LibraryOptions> { return group.wrappedValue }
        guard depth < 3 else { return nil }
        for child in Mirror(reflecting: value).children {
            if let found = libraryOptions(in: child.value, depth: depth + 1) { return found }
        }
        return nil
    }
}
