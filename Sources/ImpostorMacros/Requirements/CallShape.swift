// One callable the mock records through a reference: a method, a getter, a setter or an
// initializer. The builders write its body, its `$` prototype and its reference from this.

struct CallShape {
    /// Unique per requirement within the protocol: `AlbumService.store(_:Int)`.
    var key: String
    /// The member's name in messages: `store`, `title.get`.
    var name: String
    var parameters: [Parameter]
    /// The result type the reference records (`Any` when it names a generic parameter).
    var result: String
    /// The declared result type, which an erased result is cast back to; nil when not erased.
    var castResult: String?
    var isAsync: Bool
    /// `Never`, `any Error` or the typed-throws error type.
    var failure: String
    /// Static requirements (and initializers) record on the mock type's `StaticMock`.
    var isStatic: Bool

    /// `Impostor.MockReference<UUID, Album, any Error>`.
    var referenceType: String {
        "\(RuntimeNames.mockReference)<\(typeArguments)>"
    }

    /// `Impostor.CallPrototype<UUID, Album, any Error>`.
    var prototypeType: String {
        "\(RuntimeNames.callPrototype)<\(typeArguments)>"
    }

    private var typeArguments: String {
        (parameters.map(\.recordedType) + [result, failure]).joined(separator: ", ")
    }

    /// The expression that finds this member's reference on `owner` (`self`, or a static mock).
    func reference(on owner: String) -> String {
        let async = isAsync ? ", isAsync: true" : ""
        return "\(owner).\(RuntimeNames.mockReferenceLookup)(\"\(key)\", named: \"\(name)\"\(async), as: \(referenceType).self)"
    }
}
