import Foundation
import RulesEvaluator
import RulesTesting

/// Times `rulescheck test` in process on a generated suite of `count` cases for
/// `examples/storage.rules`: reading (YAML, then the same suite as JSON) and running with
/// coverage. `--write-suite DIR` also keeps the suites in DIR for timing the command. Returns
/// the best read + run time of each format in milliseconds, by format name.
func benchmarkTestSuite(count: Int = 10_000) -> [(format: String, milliseconds: Double)] {
  let rulesPath = FileManager.default.currentDirectoryPath + "/examples/storage.rules"
  guard FileManager.default.fileExists(atPath: rulesPath) else {
    print("test suite: run from the repository root to benchmark examples/storage.rules")
    return []
  }
  let arguments = CommandLine.arguments
  let kept = arguments.firstIndex(of: "--write-suite").flatMap {
    $0 + 1 < arguments.count ? arguments[$0 + 1] : nil
  }
  let folder =
    kept ?? NSTemporaryDirectory() + "rulescheck-bench-\(ProcessInfo.processInfo.processIdentifier)"
  defer { if kept == nil { try? FileManager.default.removeItem(atPath: folder) } }
  let yaml = folder + "/generated.rules-test.yaml"
  let json = folder + "/generated.rules-test.json"
  do {
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    try generatedSuite(count: count, rules: rulesPath, json: false).write(
      toFile: yaml, atomically: true, encoding: .utf8)
    try generatedSuite(count: count, rules: rulesPath, json: true).write(
      toFile: json, atomically: true, encoding: .utf8)
  } catch {
    print("test suite: cannot write \(folder): \(error)")
    return []
  }
  if kept != nil { print("wrote \(yaml) and \(json)") }
  var results: [(format: String, milliseconds: Double)] = []
  for file in [yaml, json] {
    var best = (load: Duration.seconds(60), run: Duration.seconds(60), total: Duration.seconds(60))
    var summary = ""
    for _ in 0..<5 {
      let clock = ContinuousClock()
      let start = clock.now
      guard let plan = try? TestPlan.load([file], now: Timestamp(seconds: 1_780_000_000, nanos: 0)) else {
        print("test suite: \(file) did not load")
        return []
      }
      let loaded = clock.now
      let run = TestRunner().run(plan)
      let end = clock.now
      if end - start < best.total { best = (loaded - start, end - loaded, end - start) }
      let coverage = run.totalCoverage
      summary =
        "\(run.caseCount) cases, \(run.failedCount) failed, \(coverage.statementsGranted)/\(coverage.statements) "
        + "statements granted"
    }
    func ms(_ duration: Duration) -> String {
      let value = Double(duration.components.seconds) * 1e3 + Double(duration.components.attoseconds) / 1e15
      return String(Int(value.rounded()))
    }
    let name = file.hasSuffix(".json") ? "JSON" : "YAML"
    print(
      "test suite (\(name)): \(summary); read \(ms(best.load)) ms + run \(ms(best.run)) ms = \(ms(best.total)) ms "
        + "(best of 5; target ≤ 200 ms)")
    let total = Double(best.total.components.seconds) * 1e3 + Double(best.total.components.attoseconds) / 1e15
    results.append((name, total))
  }
  return results
}

/// A suite of `count` cases over per-user folders, avatars and public files, in YAML or JSON.
func generatedSuite(count: Int, rules: String, json: Bool) -> String {
  let users = 100
  var profiles: [String] = (0..<users).map { "\"user\($0)\": {\"uid\": \"user\($0)\"}" }
  profiles.append("\"admin\": {\"uid\": \"root\", \"token\": {\"admin\": true, \"email_verified\": true}}")
  var objects: [String] = []
  for user in 0..<users {
    objects.append("\"users/user\(user)/photo.png\": {\"size\": 1024, \"contentType\": \"image/png\"}")
    objects.append("\"users/user\(user)/notes/n.txt\": {\"size\": 12}")
    objects.append("\"avatars/user\(user)/me.png\": {\"size\": 2048, \"contentType\": \"image/png\"}")
  }
  var cases: [String] = []
  cases.reserveCapacity(count)
  for index in 0..<count {
    let user = "user\(index % users)"
    let other = "user\((index + 1) % users)"
    var listing: String?
    let (request, expect): (String, String)
    switch index % 10 {
    case 0: (request, expect) = (get("users/\(user)/photo.png", user), "allow")
    case 1: (request, expect) = (get("users/\(user)/photo.png", other), "deny")
    case 2:
      (request, expect) = (
        "{\"method\": \"list\", \"path\": \"users/\(user)\", \"auth\": \"\(user)\"}", "allow"
      )
      listing = "{\"prefixes\": [\"users/\(user)/notes\"], \"items\": [\"users/\(user)/photo.png\"]}"
    case 3:
      (request, expect) = (create("users/\(user)/f\(index).pdf", user, 1000, "application/pdf"), "allow")
    case 4: (request, expect) = (create("users/\(user)/v\(index).mp4", user, 20_000_000, "video/mp4"), "deny")
    case 5:
      (request, expect) = (
        "{\"method\": \"update\", \"path\": \"users/\(user)/photo.png\", \"auth\": \"\(user)\", "
          + "\"requestResource\": {\"cacheControl\": \"max-age=60\"}}", "allow"
      )
    case 6:
      (request, expect) = (
        "{\"method\": \"delete\", \"path\": \"users/\(user)/photo.png\", \"auth\": \"admin\"}", "allow"
      )
    case 7: (request, expect) = (get("avatars/\(user)/me.png", other), "allow")
    case 8: (request, expect) = (create("avatars/\(user)/me.gif", user, 100, "image/gif"), "deny")
    default: (request, expect) = (create("public/p\(index).html", "admin", 10, "text/html"), "allow")
    }
    if json {
      let extra = listing.map { ", \"listing\": \($0)" } ?? ""
      cases.append(
        "{\"name\": \"case \(index)\", \"request\": \(request), \"expect\": \"\(expect)\"\(extra)}")
    } else {
      let extra = listing.map { "\n    listing: \($0)" } ?? ""
      cases.append("  - name: case \(index)\n    request: \(request)\n    expect: \(expect)\(extra)")
    }
  }
  if json {
    return "{\"rules\": \"\(rules)\", \"time\": \"2025-06-01T12:00:00Z\",\n\"profiles\": {"
      + profiles.joined(separator: ",\n") + "},\n\"objects\": {" + objects.joined(separator: ",\n")
      + "},\n\"cases\": [\n" + cases.joined(separator: ",\n") + "\n]}\n"
  }
  return "rules: \(rules)\ntime: 2025-06-01T12:00:00Z\nprofiles:\n"
    + profiles.map { "  " + $0 }.joined(separator: "\n")
    + "\nobjects:\n" + objects.map { "  " + $0 }.joined(separator: "\n") + "\ncases:\n"
    + cases.joined(separator: "\n")
    + "\n"
}

private func get(_ path: String, _ user: String) -> String {
  "{\"method\": \"get\", \"path\": \"\(path)\", \"auth\": \"\(user)\"}"
}

private func create(_ path: String, _ user: String, _ size: Int, _ type: String) -> String {
  "{\"method\": \"create\", \"path\": \"\(path)\", \"auth\": \"\(user)\", "
    + "\"requestResource\": {\"size\": \(size), \"contentType\": \"\(type)\"}}"
}
