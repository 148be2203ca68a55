import Foundation
import RulesLint
import RulesSemantics
import RulesSyntax

#if canImport(Glibc)
  import Glibc
#else
  import Darwin
#endif

// Benchmarks for rulescheck: `swift run -c release rulescheck-bench [--write FILE]`.
// Prints figures; asserts nothing. Each case is warmed up once, then timed several times.

/// A realistic rules file of about `targetBytes`: repeated per-feature match blocks with
/// functions, lets, regexes, size checks and Firestore look-ups.
func generatedRules(targetBytes: Int) -> String {
  var text = "rules_version = '2';\n\nservice firebase.storage {\n  match /b/{bucket}/o {\n"
  text += """
        function isSignedIn() {
          return request.auth != null;
        }

    """
  var index = 0
  while text.utf8.count < targetBytes - 2_000 {
    text += """
          function canWrite\(index)(userId, maxMegabytes) {
            let limit = maxMegabytes * 1024 * 1024;
            return isSignedIn() && request.auth.uid == userId
              && request.resource.size < limit
              && request.resource.contentType.matches('image/(png|jpe?g|webp)');
          }

          // Feature \(index): per-user folders with an admin override.
          match /feature\(index)/{userId}/{fileName} {
            allow read: if isSignedIn() && (request.auth.uid == userId || request.auth.token.admin == true);
            allow create: if canWrite\(index)(userId, \(index % 10 + 1))
              && fileName.matches('[A-Za-z0-9_-]+[.][a-z]+')
              && !(fileName in ['index.html', 'robots.txt']);
            allow update: if canWrite\(index)(userId, 5) && request.resource.contentType == resource.contentType;
            allow delete: if isSignedIn()
              && firestore.get(/databases/(default)/documents/users/$(request.auth.uid)).data.role == 'admin';
          }

      """
    index += 1
  }
  text += "  }\n}\n"
  return text
}

/// Times `body` `iterations` times after one warm-up run, prints min, median and max, and
/// returns the median in milliseconds.
@discardableResult
func measure(_ label: String, iterations: Int, _ body: () -> Void) -> Double {
  body()
  var samples: [Duration] = []
  let clock = ContinuousClock()
  for _ in 0..<iterations { samples.append(clock.measure(body)) }
  samples.sort()
  func ms(_ duration: Duration) -> String {
    let value = Double(duration.components.seconds) * 1e3 + Double(duration.components.attoseconds) / 1e15
    return String(Int((value * 100).rounded())).paddedMilliseconds
  }
  print(
    "\(label): min \(ms(samples[0])) ms, median \(ms(samples[samples.count / 2])) ms, max \(ms(samples[samples.count - 1])) ms (\(iterations) runs)"
  )
  let median = samples[samples.count / 2]
  return Double(median.components.seconds) * 1e3 + Double(median.components.attoseconds) / 1e15
}

extension String {
  /// "1234" (hundredths) → "12.34".
  var paddedMilliseconds: String {
    let padded = count < 3 ? String(repeating: "0", count: 3 - count) + self : self
    return padded.dropLast(2) + "." + padded.suffix(2)
  }
}

let arguments = CommandLine.arguments
if arguments.count > 1 && arguments[1] == "adversarial" { exit(writeAdversarialInputs(arguments: arguments)) }
// Every other argument is a flag of the table in docs/benchmarks.md, some with values: anything
// else is refused rather than ignored (a mistyped flag would run the whole ten-minute benchmark).
let valuedFlags = [
  "--write": ["FILE"], "--write-requests": ["FILE", "N"], "--write-suite": ["DIR"], "--lint-runs": ["N"],
]
let bareFlags: Set = [
  "--listing-only", "--scaling", "--lint-profile", "--walk", "--front", "--decide-only", "--short",
  "--lint-only", "--lint-memory", "--no-listing",
]
/// Times `numerator` and `denominator` in turn, `pairs` times after one warm-up run of each,
/// prints the median and spread of each pair's ratio, and returns its median: both halves of a
/// pair see the machine in nearly the same state.
func measurePairedRatio(
  _ label: String, pairs: Int, between: () -> Void = {}, numerator: () -> Void, denominator: () -> Void
) -> Double {
  numerator()
  denominator()
  let clock = ContinuousClock()
  var ratios: [Double] = []
  for _ in 0..<pairs {
    between()
    let below = clock.measure(denominator)
    between()
    let above = clock.measure(numerator)
    ratios.append(above / below)
  }
  ratios.sort()
  func text(_ value: Double) -> String { String(format: "%.2f", value) }
  print(
    "\(label), \(pairs) pairs run in turn: median \(text(ratios[pairs / 2]))×, "
      + "min \(text(ratios[0]))×, max \(text(ratios[pairs - 1]))×")
  return ratios[pairs / 2]
}

