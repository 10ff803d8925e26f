/// The row of units a C struct is described to libffi as, by the calling convention of the
/// platform: whatever reproduces how that convention passes the struct, and nothing more.
///
/// Reflection cannot mirror a C declaration (union members and bitfields are invisible to it),
/// so no description follows the members. Each convention looks at little: System V (x86-64)
/// at the class of each 8-byte chunk, so the units are as wide as the struct's alignment and
/// typed by their chunk's class; AAPCS64 (arm64) at whether the struct is a homogeneous
/// floating-point aggregate (1 to 4 `float`s, or 1 to 4 `double`s, and nothing else), which
/// travels one member per vector register, while every other struct travels as its bytes, so
/// the units are those members, or integers as wide as the alignment.
enum StructUnits {
    /// One unit of a description.
    enum Unit: Equatable {
        case uint8, uint16, uint32, uint64, float, double, longDouble
    }

    /// The calling conventions a description can follow.
    enum Convention {
        /// x86-64 System V.
        case systemV
        /// AArch64's procedure call standard, as Linux uses it.
        case aapcs64

        /// This platform's (AAPCS64's rules on any platform but x86-64, where Impostor is
        /// built for arm64 only).
        static var current: Self {
            #if arch(x86_64)
            .systemV
            #else
            .aapcs64
            #endif
        }
    }

    /// What arm64's convention sees of one member (see `ChunkClasses.aarch64Members`).
    enum Member: Equatable {
        case float, double
        /// An integer, pointer, `bool` or anything else that is not floating point.
        case other
        /// Bytes of members reflection cannot see (a union's, a bitfield's, an anonymous one's).
        case hidden

        /// What a type's `AArch64Passing` declaration stands for (one `problem(with:size:)` accepts).
        static func declared(_ passing: AArch64Passing) -> [Member] {
            switch passing {
            case .generalRegisters: [.other]
            case .floats(let count): Array(repeating: .float, count: count)
            case .doubles(let count): Array(repeating: .double, count: count)
            }
        }

        /// The declaration as written, when it cannot describe a type of `size` bytes: a count
        /// outside 1...4, or members that do not fill the type. Nil when it can.
        static func problem(with passing: AArch64Passing, size: Int) -> String? {
            switch passing {
            case .generalRegisters: return nil
            case .floats(let count): return (1...4).contains(count) && count * 4 == size ? nil : ".floats(\(count))"
            case .doubles(let count): return (1...4).contains(count) && count * 8 == size ? nil : ".doubles(\(count))"
            }
        }
    }

    /// What a description came to.
    enum Outcome: Equatable {
        case units([Unit])
        /// No unit is as wide as the struct's alignment (the caller reports it).
        case unsupportedAlignment
        /// AAPCS64: members reflection cannot see beside visible ones that are all of one
        /// floating-point type, in a struct small enough to be an aggregate of floating point:
        /// whether it is one depends on the hidden members.
        case hiddenMembersBesideFloatingPoint
    }

    /// The units of a struct of `size` bytes aligned to `alignment` whose bytes `classes`
    /// describes, by `convention`.
    static func units(size: Int, alignment: Int, classes: ChunkClasses, convention: Convention) -> Outcome {
        switch convention {
        case .systemV:
            var units: [Unit] = []
            units.reserveCapacity(size / max(alignment, 1))
            for offset in stride(from: 0, to: size, by: alignment) {
                let chunk = classes.chunkClass(at: offset)
                switch alignment {
                case 1: units.append(.uint8)
                case 2: units.append(.uint16)
                case 4: units.append(chunk == .sse ? .float : .uint32)
                case 8: units.append(chunk == .sse ? .double : .uint64)
                case 16 where classes.hasLongDouble: units.append(.longDouble)
                default: return .unsupportedAlignment
                }
            }
            return .units(units)
        case .aapcs64:
            // Checked first: an over-aligned aggregate of doubles is no description either.
            let unit: Unit
            switch alignment {
            case 1: unit = .uint8
            case 2: unit = .uint16
            case 4: unit = .uint32
            case 8: unit = .uint64
            default: return .unsupportedAlignment
            }
            if let members = homogeneousMembers(size: size, members: classes.aarch64Members) { return .units(members) }
            if hidesWhatDecides(size: size, members: classes.aarch64Members) { return .hiddenMembersBesideFloatingPoint }
            return .units(Array(repeating: unit, count: size / alignment))
        }
    }

    /// Whether members reflection cannot see sit beside visible members all of one
    /// floating-point type, in at most 32 bytes (four doubles): the struct is an aggregate of
    /// floating point exactly when the hidden members are of that type too. With an integer or
    /// pointer visible, or floats beside doubles, it never is, and its bytes are right. A bare
    /// union (hidden members only) is taken for integer data unless it declares otherwise
    /// (`CRegisterLayout.aarch64Passing`).
    private static func hidesWhatDecides(size: Int, members: [Member]) -> Bool {
        guard size <= 32, members.contains(.hidden) else { return false }
        let visible = members.filter { $0 != .hidden }
        guard let first = visible.first, first == .float || first == .double else { return false }
        return visible.allSatisfy { $0 == first }
    }

    /// AAPCS64's homogeneous floating-point aggregate: 1 to 4 members, all `float` or all
    /// `double`, filling the struct (no padding, nothing hidden). Nil for any other struct.
    private static func homogeneousMembers(size: Int, members: [Member]) -> [Unit]? {
        guard let first = members.first, (1...4).contains(members.count), members.allSatisfy({ $0 == first }) else {
            return nil
        }
        switch first {
        case .float: return members.count * 4 == size ? Array(repeating: .float, count: members.count) : nil
        case .double: return members.count * 8 == size ? Array(repeating: .double, count: members.count) : nil
        case .other, .hidden: return nil
        }
    }
}
