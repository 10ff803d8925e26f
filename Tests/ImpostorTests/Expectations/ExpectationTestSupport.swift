import CImpostorTestSupport
import Impostor
import Testing

// Shared by the expectation suites.

/// A subscriber callback, as the C publisher calls it: its context, then the message.
typealias Subscriber = @convention(c) (UnsafeMutableRawPointer?, UnsafePointer<CChar>?) -> Void
typealias Binary = @convention(c) (Int32, Int32) -> Int32
typealias Nullary = @convention(c) () -> Int32
typealias Counter = @convention(c) (Int32, Int32) -> Int32

/// A C publisher with `subscribers` added in order (each with its own context), freed after
/// `body`.
func withPublisher(_ subscribers: [(Subscriber, UnsafeMutableRawPointer?)], _ body: (OpaquePointer) -> Void) {
    let publisher = ce_publisher_new()!
    defer { ce_publisher_free(publisher) }
    for (subscriber, context) in subscribers { ce_publisher_add(publisher, subscriber, context) }
    body(publisher)
}

/// Runs `body` with a Mockery of its own and returns every failure raised meanwhile,
/// including those its check reports and those of its release.
func expectationFailures(
    _ name: String = "context", strictness: Strictness = .nice, _ body: (Mockery) -> Void
) -> [ImpostorFailure] {
    captureFailures {
        let context = Mockery(name, strictness: strictness)
        body(context)
        context.assertIsSatisfied()
    }
}

extension [ImpostorFailure] {
    /// The messages, for `#expect` comparisons.
    var messages: [String] { map(\.message) }
}
