#if !canImport(Darwin)
import Foundation
@testable import ShelfKit
import ShelfTestSupport
import Testing

/// Finding and loading shelf's network module, `libShelfHTTP.so`, and what its entry point
/// hands back (the retrying and pacing above it are `LookupFailureTests`' business).
@Suite struct NetworkModuleTests {
    static let fix = "reinstall shelf with `make install`, or rebuild it with `swift build` (or set SHELF_HTTP_LIBRARY to the file)"

    @Test func anExplicitPathIsTheOnlyPlaceLooked() {
        let candidates = NetworkModule.candidates(
            environment: ["SHELF_HTTP_LIBRARY": "/elsewhere/net.so"], executable: "/opt/shelf/bin/shelf")
        #expect(candidates == ["/elsewhere/net.so"])
    }

    @Test func otherwiseTheExecutablesFolderThenLibShelfBesideIt() {
        for environment in [[:], ["SHELF_HTTP_LIBRARY": ""]] {
            let candidates = NetworkModule.candidates(environment: environment, executable: "/opt/shelf/bin/shelf")
            #expect(candidates == ["/opt/shelf/bin/libShelfHTTP.so", "/opt/shelf/lib/shelf/libShelfHTTP.so"])
        }
    }

    @Test func aMissingModuleIsAnErrorSayingWhereItLookedAndWhatToDo() {
        let path = "/nonexistent-\(UUID().uuidString)/libShelfHTTP.so"
        let error = failure(NetworkModule.load(environment: ["SHELF_HTTP_LIBRARY": path], executable: "/usr/bin/shelf"))
        #expect(error == .networkModuleMissing(looked: [path], failure: nil))
        #expect(error?.description == "shelf's network module libShelfHTTP.so is missing (looked for \(path)); \(Self.fix)")
        #expect(error?.isConnectivity == false, "a broken install is not a reason to add the book as pending")
    }

    @Test func everyPlaceLookedIsNamed() throws {
        let folder = try TemporaryFolder("shelf-network-module")
        let error = failure(NetworkModule.load(environment: [:], executable: folder.path + "/bin/shelf"))
        let looked = [folder.path + "/bin/libShelfHTTP.so", folder.path + "/lib/shelf/libShelfHTTP.so"]
        #expect(error == .networkModuleMissing(looked: looked, failure: nil))
    }

    @Test func aFileThatIsNotALibraryIsReportedWithTheLoadersReason() throws {
        let folder = try TemporaryFolder("shelf-network-module")
        let path = folder.path + "/lib/shelf/libShelfHTTP.so"
        try FileManager.default.createDirectory(atPath: folder.path + "/lib/shelf", withIntermediateDirectories: true)
        try Data("not a shared library".utf8).write(to: URL(fileURLWithPath: path))
        let error = failure(NetworkModule.load(environment: [:], executable: folder.path + "/bin/shelf"))
        guard case .networkModuleMissing(_, let reason?)? = error else {
            Issue.record("expected a load failure, got \(String(describing: error))")
            return
        }
        #expect(reason.hasPrefix(path + ": "), "dlerror names the file: \(reason)")
        #expect(error?.description.hasPrefix("shelf's network module libShelfHTTP.so cannot be loaded: \(path): ") == true)
    }

    @Test func aLibraryWithoutTheEntryPointIsRefused() throws {
        let libc = try #require(Self.mappedLibrary(named: "libc.so.6"), "libc is mapped into every process")
        let error = failure(NetworkModule.load(environment: ["SHELF_HTTP_LIBRARY": libc], executable: nil))
        #expect(
            error
                == .networkModuleMissing(
                    looked: [libc], failure: "\(libc) has no \(NetworkModule.symbol); is it from another version of shelf?"))
    }

    /// `swift build --build-tests` must leave the module beside the test bundle, or every lookup
    /// test would fail for want of it.
    @Test func theBuiltModuleSitsBesideTheTestsAndLoads() throws {
        let executable = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
        let loaded = try NetworkModule.load(environment: [:], executable: executable).get()
        #expect(loaded.path == URL(fileURLWithPath: executable).deletingLastPathComponent().appendingPathComponent("libShelfHTTP.so").path)
    }

    @Test func theEntryPointHandsBackStatusHeadersAndBodyBytes() throws {
        let server = try LoopbackHTTPServer { _, target in
            switch target {
            case "/busy": return .status(503, retryAfter: "7")
            case "/empty": return Reply(status: 204)
            default: return .image()
            }
        }
        defer { server.stop() }
        var settings = HTTPClient.Settings()
        settings.userAgent = "shelf-test/1 (agent)"
        let transport = HTTPTransport(settings: settings)
        let image = try transport.get(try #require(URL(string: server.baseURL + "/cover.jpg")), accept: "image/*").get()
        #expect(image.status == 200)
        #expect(image.contentType == "image/jpeg")
        #expect(image.retryAfter == nil)
        #expect(Array(image.body) == LoopbackHTTPServer.fakeJPEG)
        let busy = try transport.get(try #require(URL(string: server.baseURL + "/busy")), accept: "application/json").get()
        #expect(busy.status == 503)
        #expect(busy.retryAfter == 7)
        #expect(String(decoding: busy.body, as: UTF8.self) == "status 503")
        let empty = try transport.get(try #require(URL(string: server.baseURL + "/empty")), accept: "application/json").get()
        #expect(empty.status == 204 && empty.body.isEmpty && empty.contentType == nil)
        let requests = server.requests
        #expect(requests.map(\.userAgent) == Array(repeating: "shelf-test/1 (agent)", count: 3))
        #expect(requests.map { $0.headers["accept"] } == ["image/*", "application/json", "application/json"])
    }

    private func failure(_ result: Result<NetworkModule.Loaded, LookupError>) -> LookupError? {
        guard case .failure(let error) = result else { return nil }
        return error
    }

    /// The path of a shared library this process has mapped, from /proc/self/maps. Read to the
    /// end with `read(2)`: the file reports a size of 0, and a test process maps a lot.
    private static func mappedLibrary(named name: String) -> String? {
        guard let handle = FileHandle(forReadingAtPath: "/proc/self/maps") else { return nil }
        defer { try? handle.close() }
        let maps = String(decoding: handle.readDataToEndOfFile(), as: UTF8.self)
        return maps.split(separator: "\n")
            .compactMap { line in line.split(separator: " ", omittingEmptySubsequences: true).last.map(String.init) }
            .first { $0.hasPrefix("/") && $0.hasSuffix("/" + name) }
    }
}
#endif
