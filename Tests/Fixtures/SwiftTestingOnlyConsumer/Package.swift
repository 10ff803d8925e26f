// swift-tools-version: 6.1
// A package that tests with Swift Testing only and also imports libxml2, whose Debian headers
// pull in ICU. It must build without XCTest or Foundation: if Impostor imported XCTest,
// Foundation's `_FoundationICU` module would meet the system ICU headers in the test target
// and the build would fail ("'UErrorCode' has different definitions in different modules").
// CI builds and runs it (see .ci/run).
import PackageDescription

let package = Package(
    name: "SwiftTestingOnlyConsumer",
    dependencies: [
        .package(name: "Impostor", path: "../../.."),
    ],
    targets: [
        // libxml2 from the system (Debian: libxml2-dev, built with ICU).
        .systemLibrary(
            name: "CLibXML2",
            path: "Sources/CLibXML2",
            pkgConfig: "libxml-2.0",
            providers: [.apt(["libxml2-dev"])]
        ),
        .testTarget(
            name: "ConsumerTests",
            dependencies: [
                "CLibXML2",
                .product(name: "Impostor", package: "Impostor"),
            ],
            path: "Tests/ConsumerTests"
        ),
    ],
    swiftLanguageModes: [.v6]
)
