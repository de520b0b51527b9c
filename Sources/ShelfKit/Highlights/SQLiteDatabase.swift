#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A SQLite database an e-reader wrote (Kobo's `KoboReader.sqlite`, KOReader's
/// `statistics.sqlite3`), opened read-only: nothing is ever written to the device.
///
/// The system's libsqlite3 is loaded with `dlopen` the first time a database is read, so that
/// `shelf` does not load it at every start (as with the network module) and builds without its
/// headers. Without it, reading such a database fails with a clear error.
final class SQLiteDatabase {
    enum Value: Equatable {
        case integer(Int64)
        case real(Double)
        case text(String)
        case null

        var text: String? {
            switch self {
            case .text(let text): return text
            case .integer(let number): return String(number)
            case .real(let number): return String(number)
            case .null: return nil
            }
        }

        var integer: Int64? {
            switch self {
            case .integer(let number): return number
            case .real(let number): return number.isFinite && abs(number) < 9e18 ? Int64(number) : nil
            case .text(let text): return Int64(text)
            case .null: return nil
            }
        }

        var real: Double? {
            switch self {
            case .integer(let number): return Double(number)
            case .real(let number): return number
            case .text(let text): return Double(text)
            case .null: return nil
            }
        }
    }

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    private let calls: SQLiteCalls
    private let handle: OpaquePointer
    let path: String

    /// Opens `path` read-only; `writable` is for tests that build fixture databases.
    init(path: String, writable: Bool = false) throws(Failure) {
        guard let calls = SQLiteCalls.shared else {
            throw Failure(
                description: "reading \(path) needs the SQLite library (libsqlite3.so.0), which is not installed; "
                    + "install it (apt-get install libsqlite3-0) and run the command again")
        }
        self.calls = calls
        self.path = path
        var opened: OpaquePointer?
        // SQLITE_OPEN_READONLY 0x1, READWRITE 0x2, CREATE 0x4, NOMUTEX 0x8000.
        let flags: Int32 = writable ? 0x2 | 0x4 | 0x8000 : 0x1 | 0x8000
        let status = calls.open(path, &opened, flags, nil)
        guard status == 0, let opened else {
            let reason = opened.flatMap { calls.errorMessage($0) }.map { String(cString: $0) } ?? "error \(status)"
            if let opened { _ = calls.close(opened) }
            throw Failure(description: "\(path): cannot open as a SQLite database (\(reason))")
        }
        handle = opened
    }

    deinit { _ = calls.close(handle) }

    /// Every row of a query, each as column name → value.
    func rows(_ sql: String) throws(Failure) -> [[String: Value]] {
        var statement: OpaquePointer?
        guard calls.prepare(handle, sql, -1, &statement, nil) == 0, let statement else {
            throw Failure(description: "\(path): \(lastError()) (in \(sql.prefix(80)))")
        }
        defer { _ = calls.finalize(statement) }
        let count = calls.columnCount(statement)
        let names = (0..<count).map { calls.columnName(statement, $0).map { String(cString: $0) } ?? "column\($0)" }
        var rows: [[String: Value]] = []
        while true {
            let status = calls.step(statement)
            if status == 101 { return rows }  // SQLITE_DONE
            guard status == 100 else { throw Failure(description: "\(path): \(lastError())") }  // SQLITE_ROW
            var row: [String: Value] = [:]
            for column in 0..<count {
                switch calls.columnType(statement, column) {
                case 1: row[names[Int(column)]] = .integer(calls.columnInt64(statement, column))
                case 2: row[names[Int(column)]] = .real(calls.columnDouble(statement, column))
                case 3, 4:
                    // Text, or a blob read as text (Kobo keeps some strings as blobs).
                    let bytes = calls.columnText(statement, column)
                    let length = Int(calls.columnBytes(statement, column))
                    let text = bytes.map { String(decoding: UnsafeBufferPointer(start: $0, count: length), as: UTF8.self) } ?? ""
                    row[names[Int(column)]] = .text(text)
                default: row[names[Int(column)]] = .null
                }
            }
            rows.append(row)
        }
    }

    /// The table names in the database.
    func tables() throws(Failure) -> Set<String> {
        Set(try rows("SELECT name FROM sqlite_master WHERE type = 'table'").compactMap { $0["name"]?.text })
    }

    /// The column names of a table.
    func columns(of table: String) throws(Failure) -> Set<String> {
        let quoted = table.replacingOccurrences(of: "\"", with: "\"\"")
        return Set(try rows("PRAGMA table_info(\"\(quoted)\")").compactMap { $0["name"]?.text })
    }

