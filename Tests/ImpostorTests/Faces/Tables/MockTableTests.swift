import CImpostorTestSupport
import Impostor
import Testing

/// `mockTable`: every function pointer of a C method table a mock, called by C through the
/// table (`ct_driver_session` in Tests/CImpostorTestSupport/tables.c).
@Suite struct MockTableTests {
    /// Answers for a whole session: open 100, encode doubles, handlers 1, 2 and 3 times the event.
    private func stubSession(_ driver: ct_driver) {
        stub(driver.open!(any(), any())).with { 100 }
        stub(driver.hooks.encode!(any())).with { (value: Int32) in value * 2 }
        stub(driver.handlers.0!(any())).with { (event: Int32) in event }
        stub(driver.handlers.1!(any())).with { (event: Int32) in event * 2 }
        stub(driver.handlers.2!(any())).with { (event: Int32) in event * 3 }
    }

    @Test(.mockery) func everyFunctionPointerIsAMockCalledFromC() throws {
        let driver: ct_driver = mockTable(named: "driver")
        stubSession(driver)
        var table = driver
        let context = address(0xD0D0)

        #expect(ct_driver_session(&table, context) == 100 + 202 + (10 + 22 + 36))

        verify(.once, driver.open!(nil, 0))
        verify(driver.hooks.encode!(101))
        verify(driver.handlers.1!(11))
        verify(driver.hooks.reset!(context))
        verify(driver.close(context))
        verifyInOrder {
            driver.open!(any(), any())
            driver.hooks.encode!(any())
            driver.handlers.0!(10)
            driver.handlers.1!(11)
            driver.handlers.2!(12)
            driver.hooks.reset!(any())
            driver.close(any())
        }
        #expect(invocations(of: driver.handlers.2).map(\.description) == ["driver.handlers[2](12) -> 36"])
        #expect(invocations(of: driver.hooks.encode).first?.description == "driver.hooks.encode(101) -> 202")
        #expect(invocations(of: driver.close).first?.description == "driver.close(0x000000000000d0d0)")
    }

    @Test(.mockery) func otherFieldsAreZero() {
        let driver = mockTable(of: ct_driver.self, named: "driver")
        #expect(driver.version == 0)
        #expect(driver.label == nil)
        #expect(driver.scale == 0)
    }

    @Test(.mockery) func templateDataIsCopiedAndItsFunctionsAreMocked() {
        typealias Open = @convention(c) (UnsafePointer<CChar>?, Int32) -> Int32
        let realOpen: Open = { _, _ in 42 }
        let neverCalled: @convention(c) (UnsafeMutableRawPointer?) -> Void = { _ in }
        let label = StaticString("disk")
        var template = ct_driver(
            version: 3, label: UnsafeRawPointer(label.utf8Start).assumingMemoryBound(to: CChar.self), open: realOpen,
            hooks: ct_codec_hooks(), handlers: (nil, nil, nil), scale: 2.5, close: neverCalled)
        template.hooks.encode = { $0 }

        let driver = mockTable(named: "driver", template: template, capturing: ["open": [0: .cString]])

        #expect(driver.version == 3)
        #expect(driver.label == template.label)
        #expect(driver.scale == 2.5)
        #expect(driver.open!(nil, 1) == 0)   // the mock, not realOpen
        #expect(driver.hooks.encode!(5) == 0)
        #expect(invocations(of: driver.open).map(\.description) == ["driver.open(nil, 1) -> 0"])
        var table = driver
        stubSession(driver)
        #expect(ct_driver_session(&table, nil) == 100 + 202 + (10 + 22 + 36))
        verify(driver.open!(cString("disk"), 3))

        table.open = realOpen   // a real function, assigned afterwards, stays
        #expect(ct_driver_session(&table, nil) == 42 + 86 + (10 + 22 + 36))
        verify(.exactly(2), driver.open!(any(), any()))   // the direct call and the first session
    }

