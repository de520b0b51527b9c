#if !canImport(Darwin)
import Foundation
import Glibc

/// shelf's network module, `libShelfHTTP.so` (the `ShelfHTTP` target): URLSession behind one C
/// function, loaded with `dlopen` the first time a request is made. Linking FoundationNetworking
/// into `shelf` itself would map libcurl and some thirty libraries it needs at every start, which
/// cost about 10 ms of each run of every command; only lookups need them.
///
/// Where it is looked for: only `$SHELF_HTTP_LIBRARY` when that is set; else beside the running
/// executable (`.build/debug/`, `.build/release/`, and the test bundle there), then in
/// `<executable's folder>/../lib/shelf/`, where `make install` puts it.
enum NetworkModule {
    static let fileName = "libShelfHTTP.so"
    /// The entry point's name; the suffix changes with its signature, so a stale module is refused.
    static let symbol = "shelf_http_get_v2"

    /// `shelf_http_get_v2`; Sources/ShelfHTTP/ShelfHTTPGet.swift documents it.
    typealias Get =
        @convention(c) (
            UnsafePointer<CChar>, UnsafePointer<CChar>, UnsafePointer<CChar>, Double, Double, Int,
            UnsafeMutablePointer<Int32>,
            UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>,
            UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>,
            UnsafeMutablePointer<UnsafeMutableRawPointer?>,
            UnsafeMutablePointer<Int>,
            UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>
        ) -> Int32

    /// The loaded module's entry point. A C function pointer into a library never unloaded.
    struct Loaded: @unchecked Sendable {
        let get: Get
        let path: String
    }

    /// This process's module, loaded on first use: Swift runs a static's initializer once, and
    /// other threads asking meanwhile wait for it.
    static let shared: Result<Loaded, LookupError> = load(
        environment: ProcessInfo.processInfo.environment, executable: executablePath())

    /// The files to try, in order.
    static func candidates(environment: [String: String], executable: String?) -> [String] {
        if let explicit = environment["SHELF_HTTP_LIBRARY"], !explicit.isEmpty { return [explicit] }
        guard let executable else { return [] }
        let folder = URL(fileURLWithPath: executable).deletingLastPathComponent()
        return [
            folder.appendingPathComponent(fileName).path,
            folder.deletingLastPathComponent().appendingPathComponent("lib/shelf/\(fileName)").standardizedFileURL.path,
        ]
    }

    /// Loads the first of the `candidates` that exists; one that exists but cannot be loaded, or
    /// lacks the entry point, is reported rather than passed over.
    static func load(environment: [String: String], executable: String?) -> Result<Loaded, LookupError> {
        let paths = candidates(environment: environment, executable: executable)
        for path in paths where access(path, F_OK) == 0 {
            guard let handle = dlopen(path, RTLD_NOW | RTLD_LOCAL) else {
                return .failure(.networkModuleMissing(looked: paths, failure: lastError() ?? "\(path): dlopen failed"))
            }
            guard let address = dlsym(handle, symbol) else {
                dlclose(handle)
                return .failure(
                    .networkModuleMissing(
                        looked: paths, failure: "\(path) has no \(symbol); is it from another version of shelf?"))
            }
            return .success(Loaded(get: unsafeBitCast(address, to: Get.self), path: path))
        }
        return .failure(.networkModuleMissing(looked: paths, failure: nil))
    }

    /// The running executable, with symbolic links resolved.
    private static func executablePath() -> String? {
        try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
    }

    private static func lastError() -> String? {
        dlerror().map { String(cString: $0) }
    }
}
#endif
