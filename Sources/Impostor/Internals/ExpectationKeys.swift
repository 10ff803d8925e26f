import CImpostor

/// The door to expectation keys (`impostor_expectation_keys.h`): an expectation's count in C,
/// where a mock's entry point takes calls for it, and the lists of keys it meets them by.
enum ExpectationKeys {
    /// One expectation's count of calls taken: shared by the entry point, which counts the
    /// calls its keys take, and the handler, which counts the others.
    struct Cell: @unchecked Sendable {
        // @unchecked: the C cell is changed only by atomic operations after it is made.
        let raw: UnsafeMutablePointer<impostor_expectation_cell>

        /// A cell that takes at most `maximum` calls (nil: any number).
        init(maximum: Int?) {
            // A cell is 24 bytes: when even that cannot be had, Swift could not go on either.
            raw = impostor_expectation_cell_create(maximum.map(Int64.init) ?? -1)!
        }

        /// Names the expectation the entry point hands to the answer (unretained: the mock's
        /// lists keep it for as long as an entry point can reach the cell).
        func attach(_ expectation: Expectation) {
            raw.pointee.expectation = UnsafeRawPointer(Unmanaged.passUnretained(expectation).toOpaque())
        }

        /// Takes one call: its index from 0, or nil when saturated (a compare-and-exchange).
        @inline(__always)
        func take() -> Int? {
            let index = impostor_expectation_take(raw)
            return index < 0 ? nil : Int(index)
        }

        /// Calls taken so far.
        var taken: Int { Int(impostor_expectation_taken(raw)) }

        /// Frees the cell; only once no entry point can reach it (its expectation is gone).
        func free() { impostor_expectation_cell_free(raw) }
    }

    /// Whether a key's answer argument stands for an expectation's cell (tagged) rather than a stub.
    @inline(__always)
    static func isExpectation(_ stub: UnsafeRawPointer) -> Bool { impostor_key_is_expectation(stub) != 0 }

    /// The expectation whose tagged cell a key handed to the answer.
    @inline(__always)
    static func expectation(of tagged: UnsafeRawPointer) -> Unmanaged<Expectation> {
        // Sound: the entry point hands over a cell of a published list with its low bit set,
        // and the cell's expectation lives as long as the list (see `Cell.attach`).
        let cell = UnsafeRawPointer(bitPattern: UInt(bitPattern: tagged) & ~1)!.assumingMemoryBound(to: impostor_expectation_cell.self)
        return Unmanaged<Expectation>.fromOpaque(cell.pointee.expectation!)
    }

    /// The index among its expectation's calls of the call the entry point's key just took.
    @inline(__always)
    static var callIndex: Int { Int(impostor_expectation_index()) }
}

extension FastPath {
    /// Publishes a mock's expectations, in declaration order, as its entry point meets them:
    /// `tests` for each (nil: it cannot be a key), and `eligible` false when the mock's calls
    /// must all reach the handler. The list is built whole, then published, and returned: lists
    /// are never freed, since a call may be reading one, and the caller keeps each one's address
    /// so that it stays reachable (a leak checker counts the unreachable as lost).
    @discardableResult
    func publishExpectations(_ entries: [(cell: ExpectationKeys.Cell, tests: StubKeyTests?)], eligible: Bool) -> UnsafeMutableRawPointer? {
        guard let list = impostor_expectation_list_create() else {
            impostor_fast_path_publish_expectations(raw, nil)
            return nil
        }
        if !eligible { list.pointee.answerable = 0 }
        for entry in entries where list.pointee.answerable != 0 {
            // `tests.memory.isEmpty` cannot be seen to fail here today (issue #51, row 8): an
            // expectation with a memory test (a text literal compared as a C string) has no
            // `entryKeyTests` (Expectation.swift refuses memory tests and pointer readers), and
            // a mock that copies memory, as every such literal needs, is published with
            // `eligible` false. Kept so that the list never takes calls by scalars alone should
            // both change; ExpectationKeysTests' text-literal test checks the promise from C
            // callers on both entry paths.
            guard let tests = entry.tests, tests.memory.isEmpty else {
                list.pointee.answerable = 0
                break
            }
            impostor_fast_path_add_expectation(
                raw, list, entry.cell.raw, tests.scalars.map(\.argument), tests.scalars.map(\.size), tests.scalars.map(\.bits),
                UInt32(tests.scalars.count))
        }
        impostor_fast_path_publish_expectations(raw, list)
        return UnsafeMutableRawPointer(list)
    }

    /// Sends every call to the handler, expectations or not (the mock is released).
    func withdrawExpectations() { impostor_fast_path_publish_expectations(raw, nil) }
}
