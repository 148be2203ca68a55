import Foundation
import RulesLint
import RulesLintFrontend
import RulesSyntax

/// `rulescheck lint DIR` in process on `files` generated rules files of about `bytesPerFile`
/// each, written to a temporary folder, read and linted by ``LintFrontend``: one file after
/// another on one thread (without the second thread a single file's lint may use,
/// ``LintRunner/concurrentFacts``), then every core, as `rulescheck lint` does. Prints wall and CPU time of each (best of 3) and
/// whether the findings are the same; returns the speed-up of every core over one thread, or
/// nil when the files could not be written or linted.
func benchmarkParallelLint(files: Int = 64, bytesPerFile: Int = 32 * 1024) -> Double? {
  let folder = NSTemporaryDirectory() + "rulescheck-bench-lint-\(ProcessInfo.processInfo.processIdentifier)"
  defer { try? FileManager.default.removeItem(atPath: folder) }
  var inputs: [LintInput] = []
  do {
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    for index in 0..<files {
      let path = folder + "/file\(index).rules"
      try generatedRules(targetBytes: bytesPerFile).write(toFile: path, atomically: true, encoding: .utf8)
      inputs.append(LintInput(path: path))
    }
  } catch {
    print("parallel lint: cannot write \(folder): \(error)")
    return nil
  }
  func best(_ body: () -> Int) -> (wall: Double, cpu: Double, findings: Int) {
    var result = (wall: Double.infinity, cpu: Double.infinity, findings: 0)
    for _ in 0..<3 {
      let timer = ContinuousClock()
      let cpuStart = clock()
      let start = timer.now
      let findings = body()
      let wall = timer.now - start
      let cpu = Double(clock() - cpuStart) * 1e3 / Double(CLOCKS_PER_SEC)
      let milliseconds = Double(wall.components.seconds) * 1e3 + Double(wall.components.attoseconds) / 1e15
      if milliseconds < result.wall { result = (milliseconds, cpu, findings) }
    }
    return result
  }
  func findings(_ frontend: LintFrontend) -> Int {
    guard let report = try? frontend.run(inputs) else { return -1 }
    return report.files.reduce(0) { $0 + $1.diagnostics.count }
  }
  // One thread indeed: one file after another, and no second thread within a file either.
  var oneThread = LintFrontend(concurrent: false)
  oneThread.runner.concurrentFacts = false
  let serial = best { findings(oneThread) }
  let parallel = best { findings(LintFrontend()) }
  func ms(_ value: Double) -> String { String(Int(value.rounded())) }
  let cores = ProcessInfo.processInfo.activeProcessorCount
  print(
    "lint of \(files) files (\(bytesPerFile / 1024) KiB each, \(parallel.findings) findings): one thread "
      + "\(ms(serial.wall)) ms wall, \(ms(serial.cpu)) ms CPU; every core (\(cores)) \(ms(parallel.wall)) ms wall, "
      + "\(ms(parallel.cpu)) ms CPU; \(String(format: "%.2f", serial.wall / parallel.wall))× "
      + (serial.findings == parallel.findings ? "(same findings)" : "(FINDINGS DIFFER: \(serial.findings))"))
  guard serial.findings >= 0, serial.findings == parallel.findings else { return nil }
  return serial.wall / parallel.wall
}
