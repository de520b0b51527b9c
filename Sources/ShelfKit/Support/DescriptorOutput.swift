/// Writes whole texts and byte arrays to an open file descriptor (standard output, standard
/// error), retrying short writes and interrupted calls, so that no caller handles a partial write.
public enum DescriptorOutput {
    /// Writes all of `text`'s UTF-8 bytes to `descriptor`.
    /// - Returns: false when a write failed, as on a closed pipe (`errno` says why).
    @discardableResult
    public static func write(_ text: String, to descriptor: Int32) -> Bool {
        var text = text
        return text.withUTF8 { FileIO.writeAll(UnsafeRawBufferPointer($0), to: descriptor) }
    }

    /// Writes all of `bytes` to `descriptor`.
    /// - Returns: false when a write failed, as on a closed pipe (`errno` says why).
    @discardableResult
    public static func write(_ bytes: [UInt8], to descriptor: Int32) -> Bool {
        bytes.withUnsafeBytes { FileIO.writeAll($0, to: descriptor) }
    }
}
