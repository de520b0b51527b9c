// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "shelf",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "shelf", targets: ["shelf"]),
        .library(name: "ShelfKit", targets: ["ShelfKit"]),
        // shelf's network module, libShelfHTTP.so: URLSession behind one C function that ShelfKit
        // loads with dlopen on the first lookup, so that FoundationNetworking and libcurl are not
        // loaded at every start. Built beside `shelf`; `make install` puts it in lib/shelf/.
        .library(name: "ShelfHTTP", type: .dynamic, targets: ["ShelfHTTP"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        // Markdown to HTML for the static catalog's book pages.
        .package(url: "https://github.com/JohnSundell/Ink", from: "0.6.0"),
        // `shelf serve`: the web UI's HTTP server and its templates, in `shelf-serve` only.
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/hummingbird-project/swift-mustache", from: "2.1.1"),
        .package(url: "https://github.com/apple/swift-http-types", from: "1.0.0"),
    ],
    targets: [
        .systemLibrary(
            name: "CYAML",
            pkgConfig: "yaml-0.1",
            providers: [.apt(["libyaml-dev"]), .brew(["libyaml"])]
        ),
        // `statfs`, which the Glibc module does not import (no library to link, no pkg-config).
        .systemLibrary(name: "CShelfSystem", path: "Sources/CShelfSystem"),
        // zlib, for the web UI's gzip-compressed pages.
        .systemLibrary(name: "CZlib", path: "Sources/CZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"]), .brew(["zlib"])]),
        // Text, JSON, CSV and HTML output helpers that know nothing of books, shared by ShelfKit's
        // exporters and both programs' output, so that ShelfKit's public API is the domain alone.
        .target(name: "ShelfPresentation"),
        .target(
            name: "ShelfKit",
            dependencies: ["CYAML", "CShelfSystem", "ShelfPresentation", .product(name: "Ink", package: "Ink")]
        ),
        // No dependencies, ShelfKit least of all: the module is loaded into processes holding ShelfKit.
        .target(name: "ShelfHTTP"),
        // `shelf` must not depend on ShelfHTTP: that would link libShelfHTTP.so, and with it
        // FoundationNetworking, at start-up again.
        .executableTarget(
            name: "shelf",
            dependencies: [
                "ShelfKit",
                "ShelfPresentation",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // The web UI, a program of its own that `shelf serve` runs: the server's libraries (NIO,
        // Hummingbird) are then never loaded by the other commands.
        .executableTarget(
            name: "shelf-serve",
            dependencies: [
                "ShelfKit",
                "ShelfPresentation",
                "CZlib",
                .product(name: "Hummingbird", package: "hummingbird"),
                // `--tls CERT KEY`: HTTPS through NIOSSL, for the live camera on a phone.
                .product(name: "HummingbirdTLS", package: "hummingbird"),
                .product(name: "Mustache", package: "swift-mustache"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
            ],
            path: "Sources/ShelfServe"
        ),
        .executableTarget(
            name: "shelf-bench-gen",
            dependencies: ["ShelfKit"],
            path: "Sources/BenchGenerator"
        ),
        // `make bench`'s floor row: walk, read and libyaml's event parse of every front matter, nothing kept.
        .executableTarget(
            name: "shelf-bench-floor",
            dependencies: ["CYAML"],
            path: "Sources/BenchFloor"
        ),
        // Test helpers both test targets use: a loopback HTTP server serving recorded-shape answers.
        .target(
            name: "ShelfTestSupport",
            path: "Tests/ShelfTestSupport"
        ),
        .testTarget(
            name: "ShelfKitTests",
            dependencies: ["ShelfKit", "ShelfPresentation", "ShelfTestSupport"],
            // Fixture files are read through #filePath, not bundled as resources.
            exclude: ["Fixtures", "Lookup/Fixtures", "Interchange/Fixtures"]
        ),
        .testTarget(
            name: "shelfTests",
            // Depends on the executable so that `swift build --build-tests` builds the binary
            // the end-to-end tests run.
            dependencies: ["ShelfKit", "shelf", "shelf-serve", "ShelfTestSupport"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
