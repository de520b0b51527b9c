/// A book with other versions merged into it one after another (each a `VersionMerge`), shared by `conflicts resolve` (a file and its sync conflict copies) and
/// git's merge driver (ours and theirs): other versions are merged into ours one after another,
/// each as minimal edits on ours, in the library's vocabulary.
///
/// The edits gathered are what the caller writes; applied in order to the first version of ours
/// they give `merged`.
struct MergedBook {
    /// What one version added to the merge.
    struct Step: Sendable {
        /// Scalars both sides changed differently: the value kept and the one set aside.
        var conflicts: [VersionMerge.Conflict]
        /// Regions of the notes both sides changed differently.
        var bodyConflicts: Int
        /// Keys (as the merged file writes them) whose value now comes from this version.
        var taken: [String]
    }

    /// How a merge of the notes treats a region both sides changed.
    enum BodyStyle: Sendable {
        /// Ours, then the lines of theirs that ours lacks.
        case union
        /// git's markers around both sides.
        case markers(ours: String, theirs: String)
    }

    let base: BookDocument?
    let vocabulary: Vocabulary
    /// Names the file in errors.
    let displayPath: String
    /// Ours, with every version merged so far.
    private(set) var merged: BookDocument
    /// The edits that turn the first version of ours into `merged`.
    private(set) var edits: [FieldEdit] = []

    init(ours: BookDocument, base: BookDocument?, vocabulary: Vocabulary, displayPath: String) {
        merged = ours
        self.base = base
        self.vocabulary = vocabulary
        self.displayPath = displayPath
    }

    /// Merges `theirs` into ours.
    /// - Parameters:
    ///   - preferTheirs: decides each scalar both sides changed differently.
    ///   - note: the text appended to the body that records the values set aside, given them.
    /// - Parameter reference: without a base, a version theirs descends from (see `VersionMerge.reference`).
    mutating func merge(
        _ theirs: BookDocument, reference: BookDocument? = nil, body style: BodyStyle, preferTheirs: (VersionMerge.Difference) -> Bool,
        note: ([VersionMerge.Conflict]) -> String
    ) throws(MergeError) -> Step {
        // Front matter on one side only: a key-by-key merge would drop the other side's keys.
        guard (merged.frontMatter == nil) == (theirs.frontMatter == nil) else {
            throw .frontMatterOnOneSide(path: displayPath)
        }
        let merger = VersionMerge(ours: merged, theirs: theirs, base: base, vocabulary: vocabulary, reference: reference)
        let fields = merger.fieldEdits(preferTheirs: preferTheirs)
        var stepEdits = fields.edits
        let markers: (ours: String, theirs: String)?
        if case let .markers(ours, theirs) = style { markers = (ours, theirs) } else { markers = nil }
        let body = merger.mergedBody(markers: markers)
        if body.lines != VersionMerge.lines(merged.body) {
            stepEdits.append(.replaceBody(body.lines.joined(separator: "\n")))
        }
        if !fields.conflicts.isEmpty { stepEdits.append(.appendToBody(note(fields.conflicts))) }
        let bytes: [UInt8]
        do {
            bytes = try BookBytes.apply(stepEdits, to: merged, displayPath: displayPath, vocabulary: vocabulary)
        } catch {
            throw .edit(error)
        }
        do {
            merged = try BookDocument(bytes: bytes)
        } catch {
            throw .edit(.unreadableResult(error))
        }
        edits += stepEdits
        return Step(conflicts: fields.conflicts, bodyConflicts: body.conflicts, taken: fields.taken)
    }

    /// The document in `bytes`, or why it cannot be merged as a book, naming `displayPath`.
    static func document(_ bytes: [UInt8], displayPath: String) throws(MergeError) -> BookDocument {
        do {
            return try BookDocument(bytes: bytes)
        } catch {
            throw .unreadable(error.at(path: displayPath))
        }
    }
}

/// Why two versions of a book cannot be merged key by key. Nothing is written when one is thrown.
enum MergeError: Error, Sendable, CustomStringConvertible {
    /// A version is not UTF-8, or its front matter is not valid YAML: `path:line:column: why`.
    case unreadable(DocumentError)
    /// One version has front matter and the other has none.
    case frontMatterOnOneSide(path: String)
    /// The merged edits could not be made.
    case edit(EditError)

    public var description: String {
        switch self {
        case .unreadable(let error): return "\(error)"
        case .frontMatterOnOneSide(let path): return "\(path): one version has front matter and the other has none"
        case .edit(let error): return "\(error)"
        }
    }
}
