import Foundation
import RulesEvaluator
import RulesReport

/// Times `simulate --requests` on a 100,000-line JSON-lines batch with JSON output (best of 3,
/// in seconds): end to end with the `rulescheck` binary built beside this one when there is
/// one (`swift build -c release` builds both), else in this process with the library the
/// command uses (parsing the lines and deciding and rendering them on every core).
func benchmarkBatch(rulesPath: String, count: Int = 100_000) -> (seconds: Double?, how: String) {
  let text = batchLines(count: count)
  let executable = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    .appendingPathComponent("rulescheck").path
  let clock = ContinuousClock()
  func seconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
  }
  if FileManager.default.isExecutableFile(atPath: executable) {
    let file =
      NSTemporaryDirectory() + "rulescheck-bench-batch-\(ProcessInfo.processInfo.processIdentifier).jsonl"
    defer { try? FileManager.default.removeItem(atPath: file) }
    guard (try? text.write(toFile: file, atomically: true, encoding: .utf8)) != nil else {
      return (nil, "cannot write \(file)")
    }
    var best = Double.infinity
    for _ in 0..<3 {
      let start = clock.now
      guard runChild(executable, ["simulate", rulesPath, "--requests", file], discard: true) != nil else {
        return (nil, "\(executable) failed")
      }
      best = min(best, seconds(clock.now - start))
    }
    print(
      "simulate --requests: \(count) lines, JSON output, end to end: \(String(format: "%.3f", best)) s (best of 3)"
    )
    return (best, "end to end")
  }
  guard let rules = try? String(contentsOfFile: rulesPath, encoding: .utf8) else {
    return (nil, "cannot read \(rulesPath)")
  }
  let batch = BatchDecisions(
    ruleset: CompiledRuleset(source: rules, path: rulesPath), firestore: FirestoreDocuments(),
    now: Timestamp(seconds: 1_780_000_000, nanos: 0), format: .jsonLines, explain: false,
    style: TextStyle(colored: false))
  var best = Double.infinity
  for _ in 0..<3 {
    let start = clock.now
    guard let inputs = try? RequestBatch.parse(text) else { return (nil, "the batch did not parse") }
    var bytes = 0
    batch.run(inputs) { bytes += $0.utf8.count }
    best = min(best, seconds(clock.now - start))
  }
  print(
    "simulate --requests: \(count) lines, JSON output, in process: \(String(format: "%.3f", best)) s (best of 3)"
  )
  return (best, "in process; build rulescheck beside the benchmark to time the command")
}
