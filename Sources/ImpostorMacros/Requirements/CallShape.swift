// One callable the mock records through a reference: a method, a getter, a setter or an
// initializer. The builders write its body, its `$` prototype and its reference from this.

struct CallShape {
    /// The name of the requirement's key in the protocol's keys enum, unique within it:
    /// `key_store`, `key_store_2`, `key_title_get`.
    var key: String
    /// The member's name in messages: `store`, `title.get`.
    var name: String
    /// The name its reference is made with: a method's or initializer's selector
    /// (`store(_:times:)`), so that messages show its argument labels, else `name`.
    var referenceName: String
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

    /// The keys enum the builders name this member's key in (`_MockKeys_AlbumService`, or
    /// `Outer._MockKeys_AlbumService` for a nested protocol); set when the extension is built.
    var keysType = ""

    /// The expression that finds this member's reference on `owner` (`self`, or a static mock).
    func reference(on owner: String) -> String {
        "\(owner).\(RuntimeNames.mockReferenceLookup)(\(keysType).\(key), as: \(referenceType).self)"
    }

    /// `store(_:times:)`: `name` and a label, or `_`, for each parameter; `name` alone without any.
    static func selector(_ name: String, _ parameters: [Parameter]) -> String {
        parameters.isEmpty ? name : name + "(" + parameters.map { TypeText.unquoted($0.label ?? "_") + ":" }.joined() + ")"
    }
}
