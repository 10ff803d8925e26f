// The matcher behind the unconstrained `eq(_:)`, used where the compiler does not know the
// argument's type to be Equatable: imported C structs, and Swift values in generic code (a
// generic member of a Swift protocol mock, a helper written over `T`).

/// Equality with `value`, decided by what `T` is at run time:
/// - a C type (number, pointer, C enum, C struct): compared as C compares it, field by field
///   (floating-point fields by value, padding never), with the bytes as its literal;
/// - `Equatable`: compared with `==`;
/// - other trivial values (a Swift struct of numbers that is not `Equatable`): compared byte by
///   byte;
/// - anything else (a class, a struct holding references): never matches, and the
///   description says why, since no comparison would be right.
func genericEqualityMatcher<T>(_ value: T) -> Matcher<T> {
    if let leaves = SignatureCache.leaves(of: T.self) { return fieldwiseMatcher(value, leaves: leaves) }
    if let equatable = T.self as? any Equatable.Type { return equalityMatcher(value, comparedAs: equatable) }
    if _isPOD(T.self) { return fieldwiseMatcher(value, leaves: [ValueLeaf(offset: 0, size: MemoryLayout<T>.size, kind: .bytes)]) }
    return Matcher(
        test: Matcher<T>.Test(isAny: false, value: { _ in false }, slot: { _ in false }),
        description: FailureMessages.notEquatable(ValueFormatter.describeSwiftValue(value), type: TypeMetadata.name(of: T.self)))
}

private func fieldwiseMatcher<T>(_ value: T, leaves: [ValueLeaf]) -> Matcher<T> {
    let bytes = Sentinel.bytes(of: value)
    return Matcher(
        test: .slot { $0.isEqual(to: bytes, leaves: leaves) }, description: "eq(\(ValueFormatter.describe(value)))",
        literal: LiteralValue(bytes: bytes, leaves: leaves))
}

/// `==` on `E`, which is `T` itself: the casts only tell the compiler so.
private func equalityMatcher<T, E: Equatable>(_ value: T, comparedAs _: E.Type) -> Matcher<T> {
    let expected = value as? E
    return Matcher(test: .value { $0 as? E == expected }, description: "eq(\(ValueFormatter.describeSwiftValue(value)))")
}
