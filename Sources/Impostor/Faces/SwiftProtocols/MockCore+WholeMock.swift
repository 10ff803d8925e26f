/// A Swift mock taken whole is every member it has called or been queried about.
extension MockCore: WholeMock {
    func recordedCalls(unverifiedOnly: Bool) -> [(position: Int, call: Invocation)] {
        // Every call to the mock, oldest first, so that each listed call shows its place.
        var all: [(call: Invocation, verified: Bool)] = []
        for member in knownMembers {
            let (calls, verified, _) = member.snapshot()
            for (position, call) in calls.enumerated() {
                all.append((Invocation(member: member, swift: call), verified.contains(position)))
            }
        }
        all.sort { $0.call.stamp < $1.call.stamp }
        return all.enumerated().filter { !unverifiedOnly || !$0.element.verified }.map {
            (position: $0.offset + 1, call: $0.element.call)
        }
    }

    func forgetCalls(andStubs forgettingStubs: Bool) {
        for member in knownMembers {
            if forgettingStubs { member.forgetStubs(keptBy: self) }
            member.resetCalls()
        }
    }
}
