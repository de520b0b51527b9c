import ArgumentParser

/// The arguments of a command run often (`ls`, `search`), read without ArgumentParser when all of
/// them have the plainest shapes: `--name VALUE`, `--name=VALUE`, `--flag` and words.
///
/// ArgumentParser builds a command's argument definitions by reflection at every start, and the
/// runtime's type lookups behind it (a scan of the binary's 6,000 protocol conformances for each
/// type it asks about) cost a warm `ls` at 10,000 books about 4 ms of its 30. A command that reads
/// its own options from here costs nothing measurable. Anything else gives up: a short option,
/// `--`, a value or word starting with `-`, an option that takes one value given twice, a value
/// its type does not take, an option the command does not read. ArgumentParser then parses the
/// arguments as always, and reports what is wrong in its own words; help and completion are
/// always its own.
struct QuickArguments {
    private let arguments: [String]
    private var taken: [Bool]
    private var gaveUp = false

    init(_ arguments: [String]) {
        self.arguments = arguments
        taken = Array(repeating: false, count: arguments.count)
    }

    /// True when every argument was read and none gave up.
    var isComplete: Bool { !gaveUp && !taken.contains(false) }

    /// Whether `--name` was given.
    mutating func flag(_ name: String) -> Bool {
        let spelled = "--" + name
        var found = false
        for index in arguments.indices where !taken[index] && arguments[index] == spelled {
            if found { gaveUp = true }
            found = true
            taken[index] = true
        }
        return found
    }

    /// Every value of a repeatable `--name VALUE` or `--name=VALUE`, in order.
    mutating func values(_ name: String) -> [String] {
        let spelled = "--" + name, joined = spelled + "="
        var values: [String] = []
        var index = 0
        while index < arguments.count {
            defer { index += 1 }
            guard !taken[index] else { continue }
            let value: String
            if arguments[index] == spelled {
                guard index + 1 < arguments.count, !taken[index + 1] else {
                    gaveUp = true
                    return []
                }
                value = arguments[index + 1]
                taken[index] = true
                taken[index + 1] = true
                index += 1
            } else if arguments[index].hasPrefix(joined) {
                value = String(arguments[index].dropFirst(joined.count))
                taken[index] = true
            } else {
                continue
            }
            // ArgumentParser takes an empty value, or one that looks like an option, its own way.
            if value.isEmpty || value.hasPrefix("-") { gaveUp = true }
            values.append(value)
        }
        return values
    }

    /// The value of `--name VALUE` or `--name=VALUE`, given at most once.
    mutating func value(_ name: String) -> String? {
        let all = values(name)
        if all.count > 1 { gaveUp = true }
        return all.first
    }

    /// The value of `--name`, made by its type as ArgumentParser makes it.
    mutating func value<Value: ExpressibleByArgument>(_ name: String, as type: Value.Type) -> Value? {
        guard let text = value(name) else { return nil }
        guard let made = Value(argument: text) else {
            gaveUp = true
            return nil
        }
        return made
    }

    /// The arguments no option took: the command's words. Called last, once every option of the
    /// command has been read; one starting with `-` is an option the command does not read here.
    mutating func words() -> [String] {
        var words: [String] = []
        for index in arguments.indices where !taken[index] {
            if arguments[index].hasPrefix("-") { gaveUp = true }
            words.append(arguments[index])
            taken[index] = true
        }
        return words
    }
}

/// A command that can be made from `QuickArguments`, as ArgumentParser would make it from the
/// same arguments.
protocol QuicklyParsed: ParsableCommand {
    /// The command with every property set from `arguments`, or to its default when not given
    /// (a property left unset stops the program when read). Throws when an option group does not
    /// validate. The properties are set on a value made by `init()`, not in an initializer: there
    /// Swift takes an assignment to a wrapped property for a new declaration of it, with the value
    /// as its default, and ArgumentParser's wrapper then holds no value.
    static func quick(_ arguments: inout QuickArguments) throws -> Self

    /// The command's library options (`--library`, `--color`, `--no-pager`).
    var library: LibraryOptions { get }
}

extension QuicklyParsed {
    /// The command made from `arguments` without ArgumentParser, validated; nil when the
    /// arguments are not all of the plain shapes or do not validate, for ArgumentParser to parse.
    static func quickParse(_ arguments: [String]) -> Self? {
        var quick = QuickArguments(arguments)
        guard var command = try? Self.quick(&quick), quick.isComplete, (try? command.validate()) != nil else {
            return nil
        }
        return command
    }
}
