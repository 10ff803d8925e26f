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

    static func sweepLimitTooSmall(_ limit: Int) -> String {
        "faultSweep(..., limit: \(limit)) can make no run: the limit counts runs and must be at least 1. Nothing was swept."
    }

    static func sweepWithoutMatchingCall(_ prototype: String) -> String {
        "faultSweep(\(prototype), ...) injected no fault: the body made no call that \(prototype) selects, so every "
            + "run would be the same. Check the prototype's matchers and that the body reaches the function."
    }

    static func sweepLimitReached(_ prototype: String, limit: Int) -> String {
        "faultSweep(\(prototype), ...) stopped at its limit of \(limit) runs while the body still made \(limit) or more "
            + "calls that \(prototype) selects: the runs after it were not made. Raise limit: to sweep them all."
    }

    static let isolatedSweepOutsideATest =
        "faultSweep(..., isolation: .childProcess()) runs the current Swift Testing test again in a child process, and "
        + "no Swift Testing test is running here. Call it from a @Test, or sweep in-process (isolation: .none)."

    static func isolatedSweepInParameterizedTest(_ name: String) -> String {
        "faultSweep(..., isolation: .childProcess()) cannot isolate the runs of \(name): it is parameterized, and a child "
            + "process can run only all of its cases. Move the sweep into a test without arguments, or sweep in-process."
    }

    static func isolatedSweepNotReached(_ prototype: String, output: String) -> String {
        "faultSweep(\(prototype), isolation: .childProcess()) ran the test again in a child process, which ended without "
            + "reaching the sweep (a test that takes another path in a child, or a filter that found no test). The end of "
            + "its output:\n\(output)"
    }

    static func isolatedSweepBaselineCrashed(_ prototype: String, ending: String, output: String?) -> String {
        "faultSweep(\(prototype), isolation: .childProcess()) first runs the body in a child process with no fault injected, "
            + "and that child ended (\(ending)): the body fails without any fault, so no run could tell what a fault does."
            + (output.map { " It printed last:\n" + $0 } ?? "")
    }
}
