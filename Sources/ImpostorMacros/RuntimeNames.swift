// Every runtime symbol the generated code names, spelled once and module-qualified, so that a
// user type named like one (`Mock`, `Matcher`) never captures the generated code.
enum RuntimeNames {
    static let module = "Impostor"
    static let mock = "Impostor.Mock"
    static let mocking = "Impostor.Mocking"
    static let mockCore = "Impostor.MockCore"
    static let mockConstructible = "Impostor._MockConstructible"
    static let mockReference = "Impostor.MockReference"
    static let callPrototype = "Impostor.CallPrototype"
    static let propertyPrototype = "Impostor.PropertyPrototype"
    static let settablePropertyPrototype = "Impostor.SettablePropertyPrototype"
    static let matcher = "Impostor.Matcher"
    static let anyMatcher = "Impostor.any()"
    static let nonEscapingClosure = "Impostor.NonEscapingClosure"
    static let inoutArgument = "Impostor.InoutArgument"
    /// The member of `Matcher` that tests an `InoutArgument`'s value passed.
    static let inoutMatcher = "_inoutArgument"
    static let staticMock = "Impostor.StaticMock._of"
    static let mockCast = "Impostor._mockCast"
    /// The member of `Mocking` that finds a generated member's reference by its key.
    static let mockReferenceLookup = "_mockReference"
    /// A requirement's key, one per process, in the enum beside the protocol.
    static let memberKey = "Impostor._MockMemberKey"
    /// What the keys enum's name starts with; the macro declares the name `prefixed(_MockKeys_)`.
    static let keysPrefix = "_MockKeys_"
    /// The member of `Mocking` that records a call and answers it.
    static let call = "call"
}
