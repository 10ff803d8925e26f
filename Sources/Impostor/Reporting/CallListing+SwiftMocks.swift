// The listing under a failed verify of a Swift mock's member: its calls, the arguments that
// differ marked, nearest match first, as for C mocks.
extension CallListing {
    static func entries(_ calls: [SwiftCall], against pattern: SwiftCallPattern) -> [Entry] {
        let member = pattern.member
        return calls.enumerated().map { offset, call in
            let invocation = Invocation(member: member, swift: call)
            var arguments = invocation.formattedArguments
            for (position, matcher) in pattern.arguments.enumerated()
            where position < call.arguments.count && !matcher.test(call.arguments[position]) {
                arguments[position] = "«" + arguments[position] + "»"
            }
            // The label stays outside the marks: `path: «"b.txt"»`.
            var text = SwiftCallText.call(invocation.mockName, member.argumentLabels.apply(to: arguments), accessor: member.accessor)
            if let result = invocation.formattedResult { text += " -> " + result }
            return Entry(position: offset + 1, stamp: call.stamp, text: text, mismatches: pattern.mismatches(call.arguments))
        }
        .sorted { ($0.mismatches.count, $0.stamp) < ($1.mismatches.count, $1.stamp) }
    }
}
