import CImpostorTestSupport
import Impostor
import Testing

/// Reading a recorded call with the wrong type or index is a located failure that returns the
/// zero value, never a reinterpretation of the bytes.
@Suite struct TypedAccessTests {
    private func recordedCall() throws -> Invocation {
        let add = mockFunction(of: ct_binary_i32.self, named: "typed_add")
        #expect(ct_call_binary_i32(add, 7, -9) == 0)
        return try #require(invocations(of: add).first)
    }

    @Test func wrongArgumentTypeReportsAtTheLineAndReturnsZero() throws {
        let call = try recordedCall()
        var wide: Int64 = -1
        var unsigned: UInt32 = 1
        var lines: [Int] = []
        let failures = captureFailures {
            lines.append(#line + 1)
            wide = call.argument(0, as: Int64.self)
            lines.append(#line + 1)
            unsigned = call.argument(1, as: UInt32.self)
        }
        #expect(wide == 0)
        #expect(unsigned == 0)
        #expect(failures.map(\.message) == [
            "Cannot read argument 0 of a call to typed_add as Int64: that parameter is Int32. Use `argument(0, as: Int32.self)`.",
            "Cannot read argument 1 of a call to typed_add as UInt32: that parameter is Int32. Use `argument(1, as: Int32.self)`.",
        ])
        #expect(failures.map(\.site.line) == lines)
        // The right type still reads the recorded values.
        #expect(call.argument(0, as: Int32.self) == 7)
        #expect(call.argument(1, as: Int32.self) == -9)
    }

    @Test func indexOutOfRangeReportsAndReturnsZero() throws {
        let call = try recordedCall()
        var values: [Int32] = []
        var line = 0
        let failures = captureFailures {
            line = #line + 1
            values.append(call.argument(2, as: Int32.self))
            values.append(call.argument(-1, as: Int32.self))
        }
        #expect(values == [0, 0])
        #expect(failures.map(\.message) == [
            "Cannot read argument 2 of a call to typed_add: it takes 2 arguments (indices 0..<2).",
            "Cannot read argument -1 of a call to typed_add: it takes 2 arguments (indices 0..<2).",
        ])
        #expect(failures.map(\.site.line) == [line, line + 1])
    }

    @Test func indexOutOfRangeOfAOneParameterFunction() throws {
        let log = mockFunction(of: ct_fn_log.self, named: "typed_log")
        log(nil)
        let call = try #require(invocations(of: log).first)
        let failures = captureFailures { #expect(call.argument(1, as: Int32.self) == 0) }
        #expect(failures.map(\.message) == ["Cannot read argument 1 of a call to typed_log: it takes 1 argument (indices 0..<1)."])
    }

    @Test func wrongPointerAndStructTypes() throws {
        let pointers = try callOnce(ct_fn_ptr.self, named: "typed_ptr") { ct_call_ptr($0, nil) }
        var expected = ct_int_float()
        let structs = try callOnce(ct_fn_int_float.self, named: "typed_struct") { ct_zoo_int_float($0, &expected) }
        var pointer: UnsafeRawPointer? = UnsafeRawPointer(bitPattern: 1)
        var wrongStruct = ct_int2(a: 1, b: 1)
        let failures = captureFailures {
            pointer = pointers.argument(1, as: UnsafeRawPointer?.self)
            wrongStruct = structs.argument(1, as: ct_int2.self)
        }
        #expect(pointer == nil)
        #expect(wrongStruct.a == 0 && wrongStruct.b == 0)
        #expect(failures.map(\.message) == [
            "Cannot read argument 1 of a call to typed_ptr as UnsafeRawPointer?: that parameter is "
                + "UnsafeMutableRawPointer?. Use `argument(1, as: UnsafeMutableRawPointer?.self)`.",
            "Cannot read argument 1 of a call to typed_struct as ct_int2: that parameter is ct_int_float. "
                + "Use `argument(1, as: ct_int_float.self)`.",
        ])
    }

    @Test func wrongReturnTypeReportsAndReturnsZero() throws {
        let call = try recordedCall()
        let log = mockFunction(of: ct_fn_log.self, named: "typed_void")
        log(nil)
        let voidCall = try #require(invocations(of: log).first)
        var wide: Int64 = -1
        var fromVoid: Int32 = -1
        var line = 0
        let failures = captureFailures {
            line = #line + 1
            wide = call.returnValue(as: Int64.self)
            fromVoid = voidCall.returnValue(as: Int32.self)
        }
        #expect(wide == 0)
        #expect(fromVoid == 0)
        #expect(failures.map(\.message) == [
            "Cannot read the return value of a call to typed_add as Int64: the function returns Int32.",
            "Cannot read the return value of a call to typed_void as Int32: the function returns Void.",
        ])
        #expect(failures.map(\.site.line) == [line, line + 1])
        #expect(call.returnValue(as: Int32.self) == 0)
    }

    /// Text of an `Int32` is a mistake, reported as `argument(i, as:)` reports a wrong type,
    /// like text of a pointer to something other than characters; the answer is nil.
    @Test func cStringOfANonPointerParameterIsNilWithAFailure() throws {
        let call = try recordedCall()
        var text: String? = "unchanged"
        let failures = captureFailures { text = call.cString(0) }
        #expect(text == nil)
        #expect(failures.map(\.message) == [
            "Cannot read the text argument 0 of a call to typed_add points to: that parameter is Int32, not a pointer. Use `argument(0, as: Int32.self)`."
        ])
    }

    @Test func invocationsOfAFunctionThatIsNotAMock() {
        var calls: [Invocation] = []
        var line = 0
        let failures = captureFailures {
            line = #line + 1
            calls = invocations(of: ct_negate as ct_unary_i32)
        }
        #expect(calls.isEmpty)
        #expect(failures.map(\.message) == [
            "@convention(c) (Int32) -> Int32 is not a mock made by Impostor: pass the function pointer mockFunction returned.",
        ])
        #expect(failures.first?.site.line == line)
    }
}
