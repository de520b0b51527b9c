// swift-tools-version: 6.0
// A libFuzzer harness for ShelfKit's readers. Built and run by scripts/fuzz.sh:
//
//   swift build -c release --package-path Fuzz --scratch-path .build-fuzz \
//       -Xswiftc -sanitize=fuzzer,address -Xswiftc -parse-as-library
//
// It is a package of its own so that the main package's `swift build` never needs the fuzzer
// runtime.
import PackageDescription

let package = Package(
    name: "shelf-fuzz",
    platforms: [.macOS(.v13)],
    dependencies: [
        // The main package, one folder up. Named so that the product reference below does not
        // depend on the name of the folder the repository is checked out in.
        .package(name: "shelf", path: ".."),
    ],
    targets: [
        .executableTarget(
            name: "shelf-fuzz",
            dependencies: [.product(name: "ShelfKit", package: "shelf")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