/// Says what is wrong with the arguments on standard error and exits with status 2.
func refuseArguments(_ message: String) -> Never {
  FileHandle.standardError.write(Data("rulescheck-bench: \(message)\n".utf8))
  exit(2)
}
var position = 1
while position < arguments.count {
  let argument = arguments[position]
  if let values = valuedFlags[argument] {
    guard position + values.count < arguments.count else {
      refuseArguments("\(argument) needs \(values.joined(separator: " "))")
    }
    if argument == "--write-requests", (Int(arguments[position + 2]) ?? 0) < 1 {
      let count = arguments[position + 2]
      refuseArguments("--write-requests FILE N: N is a number of lines, at least 1, not '\(count)'")
    }
    if argument == "--lint-runs", (Int(arguments[position + 1]) ?? 0) < 1 {
      refuseArguments("--lint-runs N: N is a number of lints, at least 1, not '\(arguments[position + 1])'")
    }
    position += values.count + 1
  } else if bareFlags.contains(argument) {
    position += 1
  } else {
    let known = (bareFlags.sorted() + valuedFlags.keys.sorted()).joined(separator: ", ")
    refuseArguments("unknown argument '\(argument)' (flags: \(known); or adversarial DIR)")
  }
}
if arguments.contains("--listing-only") { benchmarkListing(); exit(0) }
if arguments.contains("--scaling") { benchmarkScaling(); exit(0) }
let rules = generatedRules(targetBytes: 256 * 1024 - 64)
if let flag = arguments.firstIndex(of: "--write"), flag + 1 < arguments.count {
  let path = arguments[flag + 1]
  guard let handle = fopen(path, "w") else {
    print("cannot write \(path)")
    exit(2)
  }
  fputs(rules, handle)
  fclose(handle)
  print("wrote \(rules.utf8.count) bytes to \(path)")
}

if let flag = arguments.firstIndex(of: "--write-requests"), flag + 2 < arguments.count,
  let count = Int(arguments[flag + 2])
{
  let path = arguments[flag + 1]
  guard let handle = fopen(path, "w") else {
    print("cannot write \(path)")
    exit(2)
  }
  fputs(batchLines(count: count), handle)
  fclose(handle)
  print("wrote \(count) requests to \(path)")
  exit(0)
}

let source = SourceFile(path: "generated.rules", text: rules)
if arguments.contains("--lint-profile") {
  benchmarkLintProfile(source)
  exit(0)
}
if arguments.contains("--walk") {
  benchmarkWalks(source)
  exit(0)
}
if arguments.contains("--front") {
  benchmarkFront(source)
  exit(0)
}
if arguments.contains("--decide-only") {
  // The decisions alone (for `valgrind --tool=callgrind`: instruction counts per decision).
  guard let text = try? String(contentsOfFile: "examples/storage.rules", encoding: .utf8) else {
    print("decide: run from the repository root to benchmark examples/storage.rules")
    exit(2)
  }
  benchmarkDecisions(rulesText: text, rounds: arguments.contains("--short") ? 1_000 : 20_000)
  exit(0)
}
if let flag = arguments.firstIndex(of: "--lint-runs"), let runs = Int(arguments[flag + 1]) {
  // Only `runs` full lints, timing nothing: under `valgrind --tool=callgrind` the first run's
  // one-time costs (metadata, lazy binding) weigh 1/`runs` of the profile.
  for _ in 0..<runs { _ = LintRunner().lint(source) }
  LintRunner.waitForBackgroundFreeing()
  print("linted the generated file \(runs) times")
  exit(0)
}
if arguments.contains("--lint-only") {
  // The full lint alone, with the evaluator-backed facts on a second thread and on one thread.
  var oneThread = LintRunner()
  oneThread.concurrentFacts = false
  for _ in 0..<3 {
    measure("full lint 256 KiB, facts on a second thread", iterations: 20) { _ = LintRunner().lint(source) }
    measure("full lint 256 KiB, one thread", iterations: 20) { _ = oneThread.lint(source) }
  }
  exit(0)
}
if arguments.contains("--lint-memory") {
  // The child `childPeakMemory` runs: one lint of the generated file, then exit.
  let findings = LintRunner().lint(source).diagnostics.count
  print(
    "lint: \(findings) findings, peak resident memory \(peakMemoryMegabytes().map(String.init) ?? "?") MB")
  exit(0)
}
let loadBefore = loadAverage()
var targets: [BenchmarkTarget] = []
print("allocator: \(allocatorDescription())")
print("generated rules: \(rules.utf8.count) bytes, \(source.lineIndex.lineCount) lines")
let checked = SemanticAnalyzer.analyze(source)
print("diagnostics on the generated file: \(checked.diagnostics.count) (expected 0)")
measure("parse 256 KiB", iterations: 20) { _ = RulesParser.parse(source) }
let analysisTime = measure("parse + analyze 256 KiB", iterations: 20) { _ = SemanticAnalyzer.analyze(source) }
let lintReport = LintRunner().lint(source)
print("lint findings on the generated file: \(lintReport.diagnostics.count)")
benchmarkLintCatalogue(source)
let lintTime = measure(
  "full lint 256 KiB (parse, analysis, rule catalogue; evaluator-backed facts on a second thread)",
  iterations: 20
) {
  _ = LintRunner().lint(source)
}
var oneThread = LintRunner()
oneThread.concurrentFacts = false
measure("full lint 256 KiB on one thread", iterations: 20) {
  _ = oneThread.lint(source)
}
var withoutEvaluatorRules = LintRunner()
for code in RuleCatalogue.evaluatorBackedCodes {
  withoutEvaluatorRules.configuration.severityOverrides[code] = .off
}
measure(
  "full lint 256 KiB without the evaluator-backed rules (\(RuleCatalogue.evaluatorBackedCodes.joined(separator: ", ")))",
  iterations: 20
) {
  _ = withoutEvaluatorRules.lint(source)
}
targets.append(
  BenchmarkTarget(name: "full lint of 256 KiB", measured: lintTime, limit: 25, unit: "ms", direction: .atMost)
)
// The ratio from runs of both in turn, each once the previous lint's freeing on the queue is
// done (untimed: a `rulescheck lint` starts in a new process, and run beside that freeing,
// parse + analysis slows and the ratio reads about 0.5 lower). Medians taken a second apart can
// see the machine in different states: another tenant's burst once doubled the median of
// parse + analysis alone, and the ratio of the medians fell to 1.4×.
let pairedLintRatio = measurePairedRatio(
  "full lint ÷ parse + analysis", pairs: 20, between: LintRunner.waitForBackgroundFreeing,
  numerator: { _ = LintRunner().lint(source) }, denominator: { _ = SemanticAnalyzer.analyze(source) })
