#if canImport(Glibc)
import Glibc
#endif

// Failure texts of fault injection: failing stubs and sweeps.
extension FailureMessages {
    static func invalidFaultSchedule(_ schedule: String, _ problem: String) -> String {
        "failing(\(schedule), ...) can fail no call: \(problem). The stub was not added."
    }

    static func faultOnSwiftMember(_ name: String, schedule: String) -> String {
        "Cannot make \(name) fail with failing(\(schedule), ...): fault schedules fail C functions, which return a value "
            + "and set errno. A Swift member fails by throwing: stub it with throwing(...) or a block that throws. "
            + "The stub was not added."
    }

    /// How a failed call is listed after its result: `(injected fault, errno 28: No space left on device)`.
    static func injectedFault(errno: Int32?) -> String {
        guard let errno else { return "(injected fault)" }
        return "(injected fault, errno \(errno): \(String(cString: strerror(errno))))"
    }

    static func sweepWithoutMatchingCall(_ prototype: String) -> String {
        "faultSweep(\(prototype), ...) injected no fault: the body made no call that \(prototype) selects, so every "
            + "run would be the same. Check the prototype's matchers and that the body reaches the function."
    }

    static func sweepLimitReached(_ prototype: String, limit: Int) -> String {
        "faultSweep(\(prototype), ...) stopped at its limit of \(limit) runs while the body still made \(limit) or more "
            + "calls that \(prototype) selects: the runs after it were not made. Raise limit: to sweep them all."
    }
}
