/// The settings in a library's `shelf.yaml`.
///
/// Unknown settings are kept and ignored, so a newer shelf's settings never break an older one.
public struct LibraryConfig: Sendable {
    /// The file name template for new books (`{author}-{title}`, `Books/{title}`).
    var filenameTemplate: String = LibraryConfig.defaultFilenameTemplate
    /// How the template's values become names (`filename_style:`).
    var filenameStyle: FileNameTemplate.Style = .slug
    /// Books to finish this year (the older `goal:` setting; see `goals`).
    var goal: Int?
    /// Each year's reading goal (`goals:`), by year.
    var goals: [Int: ReadingGoal] = [:]
    /// Saved queries by name.
    var queries: [String: String] = [:]
    /// How many books each series has, for "3 of 5 read".
    var seriesCounts: [String: Int] = [:]
    /// The files' own key names and status words (`fields:` and `statuses:`).
    public var vocabulary = Vocabulary.standard
    /// Every setting as written.
    var entries: [FieldEntry] = []

    static let defaultFilenameTemplate = "{author}-{title}"

    /// Where and under which name new books are written.
    var fileNames: FileNameTemplate { FileNameTemplate(template: filenameTemplate, style: filenameStyle) }
    static let fileName = "shelf.yaml"

    /// The settings of a library without `shelf.yaml`.
    public init() {}

    /// Reads `shelf.yaml`'s bytes. An empty file is the defaults.
    init(bytes: [UInt8]) throws(DocumentError) {
        self.init()
        var root: YAMLNode?
        var failure: DocumentError?
        bytes.withUnsafeBufferPointer { buffer in
            if let invalid = UTF8Validation.firstInvalidOffset(buffer) {
                let position = UTF8Validation.lineAndColumn(of: invalid, in: buffer)
                failure = DocumentError(line: position.line, column: position.column, message: "invalid UTF-8")
                return
            }
            do throws(DocumentError) {
                root = try YAMLTreeParser(baseOffset: 0, firstLine: 0).parse(buffer)
            } catch {
                failure = error
            }
        }
        if let failure { throw failure }
        guard let root else { return }
        guard case .mapping(let mapping) = root else {
            throw DocumentError(line: 1, column: 1, message: "shelf.yaml must be a mapping of settings")
        }
        for pair in mapping.entries {
            guard let key = pair.key.scalar?.value else { continue }
            let value = FieldValue(pair.value)
            entries.append(FieldEntry(key: key, value: value))
            switch key {
            case "filename":
                if let template = value.text, !template.isEmpty { filenameTemplate = template }
            case "filename_style":
                if let style = value.text.flatMap(FileNameTemplate.Style.init(rawValue:)) { filenameStyle = style }
            case "date_style":
                // An example date in the vault's style: a book's first date is written like it.
                if let example = value.writtenText.flatMap(BookDate.init), example.minutes == nil { vocabulary.dateStyle = example.style }
            case "post_keys":
                let names: [String]
                switch value {
                case .list(let items): names = items.compactMap(\.text)
                default: names = value.text.map { [$0] } ?? []
                }
                vocabulary.postKeys = names.filter { !$0.isEmpty }
            case "goal":
                goal = value.text.flatMap { Int($0) }
            case ReadingGoal.key:
                goals = LibraryConfig.readGoals(value)
            case "queries":
                if case .map(let saved) = value {
                    for query in saved { if let text = query.value.text { queries[query.key] = text } }
                }
            case "fields":
                if case .map(let fields) = value {
                    for field in fields {
                        if let canonical = CanonicalField(key: field.key), let key = field.value.text, !key.isEmpty {
                            vocabulary.keys[canonical] = key
                        }
                    }
                }
            case "statuses":
                if case .map(let words) = value {
                    for word in words {
                        if let status = word.value.text.flatMap(ReadingStatus.init(alias:)) { vocabulary.statuses[word.key] = status }
                    }
                }
            case "title_author":
                // ` - ` or ` by `, as written between a title and its author.
                if let separator = value.text, [" - ", " by "].contains(separator) { vocabulary.titleAuthorSeparator = separator }
            case "section_headings":
                switch value {
                case .list(let items): vocabulary.sectionHeadings = items.compactMap(\.text).filter { !$0.isEmpty }
                default: vocabulary.sectionHeadings = value.text.map { [$0] } ?? []
                }
            case "book_values":
                vocabulary.requiresBookValues = value.text == "required"
            case "tag_separator":
                if value.text == " " { vocabulary.splitsTagsAtSpaces = true }
            case "author_separator":
                if let separator = value.text, separator.contains(",") { vocabulary.joinsNamesWithCommas = true }
            case "series_counts":
                if case .map(let counts) = value {
                    for count in counts { if let number = count.value.text.flatMap({ Int($0) }) { seriesCounts[count.key] = number } }
                }
            default:
                break
            }
        }
    }
}