    /// Runs statements that return nothing (fixtures in tests).
    func execute(_ sql: String) throws(Failure) {
        var message: UnsafeMutablePointer<CChar>?
        guard calls.exec(handle, sql, nil, nil, &message) == 0 else {
            let reason = message.map { String(cString: $0) } ?? lastError()
            throw Failure(description: "\(path): \(reason)")
        }
    }

    private func lastError() -> String {
        calls.errorMessage(handle).map { String(cString: $0) } ?? "unknown SQLite error"
    }
}

/// The libsqlite3 functions shelf uses, found with `dlopen`/`dlsym`.
struct SQLiteCalls: @unchecked Sendable {
    typealias Open = @convention(c) (UnsafePointer<CChar>, UnsafeMutablePointer<OpaquePointer?>, Int32, UnsafePointer<CChar>?) -> Int32
    typealias Close = @convention(c) (OpaquePointer) -> Int32
    typealias Prepare =
        @convention(c) (
            OpaquePointer, UnsafePointer<CChar>, Int32, UnsafeMutablePointer<OpaquePointer?>,
            UnsafeMutablePointer<UnsafePointer<CChar>?>?
        ) -> Int32
    typealias Step = @convention(c) (OpaquePointer) -> Int32
    typealias Finalize = @convention(c) (OpaquePointer) -> Int32
    typealias ColumnCount = @convention(c) (OpaquePointer) -> Int32
    typealias ColumnName = @convention(c) (OpaquePointer, Int32) -> UnsafePointer<CChar>?
    typealias ColumnType = @convention(c) (OpaquePointer, Int32) -> Int32
    typealias ColumnInt64 = @convention(c) (OpaquePointer, Int32) -> Int64
    typealias ColumnDouble = @convention(c) (OpaquePointer, Int32) -> Double
    typealias ColumnText = @convention(c) (OpaquePointer, Int32) -> UnsafePointer<UInt8>?
    typealias ColumnBytes = @convention(c) (OpaquePointer, Int32) -> Int32
    typealias ErrorMessage = @convention(c) (OpaquePointer) -> UnsafePointer<CChar>?
    typealias Exec =
        @convention(c) (
            OpaquePointer, UnsafePointer<CChar>, UnsafeRawPointer?, UnsafeRawPointer?,
            UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
        ) -> Int32

    let open: Open
    let close: Close
    let prepare: Prepare
    let step: Step
    let finalize: Finalize
    let columnCount: ColumnCount
    let columnName: ColumnName
    let columnType: ColumnType
    let columnInt64: ColumnInt64
    let columnDouble: ColumnDouble
    let columnText: ColumnText
    let columnBytes: ColumnBytes
    let errorMessage: ErrorMessage
    let exec: Exec

    static let shared: SQLiteCalls? = {
        #if canImport(Darwin)
        let names = ["libsqlite3.dylib"]
        #else
        let names = ["libsqlite3.so.0", "libsqlite3.so"]
        #endif
        guard let handle = names.lazy.compactMap({ dlopen($0, RTLD_NOW | RTLD_LOCAL) }).first else { return nil }
        func symbol<T>(_ name: String, as type: T.Type) -> T? {
            dlsym(handle, name).map { unsafeBitCast($0, to: type) }
        }
        guard let open = symbol("sqlite3_open_v2", as: Open.self), let close = symbol("sqlite3_close_v2", as: Close.self),
            let prepare = symbol("sqlite3_prepare_v2", as: Prepare.self), let step = symbol("sqlite3_step", as: Step.self),
            let finalize = symbol("sqlite3_finalize", as: Finalize.self),
            let columnCount = symbol("sqlite3_column_count", as: ColumnCount.self),
            let columnName = symbol("sqlite3_column_name", as: ColumnName.self),
            let columnType = symbol("sqlite3_column_type", as: ColumnType.self),
            let columnInt64 = symbol("sqlite3_column_int64", as: ColumnInt64.self),
            let columnDouble = symbol("sqlite3_column_double", as: ColumnDouble.self),
            let columnText = symbol("sqlite3_column_text", as: ColumnText.self),
            let columnBytes = symbol("sqlite3_column_bytes", as: ColumnBytes.self),
            let errorMessage = symbol("sqlite3_errmsg", as: ErrorMessage.self),
            let exec = symbol("sqlite3_exec", as: Exec.self)
        else { return nil }
        return SQLiteCalls(
            open: open, close: close, prepare: prepare, step: step, finalize: finalize, columnCount: columnCount,
            columnName: columnName, columnType: columnType, columnInt64: columnInt64, columnDouble: columnDouble,
            columnText: columnText, columnBytes: columnBytes, errorMessage: errorMessage, exec: exec)
    }()
}
