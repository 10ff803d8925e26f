extension FailureMessages {
    // MARK: Test frameworks

    /// Printed once when XCTest runs tests but the ImpostorXCTest product is not linked.
    static let xctestWithoutImpostorXCTest =
        "Impostor: XCTest is running, but the ImpostorXCTest product is not linked, so Impostor's "
        + "failures cannot fail the XCTest case: they are printed here and fail the run when it exits. Add "
        + #".product(name: "ImpostorXCTest", package: "Impostor") to the test target's dependencies "#
        + "(nothing to import or set up).\n"
}
