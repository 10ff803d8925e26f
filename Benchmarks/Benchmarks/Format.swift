/// How figures are written in the table and the notes.
enum Format {
    /// `1.62 ns`, `21.4 ns`, `4.81 µs`, `12.3 ms`.
    static func nanoseconds(_ value: Double) -> String {
        switch value {
        case ..<10: "\(fixed(value, 2)) ns"
        case ..<1_000: "\(fixed(value, 1)) ns"
        case ..<1_000_000: "\(fixed(value / 1_000, 2)) µs"
        case ..<1_000_000_000: "\(fixed(value / 1_000_000, 2)) ms"
        default: "\(fixed(value / 1_000_000_000, 2)) s"
        }
    }

    /// `2.0×`, `13.4×`, `0.91×`.
    static func ratio(_ value: Double) -> String {
        value < 1 ? "\(fixed(value, 2))×" : "\(fixed(value, 1))×"
    }

    /// `1,000,000`.
    static func count<I: BinaryInteger>(_ value: I) -> String {
        let digits = String(value.magnitude)
        var grouped = ""
        for (index, digit) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { grouped.append(",") }
            grouped.append(digit)
        }
        return value < 0 ? "-" + grouped : grouped
    }

    /// `value` with exactly `decimals` digits after the point.
    static func fixed(_ value: Double, _ decimals: Int) -> String {
        guard value.isFinite else { return "\(value)" }
        var scale = 1.0
        for _ in 0..<decimals { scale *= 10 }
        let scaled = (abs(value) * scale).rounded()
        let whole = Int(scaled / scale)
        var text = (value < 0 && scaled > 0 ? "-" : "") + String(whole)
        if decimals > 0 {
            let fraction = String(Int(scaled) - whole * Int(scale))
            text += "." + String(repeating: "0", count: decimals - fraction.count) + fraction
        }
        return text
    }
}
