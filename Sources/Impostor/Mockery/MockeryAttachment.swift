/// What a face keeps in each ``Mockery`` (the Swift mocks made in it, the symbols rebound to
/// its mocks), released with the Mockery.
///
/// The Mockery knows a face only through this protocol, so that a face plugs into it instead
/// of the Mockery carrying the face's fields. Each attachment is made empty on first use
/// (`Mockery.attachment(_:)`), one per type in each Mockery.
protocol MockeryAttachment: AnyObject, Sendable {
    /// An empty attachment, made by the Mockery on first use.
    init()
    /// The first step of the Mockery's release, before its expectations are checked: once
    /// this returns, no call reaches the face's mocks through the face (a rebound slot is put
    /// back). Problems go to `pending`.
    func detach(reportingTo pending: PendingFailures)
    /// The last step of the release, after the Mockery's function-pointer mocks are released:
    /// the face's own mocks report their calls from now on.
    func release()
}

extension MockeryAttachment {
    func detach(reportingTo pending: PendingFailures) {}
    func release() {}
}