print(
  "full lint ÷ parse + analysis, the ratio of the medians above: \(String(format: "%.2f", lintTime / analysisTime))×"
)
targets.append(
  BenchmarkTarget(
    name: "full lint ÷ parse + analysis", measured: pairedLintRatio, limit: 2, unit: "×",
    direction: .atMost, note: "median of 20 pairs run in turn"))

let examplesRules = "examples/storage.rules"
if let text = try? String(contentsOfFile: examplesRules, encoding: .utf8) {
  let rate = benchmarkDecisions(rulesText: text)
  benchmarkDecisionDetails(rulesText: text)
  targets.append(
    BenchmarkTarget(
      name: "decisions, one core", measured: rate, limit: 1_000_000, unit: "/s", direction: .atLeast))
  let batch = benchmarkBatch(rulesPath: examplesRules)
  targets.append(
    BenchmarkTarget(
      name: "simulate --requests, 100,000 lines, JSON", measured: batch.seconds, limit: 0.35, unit: "s",
      direction: .atMost, note: batch.how))
} else {
  print("decide: run from the repository root to benchmark examples/storage.rules")
}
for suite in benchmarkTestSuite() {
  targets.append(
    BenchmarkTarget(
      name: "10,000-case suite (\(suite.format)), read + run", measured: suite.milliseconds, limit: 200,
      unit: "ms",
      direction: .atMost))
}
let cores = Double(ProcessInfo.processInfo.activeProcessorCount)
targets.append(
  BenchmarkTarget(
    name: "lint of 64 files, every core ÷ one thread", measured: benchmarkParallelLint(), limit: 0.8 * cores,
    unit: "×", direction: .atLeast, note: "80% of \(Int(cores)) cores; same findings"))
let lintMemory = childPeakMemory(["--lint-memory"])
targets.append(
  BenchmarkTarget(
    name: "lint of 256 KiB, peak memory", measured: lintMemory, limit: 40, unit: "MB", direction: .atMost,
    note: "a child process, VmHWM"))
if !arguments.contains("--no-listing") {
  benchmarkListing()
  let listingMemory = childPeakMemory(["--listing-only"])
  targets.append(
    BenchmarkTarget(
      name: "listing of 1,000,000 objects, peak memory", measured: listingMemory, limit: 150, unit: "MB",
      direction: .atMost, note: "a child process running --listing-only, VmHWM"))
}
printTargets(targets, loadBefore: loadBefore)
