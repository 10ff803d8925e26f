// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "Impostor",
    products: [
        .library(name: "Impostor", targets: ["Impostor"]),
    ],
    targets: [
        // libffi from the system (Debian: libffi-dev). A missing library gives SwiftPM's install hint.
        .systemLibrary(
            name: "CLibFFI",
            path: "CSupport/CLibFFI",
            pkgConfig: "libffi",
            providers: [.apt(["libffi-dev"])]
        ),
        // Closure allocation and preparation, libffi type accessors, thread-local recording state.
        .target(
            name: "CImpostor",
            dependencies: ["CLibFFI"],
            path: "CSupport/CImpostor",
            linkerSettings: [.linkedLibrary("ffi")]
        ),
        .target(
            name: "Impostor",
            dependencies: ["CImpostor"],
            path: "Sources/Impostor"
        ),
        // Test-only C code that calls mocks the way a C library would.
        .target(
            name: "CImpostorTestSupport",
            path: "Tests/CImpostorTestSupport"
        ),
        .testTarget(
            name: "ImpostorTests",
            dependencies: ["Impostor", "CImpostorTestSupport"],
            path: "Tests/ImpostorTests"
        ),
        // C loops and baselines for the benchmark executable.
        .target(
            name: "CBenchmarkSupport",
            dependencies: ["CLibFFI"],
            path: "Benchmarks/CBenchmarkSupport",
            linkerSettings: [.linkedLibrary("ffi")]
        ),
        .executableTarget(
            name: "Benchmarks",
            dependencies: ["Impostor", "CBenchmarkSupport"],
            path: "Benchmarks/Benchmarks"
        ),
    ],
    swiftLanguageModes: [.v6]
)
