extension FailureMessages {
    // MARK: Test frameworks

    /// Printed once when XCTest runs tests but the ImpostorXCTest product is not linked.
    static let xctestWithoutImpostorXCTest =
        "Impostor: XCTest is running, but the ImpostorXCTest product is not linked, so Impostor's "
        + "failures cannot fail the XCTest case and are only printed here. Add "
        + #".product(name: "ImpostorXCTest", package: "Impostor") to the test target's dependencies "#
        + "(nothing to import or set up).\n"

    /// A failure printed to standard error because no test framework can take it.
    static func unreportedFailure(_ failure: ImpostorFailure) -> String {
        "Impostor failure: \(failure)\n"
    }
}
