/// One failure Impostor reports: what went wrong, and the source line it concerns.
public struct ImpostorFailure: Error, Sendable, CustomStringConvertible, Equatable {
    /// The full text shown to the user.
    public let message: String
    /// The line the failure is reported at: the mock's creation, a stub, a verify or an
    /// expectation, or a typed access, whichever the failure concerns.
    public let site: SourceSite
    /// True for a warning (an uninteresting call to a mock of a naggy ``Mockery``): reported
    /// as a Swift Testing warning, or printed, but never failing a test.
    public let isWarning: Bool

    /// Creates a failure, or a warning.
    public init(message: String, site: SourceSite, isWarning: Bool = false) {
        self.message = message
        self.site = site
        self.isWarning = isWarning
    }

    /// `Module/File.swift:12:5: message`.
    public var description: String { "\(site): \(message)" }
}
