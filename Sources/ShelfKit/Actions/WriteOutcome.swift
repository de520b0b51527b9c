/// What a change to one book's file did, as an action reports it.
public enum WriteOutcome: Sendable, Equatable {
    /// The change made no difference to the file's bytes; the file was not touched.
    case unchanged
    /// The file was replaced by its new version.
    case written
}
