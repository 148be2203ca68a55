import RulesEvaluator
import RulesSemantics

/// Building requests alone, on the mix of ``benchmarkDecisionDetails(rulesText:)`` (get with a
/// stored object, list, create with new metadata; one user each), one thread: prints
/// `build a request from RequestInput: N requests per second`. `rounds` passes over the 30
/// inputs; callgrind on a run of 1 round and one of many gives the instructions per request.
func benchmarkRequestBuilding(rounds: Int = 20_000) {
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
  let clock = ContinuousClock()
  var count = 0
  let elapsed = clock.measure {
    for _ in 0..<rounds {
      for input in inputs { count += input.request(now: time).path.utf8.count }
    }
  }
  let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
  // `count` is read so the requests cannot be optimised away.
  let perSecond = count < 0 ? 0 : Int(Double(rounds * inputs.count) / max(seconds, 1e-9))
  print("build a request from RequestInput: \(perSecond) requests per second")
}
