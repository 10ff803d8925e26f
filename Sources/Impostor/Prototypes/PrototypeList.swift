/// Collects the mock calls of a grouped prototype (`stub { }`, `verify { }`,
/// `verifyInOrder { }`), of any result types, without "unused result" warnings.
@resultBuilder
public enum PrototypeList {
    /// One mock call.
    public static func buildExpression<Result>(_ call: Result) {}

    /// The calls, in order.
    public static func buildBlock(_ calls: Void...) {}
}
