import RulesEvaluator
import RulesSemantics

/// Companion figures to ``benchmarkDecisions(rulesText:)``, on the same rules and request mix,
/// one thread: decisions per second when each decision also builds its request from a
/// `RequestInput` (what `simulate --requests` and `test` pay per case, JSON parsing aside), and
/// when each decision records a full trace (`simulate --explain`, JSON `trace`).
func benchmarkDecisionDetails(rulesText: String) {
  let ruleset = CompiledRuleset(source: rulesText, path: "examples/storage.rules")
  let time = Timestamp(seconds: 1_780_000_000, nanos: 0)
  let inputs = (0..<30).map { index -> RequestInput in
    let user = "user\(index % 10)"
    let auth = AuthContext(uid: index % 3 == 0 ? "someone-else" : user)
    switch index % 3 {
    case 0:
      return RequestInput(
        method: .get, path: "users/\(user)/photos/\(index).png", auth: auth, resource: ["size": .int(2048)])
    case 1:
      return RequestInput(method: .list, path: "users/\(user)/photos", auth: auth)
    default:
      return RequestInput(
        method: .create, path: "users/\(user)/photos/\(index).png", auth: auth,
        requestResource: ["size": .int(4096), "contentType": .string("image/png")])
    }
  }
  let requests = inputs.map { $0.request(now: time) }
  let building = decisionsPerSecond(count: inputs.count, rounds: 5_000) { index in
    ruleset.decide(inputs[index].request(now: time)).allowed
  }
  print("decide, building each request from RequestInput: \(building) decisions per second")
  let tracing = decisionsPerSecond(count: requests.count, rounds: 2_000) { index in
    ruleset.decide(requests[index], trace: true).allowed
  }
  print("decide with a full trace: \(tracing) decisions per second")
}

/// The best of 5 runs of `rounds` passes over `count` decisions made by `decide`, per second.
private func decisionsPerSecond(count: Int, rounds: Int, _ decide: (Int) -> Bool) -> Int {
  var allowed = 0
  for index in 0..<count where decide(index) { allowed += 1 }
  let clock = ContinuousClock()
  var best = Double.infinity
  for _ in 0..<5 {
    let elapsed = clock.measure {
      for _ in 0..<rounds {
        for index in 0..<count where decide(index) { allowed += 1 }
      }
    }
    let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    best = min(best, seconds)
  }
  // `allowed` is read so the decisions cannot be optimised away.
  return allowed < 0 ? 0 : Int(Double(rounds * count) / best)
}
