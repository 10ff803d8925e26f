/// One call a mock received: its arguments as copied at call time, the value it returned,
/// when and on which thread it happened.
///
/// C mocks and Swift mocks produce the same records, ordered by one stamp. A C mock's
/// arguments are the bytes copied at call time; a Swift mock's are the values the caller
/// passed, kept as they are (strings, classes, closures, existentials).
///
/// Get them with ``invocations(of:fileID:filePath:line:column:)`` (or `calls(to:)` on a
/// Swift mock):
///
/// ```swift
/// let calls = invocations(of: compare)
/// let first = calls[0].argument(0, as: UnsafeRawPointer?.self)
/// print(calls[0])   // compare(0x00007ffd5c1e3a10, 0x00007ffd5c1e3a14) -> -1
/// ```
public struct Invocation: Sendable, CustomStringConvertible {
    /// The name the mock was given at creation.
    public let mockName: String
    /// The call's ordering stamp: its place in the order of all calls to all mocks in this
    /// process, a call with a smaller stamp having arrived earlier.
    ///
    /// A stamp is not a count: stamps grow with time and skip. Calls the program orders (on one
    /// thread, or on threads synchronized by a lock, a join or a queue) get increasing stamps;
    /// calls that race get either order. Failure messages number calls by their place instead
    /// (`call #1` is a mock's first call).
    public var stamp: UInt64 { call.stamp }

    /// The call's ordering stamp, under its former name.
    @available(*, deprecated, renamed: "stamp")
    public var sequenceNumber: UInt64 { stamp }
    /// The thread the call was made on.
    public var thread: CallingThread { CallingThread(id: call.thread) }
    /// How many arguments the call had.
    public var argumentCount: Int { call.argumentCount }
    /// False for a call whose answer never returned to its caller: a stub block or action that
    /// left with `longjmp` (the way libjpeg's `error_exit` or Lua's `lua_error` fail a callback),
    /// or one still running on another thread when the calls were read.
    ///
    /// A C mock's call is recorded before its answer runs, so such a call is in the log like any
    /// other: `verify`, `.never`, in-order checks, captors and expectations all count it. It has
    /// no return value (``returnValue(as:fileID:filePath:line:column:)`` reports that), and it
    /// prints as `decode(0x00007ffd5c1e3a10) (did not return)`. A Swift protocol mock's call is
    /// recorded once it is answered, so this is always true for it.
    public var didReturn: Bool { call.didReturn }

    /// What the call left, read the way its kind of mock keeps it.
    let call: any RecordedCall
    /// A C mock's record, as its entry point or handler wrote it; nil for a Swift member's call.
    var record: CallRecord? { (call as? LaidOutCall)?.record }

    /// The fault a schedule injected into the call, if one did (see
    /// ``Stubbing/failing(_:returning:errno:fileID:filePath:line:column:)``).
    public let injectedFault: InjectedFault?

    init(mockName: String, call: any RecordedCall, fault: InjectedFault? = nil) {
        self.mockName = mockName
        self.call = call
        injectedFault = fault
    }

    /// A C mock's call: its record's bytes, read through the mock's signature.
    init(mockName: String, signature: Signature, record: CallRecord, fault: InjectedFault? = nil) {
        self.init(mockName: mockName, call: LaidOutCall(signature: signature, record: record), fault: fault)
    }

    /// Argument `index` (from 0) as a value of its parameter type.
    ///
    /// `T` must be the parameter's own type, as Swift imports it (`Int32` for C `int`,
    /// `UnsafeRawPointer?` for `const void *`): a different type is reported as a failure at
    /// this line and the zero value is returned, never a reinterpretation of the bytes. So is
    /// an index out of range.
    public func argument<T>(
        _ index: Int, as type: T.Type = T.self,
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
    ) -> T {
        call.argument(index, as: T.self, mock: mockName, site: SourceSite(fileID: fileID, filePath: filePath, line: line, column: column))
    }

    /// The text a pointer argument pointed to, as copied when the call was made (up to the NUL
    /// for a `const char *`, the buffer's length for a (buffer, length) pair; see
    /// ``PointerCapture``), or nil for a NULL pointer, a parameter nothing was copied from (reported
    /// at this line, with the `capturing:` declaration that would copy it), or
    /// memory that could not be read when the call arrived (``description`` shows it as
    /// `unreadable at call time (0x…)`).
    ///
    /// For `char *`, `unsigned char *` and `void *` parameters (and their `const` forms). A
    /// pointer to anything else (`char **`, `int *`, a struct) is reported as a failure at this
    /// line and nil is returned, never its bytes read as text; so are a parameter that is not a
    /// pointer and an index out of range.
    public func cString(
        _ index: Int,
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
    ) -> String? {
        call.memory(index, text: true, mock: mockName, site: SourceSite(fileID: fileID, filePath: filePath, line: line, column: column))?.text
    }

    /// The bytes a pointer argument pointed to, as copied when the call was made: a buffer's
    /// whole length, a typed pointer's pointee, or what `capturing:` declared (see
    /// ``PointerCapture``). Nil for a NULL pointer, a parameter nothing was copied from (reported
    /// at this line, with the `capturing:` declaration that would copy it), or
    /// memory that could not be read when the call arrived (``description`` shows it as
    /// `unreadable at call time (0x…)`).
    ///
    /// A parameter that is not a pointer, or an index out of range, is reported as a failure
    /// at this line and nil is returned.
    public func bytes(
        _ index: Int,
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
    ) -> [UInt8]? {
        call.memory(index, text: false, mock: mockName, site: SourceSite(fileID: fileID, filePath: filePath, line: line, column: column))?.bytes
    }

    /// The value the mock returned to its caller, as a value of the function's return type.
    ///
    /// A different type (or a `Void` function) is reported as a failure at this line and the
    /// zero value is returned.
    public func returnValue<T>(
        as type: T.Type = T.self,
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
    ) -> T {
        call.result(
            as: T.self, mock: mockName, callText: { callText },
            site: SourceSite(fileID: fileID, filePath: filePath, line: line, column: column))
    }

    /// Each argument formatted for messages: structs field by field, C strings quoted,
    /// pointers in hex.
    public var formattedArguments: [String] { call.formattedArguments }

    /// The return value formatted for messages; nil for a `Void` function and for a call that
    /// did not return (see ``didReturn``).
    public var formattedResult: String? { call.formattedResult }

    /// `add(1, 2) -> 3`; `log("ready", 0x00007f…)` for a `Void` function;
    /// `decode(0x00007f…) (did not return)` for a call whose answer never returned;
    /// `finder.didFind(path: "a.txt", size: 3)` for a Swift member with argument labels.
    public var description: String { callText }

    private var callText: String { call.text(mockName: mockName) + resultSuffix }

    /// What follows the arguments when the call is listed: ` -> 3`, nothing for a `Void`
    /// function, or that the call did not return.
    var resultSuffix: String {
        if !didReturn { return " " + FailureMessages.didNotReturn }
        let fault = injectedFault.map { " " + FailureMessages.injectedFault(errno: $0.errno) } ?? ""
        guard let result = formattedResult else { return fault }
        return " -> " + result + fault
    }
}
