#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The thread a mock was called on.
///
/// Compare it with ``CallingThread/current`` to tell calls made by the test itself from calls
/// a C library made on a thread of its own.
public struct CallingThread: Hashable, Sendable, CustomStringConvertible {
    /// The POSIX thread identifier (`pthread_t`). Identifiers may be reused after a thread ends.
    public let id: UInt

    /// The thread this code runs on.
    public static var current: CallingThread { CallingThread(id: currentID) }

    /// `thread 0x00007f12a3b4c640`.
    public var description: String { "thread " + Hex.address(id) }

    static var currentID: UInt { UInt(pthread_self()) }
}
