/// The version of shelf, shown by `shelf --version` and sent in the HTTP `User-Agent`.
public enum ShelfKitVersion {
    /// The version number.
    public static let current = "0.1.0"
}
