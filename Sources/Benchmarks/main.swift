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

func measure(_ label: String, iterations: Int, _ body: () -> Void) {
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
}

let source = SourceFile(path: "generated.rules", text: rules)
if arguments.contains("--lint-profile") {
  benchmarkLintProfile(source)
  exit(0)
}
print("generated rules: \(rules.utf8.count) bytes, \(source.lineIndex.lineCount) lines")
let checked = SemanticAnalyzer.analyze(source)
print("diagnostics on the generated file: \(checked.diagnostics.count) (expected 0)")
measure("parse 256 KiB", iterations: 20) { _ = RulesParser.parse(source) }
measure("parse + analyze 256 KiB", iterations: 20) { _ = SemanticAnalyzer.analyze(source) }
let lintReport = LintRunner().lint(source)
print("lint findings on the generated file: \(lintReport.diagnostics.count)")
let lintContext = LintContext(ruleset: checked, now: Date())
_ = RuleCatalogue.standard.check(lintContext)
let work = lintContext.statistics
print(
  "lint work on the generated file: \(work.callInstances) call instances, \(work.inlinedNodes) nodes followed "
    + "through calls (budget \(LintLimits.maximumInlinedNodes)), \(work.foldedExpressions) expressions folded"
)
measure("full lint 256 KiB (parse, analysis, rule catalogue)", iterations: 20) {
  _ = LintRunner().lint(source)
}

if let handle = fopen("examples/storage.rules", "r") {
  var text = ""
  var buffer = [CChar](repeating: 0, count: 4096)
  while fgets(&buffer, Int32(buffer.count), handle) != nil { text += String(cString: buffer) }
  fclose(handle)
  benchmarkDecisions(rulesText: text)
} else {
  print("decide: run from the repository root to benchmark examples/storage.rules")
}
benchmarkListing()
benchmarkTestSuite()
