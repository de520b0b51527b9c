#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Carries a file's owner, group, permission bits and extended attributes over to its new
/// version, so that replacing a file changes its bytes and nothing else.
enum FileAttributes {
    /// Gives `descriptor` (the new version) the attributes of `name` in `folder` (the old one).
    static func copy(from name: String, info: stat, in folder: OpenFolder, to descriptor: Int32, displayPath: String) throws(FileError) {
        // Owner first: changing it clears set-user-ID bits, which the mode then restores.
        if fchown(descriptor, info.st_uid, info.st_gid) != 0 {
            // Not allowed to give the file away: keep at least the group, when we belong to it.
            _ = fchown(descriptor, uid_t.max, info.st_gid)
        }
        guard fchmod(descriptor, info.st_mode & 0o7777) == 0 else {
            throw FileError.fromErrno(displayPath, "cannot keep the file's permissions")
        }
        #if os(Linux)
        let source = openat(folder.descriptor, name, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard source >= 0 else { throw FileError.fromErrno(displayPath, "cannot open") }
        defer { close(source) }
        guard let calls = XattrCalls.shared else { return }
        for attribute in names(source) {
            guard let value = value(of: attribute, in: source) else { continue }
            let result = value.withUnsafeBytes { calls.set(descriptor, attribute, $0.baseAddress, $0.count, 0) }
            // The security and trusted namespaces belong to the system; a process that may not
            // set them gets the file system's default there, as `cp -a` does.
            if result != 0 && !(errno == EPERM && (attribute.hasPrefix("security.") || attribute.hasPrefix("trusted."))) {
                throw FileError.fromErrno(displayPath, "cannot keep the extended attribute \(attribute)")
            }
        }
        #endif
    }

    #if os(Linux)
    /// The names of the extended attributes of an open file.
    static func names(_ descriptor: Int32) -> [String] {
        guard let calls = XattrCalls.shared else { return [] }
        let size = calls.list(descriptor, nil, 0)
        guard size > 0 else { return [] }
        var buffer = [CChar](repeating: 0, count: size)
        let got = calls.list(descriptor, &buffer, size)
        guard got > 0 else { return [] }
        return buffer[0..<got].split(separator: 0).map { String(decoding: $0.map { UInt8(bitPattern: $0) }, as: UTF8.self) }
    }

    /// The value of one extended attribute of an open file.
    static func value(of attribute: String, in descriptor: Int32) -> [UInt8]? {
        guard let calls = XattrCalls.shared else { return nil }
        let size = calls.get(descriptor, attribute, nil, 0)
        guard size >= 0 else { return nil }
        var buffer = [UInt8](repeating: 0, count: max(size, 1))
        let got = calls.get(descriptor, attribute, &buffer, buffer.count)
        guard got >= 0 else { return nil }
        return Array(buffer[0..<got])
    }
    #endif
}

#if os(Linux)
/// glibc's extended-attribute calls, which the Swift Glibc module does not import.
struct XattrCalls: @unchecked Sendable {
    typealias List = @convention(c) (Int32, UnsafeMutablePointer<CChar>?, Int) -> Int
    typealias Get = @convention(c) (Int32, UnsafePointer<CChar>, UnsafeMutableRawPointer?, Int) -> Int
    typealias Set = @convention(c) (Int32, UnsafePointer<CChar>, UnsafeRawPointer?, Int, Int32) -> Int32

    let list: List
    let get: Get
    let set: Set

    static let shared: XattrCalls? = {
        let all = UnsafeMutableRawPointer(bitPattern: 0)
        guard let list = dlsym(all, "flistxattr"), let get = dlsym(all, "fgetxattr"), let set = dlsym(all, "fsetxattr") else { return nil }
        return XattrCalls(
            list: unsafeBitCast(list, to: List.self), get: unsafeBitCast(get, to: Get.self), set: unsafeBitCast(set, to: Set.self))
    }()
}
#endif
