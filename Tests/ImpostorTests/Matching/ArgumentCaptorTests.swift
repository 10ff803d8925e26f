import CImpostorTestSupport
import Impostor
import Testing

/// Captors in `verify` and `stub`.
@Suite struct ArgumentCaptorTests {
    typealias Binary = @convention(c) (Int32, Int32) -> Int32

    @Test func verifyCapturesFromMatchingCallsInCallOrder() {
        let resize: Binary = mockFunction(named: "resize")
        _ = cv_call_binary(resize, 1, 640)
        _ = cv_call_binary(resize, 7, 1)
        _ = cv_call_binary(resize, 2, 1024)
        let sizes = ArgumentCaptor<Int32>()
        verify(.exactly(2), resize(lt(3), sizes.capture()))
        #expect(sizes.values == [640, 1024])
        #expect(sizes.value == 1024)
    }

    @Test func failedVerifyCapturesNothing() {
        let resize: Binary = mockFunction(named: "resize")
        _ = cv_call_binary(resize, 1, 640)
        let sizes = ArgumentCaptor<Int32>()
        let failures = captureFailures { verify(.exactly(2), resize(any(), sizes.capture())) }
        #expect(failures.count == 1)
        #expect(sizes.values.isEmpty)
    }

    @Test func stubCapturesEachMatchingCallAsItHappens() {
        let resize: Binary = mockFunction(named: "resize")
        let widths = ArgumentCaptor<Int32>()
        stub(resize(widths.capture(), gt(0))).with { 1 }
        #expect(cv_call_binary(resize, 10, 1) == 1)
        #expect(cv_call_binary(resize, 20, 0) == 0)
        #expect(cv_call_binary(resize, 30, 5) == 1)
        #expect(widths.values == [10, 30])
    }

    @Test func cStringCaptorKeepsTheTextAsItWasAtCallTime() {
        let draw: cv_point_fn = mockFunction(named: "draw")
        var buffer = Array("first".utf8CString)
        buffer.withUnsafeBufferPointer { cv_call_point(draw, 0, 0, $0.baseAddress) }
        buffer.withUnsafeMutableBufferPointer { text in
            for index in 0..<5 { text[index] = CChar(UInt8(ascii: "x")) }
            cv_call_point(draw, 1, 0, text.baseAddress)
        }
        cv_call_point(draw, 2, 0, nil)
        let labels = CStringCaptor()
        verify(.exactly(3), draw(any(), labels.capture()))
        #expect(labels.values == ["first", "xxxxx", nil])
    }

    @Test func pointeeCaptorReadsWhileTheCallIsInProgress() {
        let store: @convention(c) (UnsafePointer<Int32>?) -> Void = mockFunction(named: "store")
        let values = PointeeCaptor<Int32>()
        stub(store(values.capture())).with {}
        var value: Int32 = 41
        store(&value)
        value = 42
        store(&value)
        store(nil)
        #expect(values.values == [41, 42, nil])
    }

    @Test func pointeeCaptorInVerifyReadsTheCopyMadeAtCallTime() {
        let store: @convention(c) (UnsafePointer<Int32>?) -> Void = mockFunction(named: "store")
        let value = UnsafeMutablePointer<Int32>.allocate(capacity: 1)
        value.initialize(to: 1)
        store(value)
        value.pointee = 2
        store(value)
        value.deallocate()
        store(nil)
        let values = PointeeCaptor<Int32>()
        let failures = captureFailures { verify(.exactly(3), store(values.capture())) }
        #expect(failures.isEmpty)
        #expect(values.values == [1, 2, nil])
    }
}
