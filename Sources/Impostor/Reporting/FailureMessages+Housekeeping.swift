// Texts for timed in-order verification, the call-order setting and placeholders of Swift
// closure mocks.

// MARK: Verification

extension FailureMessages {
    /// ``orderFailed(expected:found:missing:calls:)``'s text for `verifyInOrder(within:)`: the
    /// same lines, with the time allowed in the first (`Expected calls in this order within
    /// 0.05 seconds:`).
    static func orderFailed(
        expected: [any BoundPattern], found: [(any BoundPattern, UInt64)], missing: any BoundPattern, calls: [Invocation],
        within timeout: Duration
    ) -> String {
        let text = orderFailed(expected: expected, found: found, missing: missing, calls: calls)
        let rest = text.firstIndex(of: "\n").map { text[$0...] } ?? ""
        return "Expected calls in this order within \(timeout):" + rest
    }
}

// MARK: Call order

extension FailureMessages {
    /// An `IMPOSTOR_CALL_ORDER` value other than `counter` and `clock`, with the scheme in use
    /// instead.
    static func unknownCallOrder(_ value: String, inUse: String) -> String {
        "IMPOSTOR_CALL_ORDER=\"\(value)\" is not a setting Impostor knows; the values are \"counter\" "
            + "(order calls by a shared counter) and \"clock\" (by the processor's clock even where it is too "
            + "coarse to be chosen, to test its reading). Calls are ordered by the \(inUse)."
    }
}

// MARK: Trampolines

extension FailureMessages {
    /// An `IMPOSTOR_TRAMPOLINE` value other than `static` and `libffi`, with what mocks get instead.
    static func unknownTrampolineSetting(_ value: String) -> String {
        "IMPOSTOR_TRAMPOLINE=\"\(value)\" is not a setting Impostor knows; the values are \"static\" (the default) "
            + "and \"libffi\" (make every mock a libffi closure). Mocks get static trampolines where their signature allows."
    }
}

// MARK: Swift closure types

extension FailureMessages {
    /// A call to the closure handed out for a Swift closure type, which could not be mocked.
    static func callToFailedMock(_ name: String, returned value: String) -> String {
        "Call to mock \(name), which could not be created (see the failure at its creation); the call returned \(value)."
    }

    static func noDefaultForFailedMock(_ name: String, result: String) -> String {
        "Call to mock \(name), which could not be created (see the failure at its creation): no value of its return type "
            + "\(result) can be made up, so the test process stops here. Only C function pointers can be mocked: "
            + "write the type with `@convention(c)`."
    }

    static func noPlaceholderForSwiftClosure(_ name: String, type: String) -> String {
        "Cannot mock \(type) (mock \(name)): it is a Swift function type, and no placeholder of it can be made that is safe "
            + "to call, so the test process stops here. Write the type with `@convention(c)`, "
            + "as in `@convention(c) (Int32) -> Int32`."
    }
}
