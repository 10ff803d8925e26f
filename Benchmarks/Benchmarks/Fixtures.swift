import CBenchmarkSupport
import Impostor

/// `int32_t f(int32_t, int32_t)`, the signature of rows 1 to 5, 7 and 10.
typealias BinaryFunction = @convention(c) (Int32, Int32) -> Int32

/// `Vec2 f(Vec2, int)`, the struct-by-value signature of row 6.
typealias Vec2Function = @convention(c) (Vec2, Int32) -> Vec2

/// `int32_t f(void *context, const char *text)`, the text-capturing signature of row 3t.
typealias TextFunction = @convention(c) (UnsafeMutableRawPointer?, UnsafePointer<CChar>?) -> Int32
/// Rows 3b and 4b: `int32_t f(void *context, const char *buffer, size_t length)`.
typealias BufferFunction = @convention(c) (UnsafeMutableRawPointer?, UnsafePointer<CChar>?, Int) -> Int32

/// What every int32 loop passes and expects: `f(3, 5)` returns 8 once stubbed with `a + b`.
/// No newer stub of row 5 matches 3, so the call reaches the oldest stub.
enum Call {
    static let a: Int32 = 3
    static let b: Int32 = 5
    static let sum = Double(a + b)

    /// Row 6: `f(Vec2(1.5, 2.5), 2)` returns `Vec2(1.5 * 2, 2.5)`, whose `x + y` is 5.5.
    static let vector = Vec2(x: 1.5, y: 2.5)
    static let scale: Int32 = 2
    static let vectorChecksum = 5.5

    /// Row 3t: an ordinary string of 24 characters, as a log line or a key would be.
    static let text = "connection 7 established"
    /// Rows 3b and 4b: 31 bytes handed over with their length, as a write callback gets them.
    static let buffer = "GET /index.html HTTP/1.1\r\nHost:"
}

/// Why a row could not be measured.
struct BenchmarkError: Error, CustomStringConvertible {
    let description: String
}

/// The mocks the rows measure, each made the way a test would make it.
enum Fixtures {
    /// A mock nobody stubbed (rows 3 and 10): records every call and returns 0.
    static func unstubbed(in mockery: Mockery) throws -> BinaryFunction {
        try mockery.makeMock(of: BinaryFunction.self, named: "add")
    }

    /// Row 3t: a mock nobody stubbed whose `const char *` text is copied up to its NUL on
    /// every call (the default for `const char *`).
    static func textUnstubbed(in mockery: Mockery) throws -> TextFunction {
        try mockery.makeMock(of: TextFunction.self, named: "onText")
    }

    /// Row 3b: a mock nobody stubbed whose buffer is copied, its length from the next
    /// argument (the default for `const char *` followed by a `size_t`).
    static func bufferUnstubbed(in mockery: Mockery) throws -> BufferFunction {
        try mockery.makeMock(of: BufferFunction.self, named: "onWrite")
    }

    /// Row 4b: the same, with one stub answering with the length it was given.
    static func bufferStub(in mockery: Mockery) throws -> BufferFunction {
        let onWrite = try bufferUnstubbed(in: mockery)
        try stubbing(in: mockery) {
            stub(onWrite(any(), any(), any())).with { (_: UnsafeMutableRawPointer?, _: UnsafePointer<CChar>?, length: Int) in Int32(length) }
        }
        return onWrite
    }

    /// Row 4t: a text callback stubbed for one text, matched by its copy.
    static func textStub(in mockery: Mockery) throws -> TextFunction {
        let onText = try textUnstubbed(in: mockery)
        try stubbing(in: mockery) {
            stub(onText(any(), cString(Call.text))).returning(1)
        }
        return onText
    }

    /// Row 4: one stub with matchers on both arguments, answered by a block that returns a value.
    static func oneStub(in mockery: Mockery) throws -> BinaryFunction {
        let add = try mockery.makeMock(of: BinaryFunction.self, named: "add")
        try stubbing(in: mockery) {
            stub(add(any(), any())).with { (a: Int32, b: Int32) in a &+ b }
        }
        return add
    }

    /// Row 5: eleven stubs with matchers on both arguments. Newest stubs are tried first, so
    /// the call `add(3, 5)` fails the ten newer ones (`eq(100 + k)` on the first argument)
    /// and is answered by the oldest, `add(any(), eq(5))`.
    static func elevenStubs(in mockery: Mockery) throws -> BinaryFunction {
        let add = try mockery.makeMock(of: BinaryFunction.self, named: "add")
        try stubbing(in: mockery) {
            stub(add(any(), eq(5))).with { (a: Int32, b: Int32) in a &+ b }
            for k in Int32(0)..<10 {
                stub(add(eq(100 + k), any())).with { 0 }
            }
        }
        return add
    }

    /// Row 6e: expectations instead of stubs; the call is answered by the last of ten, after
    /// nine whose first argument does not match.
    static func tenthOfTenExpectations(in mockery: Mockery) throws -> BinaryFunction {
        let add = try mockery.makeMock(of: BinaryFunction.self, named: "add")
        try stubbing(in: mockery) {
            mockery.checking {
                for k in Int32(0)..<9 {
                    allowing(add(eq(100 + k), any())).will(returnValue(0))
                }
                allowing(add(any(), eq(5))).will(perform { (a: Int32, b: Int32) in a &+ b })
            }
        }
        return add
    }

    /// Row 6: a struct passed and returned by value, stubbed with a block that reads both.
    static func vec2Stub(in mockery: Mockery) throws -> Vec2Function {
        let scale = try mockery.makeMock(of: Vec2Function.self, named: "scale")
        try stubbing(in: mockery) {
            stub(scale(any(), any())).with { (v: Vec2, n: Int32) in Vec2(x: v.x * Float(n), y: v.y) }
        }
        return scale
    }

    /// Runs `body` with `mockery` current, turning any failure Impostor reports into an error.
    static func stubbing(in mockery: Mockery, _ body: () -> Void) throws {
        let failures = captureFailures { mockery.withCurrent(body) }
        if let first = failures.first {
            throw BenchmarkError(description: "stubbing failed: \(first.message)")
        }
    }
}
