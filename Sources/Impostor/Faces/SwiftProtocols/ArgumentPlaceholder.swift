/// A Swift type whose values can stand in for a matcher inside a prototype call, such as
/// `stub(converter.convert(any()))` or `verify(printer.print(eq("Hello!")))`.
///
/// A matcher written in argument position returns a placeholder of the argument's type, which
/// Impostor recognises when the mock records the call. Plain-data types (integers, floating
/// point, `Bool`, C types, `UUID`, enums without payloads) need nothing: their placeholders are
/// bit patterns. `String`, and arrays and Optionals of placeholder types, adopt this protocol.
/// Adopt it for your own Equatable types to use them in prototypes:
///
/// ```swift
/// extension Album: ArgumentPlaceholder {
///     public static func placeholder(_ seed: Int) -> Album { Album(id: UUID(), title: "placeholder \(seed)") }
/// }
/// ```
///
/// For any other type (classes, closures, structs holding references), pass matchers to the
/// member's reference instead: `stub(albums.saveRef, identical(album))`.
public protocol ArgumentPlaceholder: Equatable {
    /// A value different for each `seed`, which code under test would never pass itself.
    static func placeholder(_ seed: Int) -> Self
}

extension String: ArgumentPlaceholder {
    /// `"\u{1F}Impostor placeholder 3"`: a control character code does not put in text.
    public static func placeholder(_ seed: Int) -> String { "\u{1F}Impostor placeholder \(seed)" }
}

extension Array: ArgumentPlaceholder where Element: ArgumentPlaceholder {
    /// A one-element array holding the element's placeholder.
    public static func placeholder(_ seed: Int) -> [Element] { [Element.placeholder(seed)] }
}

extension Optional: ArgumentPlaceholder where Wrapped: ArgumentPlaceholder {
    /// The wrapped type's placeholder.
    public static func placeholder(_ seed: Int) -> Wrapped? { .some(Wrapped.placeholder(seed)) }
}