    /// `keeping:` leaves the template's function pointers in the fields it names (the real
    /// functions, called by C through the table); the others are mocks. Paths that fit no
    /// field, `keeping:` without a template and a capture declaration for a kept field are
    /// reported at the line, and the fields they concern are mocked (or left out) as said.
    @Test(.mockery) func keepingLeavesTheTemplatesFunctionsInTheFieldsItNames() {
        typealias Open = @convention(c) (UnsafePointer<CChar>?, Int32) -> Int32
        let realOpen: Open = { _, flags in 40 + flags }
        let realEncode: @convention(c) (Int32) -> Int32 = { $0 + 1 }
        var template = ct_driver(
            version: 3, label: nil, open: realOpen, hooks: ct_codec_hooks(), handlers: (nil, nil, nil), scale: 1,
            close: { _ in })
        template.hooks.encode = realEncode
        let driver = mockTable(named: "driver", template: template, keeping: ["open", "hooks.encode"])
        #expect(unsafeBitCast(driver.open, to: UnsafeRawPointer?.self) == unsafeBitCast(realOpen, to: UnsafeRawPointer?.self))
        stub(driver.handlers.0!(any())).with { (event: Int32) in event }
        stub(driver.handlers.1!(any())).with { (event: Int32) in event * 2 }
        stub(driver.handlers.2!(any())).with { (event: Int32) in event * 3 }
        var table = driver
        // The real open (40 + version 3) and encode (44 + 1), the mocked handlers.
        #expect(ct_driver_session(&table, nil) == 43 + 45 + (10 + 22 + 36))
        verify(.once, driver.handlers.0!(10))
        verify(.once, driver.close(nil))

        let line = #line + 2
        let failures = captureFailures {
            _ = mockTable(named: "typo", template: template, keeping: ["opne"])
            _ = mockTable(of: ct_driver.self, named: "bare", keeping: ["open"])
            _ = mockTable(named: "both", template: template, keeping: ["open"], capturing: ["open": [0: .cString]])
        }
        #expect(failures.map(\.message) == [
            "keeping: [\"opne\"] names no function-pointer field of ct_driver (the table typo); its function-pointer fields "
                + "are open, hooks.encode, hooks.reset, handlers[0], handlers[1], handlers[2], close. Every field that can be is a mock.",
            "keeping: [\"open\"] keeps the template's function pointers, but the table bare was given no template: those "
                + "fields are mocks as the others. Pass template: with the real functions in them.",
            "capturing: [\"open\": …] declares copies for a field of the table both that keeping: leaves as the template "
                + "has it, so no mock records its calls. The declaration was left out.",
        ])
        #expect(failures.map(\.site.line) == [line, line + 1, line + 2])
    }

    @Test(.mockery) func theMockeryFormOwnsTheMocks() {
        let context = Mockery("tables")
        let driver: ct_driver = context.mockTable(named: "driver")
        #expect(context.mockCount == 7)   // open, encode, reset, 3 handlers, close
        #expect(Mockery.current.mockCount == 0)
        #expect(driver.hooks.encode!(1) == 0)
        #expect(invocations(of: driver.hooks.encode).count == 1)
    }

    @Test(.mockery) func theThrowingFormReturnsAWorkingTable() throws {
        let driver = try Mockery.current.makeMockTable(of: ct_driver.self, named: "driver")
        stubSession(driver)
        var table = driver
        #expect(ct_driver_session(&table, nil) == 100 + 202 + (10 + 22 + 36))
        verify(.exactly(1), driver.handlers.0!(10))
    }

    @Test(.mockery) func capturingIsDeclaredPerField() {
        let driver: ct_driver = mockTable(named: "driver", capturing: ["open": [0: .cString]])
        var table = driver
        stubSession(driver)
        "disk".withCString { label in
            table.label = label
            _ = ct_driver_session(&table, nil)
        }
        // After the call the text is gone; the copy made when it arrived is what is matched.
        verify(driver.open!(cString("disk"), 0))
        #expect(invocations(of: driver.open).first?.cString(0) == "disk")
    }

    @Test(.mockery) func aTableOfAnotherTableIsMockedThroughItsPaths() {
        let hooks: ct_codec_hooks = mockTable(named: "hooks")
        stub(hooks.encode!(gt(0))).with { 1 }
        #expect(hooks.encode!(5) == 1)
        #expect(hooks.encode!(-5) == 0)
        hooks.reset!(nil)
        #expect(invocations(of: hooks.reset).map(\.description) == ["hooks.reset(nil)"])
        verify(.once, hooks.reset!(isNil()))
        verifyNoMoreInvocations(hooks.reset)
    }

    @Test(.mockery) func keepBytesLeavesBitfieldsAsTheTemplateHasThem() {
        var template = ct_flagged_table()
        template.nullpath_ok = 1
        template.reserved = 5
        var table = mockTable(named: "flagged", template: template, unnamedMembers: .keepBytes)
        #expect(ct_flagged_table_done(&table) == 1 | 5 << 1)
        verify(.once, table.done!())
    }

    @Test(.mockery) func namedFieldsAreMockedEvenWhenUnnamedOnesAreReported() {
        var table = ct_union_table()
        let failures = captureFailures { table = mockTable(named: "tagged") }
        #expect(failures.count == 1)
        table.done!()
        verify(table.done!())
        #expect(table.payload.number == 0)
    }
}
