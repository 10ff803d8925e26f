import Synchronization

/// Captures the values an argument had in the calls a `verify` or `stub` matched, in call order.
///
/// ```swift
/// let sizes = ArgumentCaptor<Int32>()
/// verify(.exactly(2), resize(any(), sizes.capture()))
/// #expect(sizes.values == [640, 1024])
/// ```
///
/// In a `verify`, values are captured from the matching recorded calls; in a `stub`, from each
/// matching call as it happens. A captor accepts any value.
public final class ArgumentCaptor<Value>: Sendable {
    private let storage = CapturedValues<Value>()

    /// Creates an empty captor.
    public init() {}

    /// Puts the captor in place of an argument.
    public func capture(
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
    ) -> Value {
        record(Matcher<Value>("capture()") { _ in true }, SourceSite(fileID: fileID, filePath: filePath, line: line, column: column)) {
            [storage] slot in storage.append(slot.load(as: Value.self))
        }
    }

    /// Every captured value, in call order.
    public var values: [Value] { storage.all }

    /// The last captured value, or nil when nothing was captured.
    public var value: Value? { values.last }
}

/// Captures the text of a text argument (`const char *`, `const xmlChar *`, …) as it was
/// copied at call time.
///
/// ```swift
/// let messages = CStringCaptor()
/// verify(.atLeast(1), log(messages.capture()))
/// #expect(messages.values == ["ready"])
/// ```
///
/// A NULL argument, or one nothing was copied from, is captured as nil.
public final class CStringCaptor: Sendable {
    private let storage = CapturedValues<String?>()

    /// Creates an empty captor.
    public init() {}

    /// Puts the captor in place of a text argument.
    public func capture<Pointer: CTextPointer>(
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
    ) -> Pointer {
        record(Matcher<Pointer>("capture()") { _ in true },
               SourceSite(fileID: fileID, filePath: filePath, line: line, column: column),
               onMatch: { [storage] slot in storage.append(slot.text().value) }, pointerReading: textReading)
    }

    /// Every captured string (nil for NULL), in call order.
    public var values: [String?] { storage.all }
}

/// Captures the bytes a pointer argument pointed to, as copied at call time: a buffer's whole
/// length (see ``PointerCapture``).
///
/// ```swift
/// let written = BufferCaptor()
/// verify(.once, write(any(), written.capture(), any()))
/// #expect(written.values == [Array("hello".utf8)])
/// ```
///
/// A NULL argument, or one nothing was copied from, is captured as nil.
public final class BufferCaptor: Sendable {
    private let storage = CapturedValues<[UInt8]?>()

    /// Creates an empty captor.
    public init() {}

    /// Puts the captor in place of a pointer argument.
    public func capture<Pointer>(
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
    ) -> Pointer {
        record(Matcher<Pointer>("capture()") { _ in true },
               SourceSite(fileID: fileID, filePath: filePath, line: line, column: column),
               onMatch: { [storage] slot in storage.append(slot.captured().value?.bytes) }, pointerReading: bytesReading(1))
    }

    /// Every captured buffer (nil for NULL), in call order.
    public var values: [[UInt8]?] { storage.all }
}

/// Captures the value a pointer argument pointed to, as copied at call time.
///
/// Works in `stub(...)` and in `verify(...)` alike: the pointee is copied when the call
/// arrives (by default for typed pointers such as `const struct point *`; see
/// ``PointerCapture``), so nothing is read after the caller's memory may be gone.
public final class PointeeCaptor<Pointee>: Sendable {
    private let storage = CapturedValues<Pointee?>()

    /// Creates an empty captor.
    public init() {}

    /// Puts the captor in place of a pointer argument.
    public func capture<Pointer>(
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
    ) -> Pointer {
        TrivialValue.requireTrivial(Pointee.self)
        let site = SourceSite(fileID: fileID, filePath: filePath, line: line, column: column)
        return record(Matcher<Pointer>("capture()") { _ in true }, site, onMatch: { [storage] slot in
            storage.append(slot.pointee(as: Pointee.self).value)
        }, pointerReading: pointeeReading(Pointee.self))
    }

    /// Every captured pointee (nil for NULL), in call order.
    public var values: [Pointee?] { storage.all }
}

/// Captured values, appended from any calling thread.
private final class CapturedValues<Element>: @unchecked Sendable {
    // @unchecked: `values` is only touched under `lock`. Elements are C values (bitwise
    // copies) or strings, so handing them across threads is safe.
    private let lock = Locked(())
    private var values: [Element] = []

    func append(_ value: Element) { lock.withLock { _ in values.append(value) } }

    var all: [Element] { lock.withLock { _ in values } }
}
