import RulesEvaluator
import RulesSemantics

/// Decisions per second on `examples/storage.rules` with a get / list / create mix on user
/// folders, in this process on one thread, `rounds` times over 30 requests; returns the rate.
@discardableResult
func benchmarkDecisions(rulesText: String, rounds: Int = 20_000) -> Double {
  let ruleset = CompiledRuleset(source: rulesText, path: "examples/storage.rules")
  let time = Timestamp(seconds: 1_780_000_000, nanos: 0)
  let requests = (0..<30).map { index -> Request in
    let user = "user\(index % 10)"
    let auth = AuthContext(uid: index % 3 == 0 ? "someone-else" : user)
    switch index % 3 {
    case 0:
      return RequestInput(
        method: .get, path: "users/\(user)/photos/\(index).png", auth: auth, resource: ["size": .int(2048)]
      )
      .request(now: time)
    case 1:
      return RequestInput(method: .list, path: "users/\(user)/photos", auth: auth).request(now: time)
    default:
      return RequestInput(
        method: .create, path: "users/\(user)/photos/\(index).png", auth: auth,
        requestResource: ["size": .int(4096), "contentType": .string("image/png")]
      ).request(now: time)
    }
  }
  var allowed = 0
  for request in requests where ruleset.decide(request).allowed { allowed += 1 }
  print("decide: \(requests.count) distinct requests, \(allowed) allowed")
  let clock = ContinuousClock()
  var best = Double.infinity
  for _ in 0..<5 {
    let elapsed = clock.measure {
      for _ in 0..<rounds {
        for request in requests { _ = ruleset.decide(request) }
      }
    }
    let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    best = min(best, seconds)
  }
  let count = Double(rounds * requests.count)
  print("decide: \(Int(count / best)) decisions per second (best of 5 runs of \(Int(count)) decisions)")
  return count / best
}

/// A JSON-lines batch of `count` requests for `simulate --requests`.
func batchLines(count: Int) -> String {
  var text = ""
  text.reserveCapacity(count * 110)
  for index in 0..<count {
    let user = "user\(index % 100)"
    switch index % 3 {
    case 0:
      text +=
        "{\"method\":\"get\",\"path\":\"users/\(user)/f\(index).png\",\"auth\":{\"uid\":\"\(user)\"},\"resource\":{\"size\":10}}\n"
    case 1:
      text += "{\"method\":\"list\",\"path\":\"users/\(user)\",\"auth\":{\"uid\":\"user\(index % 7)\"}}\n"
    default:
      text +=
        "{\"method\":\"create\",\"path\":\"users/\(user)/f\(index).png\",\"auth\":{\"uid\":\"\(user)\"},\"requestResource\":{\"size\":2048,\"contentType\":\"image/png\"}}\n"
    }
  }
  return text
}
