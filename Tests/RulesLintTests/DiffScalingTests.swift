import RulesSyntax
import Testing

@testable import RulesLint

/// Diffs of many changes: correct (the diff turns the old text into the new one) and within
/// the work budget linear in the number of lines.
@Suite struct DiffScalingTests {
  /// `old` with the hunks of the unified `diff` applied.
  private func patch(_ old: String, with diff: String) -> String {
    var source = old.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
    var output: [String] = []
    var next = 0
    for line in diff.split(separator: "\n").dropFirst(2) {
      if line.hasPrefix("@@") {
        let start = Int(line.dropFirst(4).prefix { $0 != "," }) ?? 1
        let keep = max(0, start - 1)
        output += source[next..<keep]
        next = keep
      } else if line.hasPrefix(" ") {
        output.append(source[next])
        next += 1
      } else if line.hasPrefix("-") {
        next += 1
      } else if line.hasPrefix("+") {
        output.append(String(line.dropFirst()))
      }
    }
    output += source[next...]
    source = output
    return source.map { $0 + "\n" }.joined()
  }

  private func lines(_ diff: String, starting marker: Character) -> Int {
    diff.split(separator: "\n").dropFirst(2).filter { $0.first == marker }.count
  }

  private func work(_ old: String, _ new: String) -> (work: Int, budget: Int) {
    let a = old.split(separator: "\n").map { $0.hashValue }
    let b = new.split(separator: "\n").map { $0.hashValue }
    let budget = LineDiff.baseWork + LineDiff.workPerLine * (a.count + b.count)
    return (LineDiff.run(a, b).work, budget)
  }

  @Test func sevenThousandFixesGiveACorrectDiff() {
    let head =
      "rules_version = '2';\nservice firebase.storage {\n  match /b/{bucket}/o {\n    match /f/{x} {\n"
    let tail = "    }\n  }\n}\n"
    let old = head + String(repeating: "      allow read, get: if true;\n", count: 7_000) + tail
    // One edit per line, as RC105's fix removes the redundant `get`.
    var edits: [TextEdit] = []
    var offset = head.utf8.count
    for _ in 0..<7_000 {
      edits.append(TextEdit(range: SourceRange(start: offset + 16, end: offset + 21), replacement: ""))
      offset += "      allow read, get: if true;\n".utf8.count
    }
    let fixed = FixApplier.apply(edits, to: Array(old.utf8))
    #expect(fixed.applied == 7_000)
    let new = String(decoding: fixed.bytes, as: UTF8.self)
    #expect(new == head + String(repeating: "      allow read: if true;\n", count: 7_000) + tail)
    let diff = UnifiedDiff.render(old: old, new: new, oldPath: "a/x.rules", newPath: "b/x.rules")
    #expect(lines(diff, starting: "-") == 7_000)
    #expect(lines(diff, starting: "+") == 7_000)
    #expect(patch(old, with: diff) == new)
    let cost = work(old, new)
    #expect(cost.work <= cost.budget)
    // No line in common between the changed runs: no search for a shorter script.
    #expect(cost.work < 100_000)
  }

  @Test func repeatedLinesWithNoAnchorStayWithinTheBudget() {
    let old = String(repeating: "x\nk\n", count: 2_500)
    let new = String(repeating: "y\nk\n", count: 2_500)
    let diff = UnifiedDiff.render(old: old, new: new, oldPath: "a", newPath: "b")
    #expect(patch(old, with: diff) == new)
    let cost = work(old, new)
    #expect(cost.work <= cost.budget + 10_000)
  }

  @Test func uniqueLinesAnchorALargeDiffToItsShortestScript() {
    let old = (0..<5_000).map { "line \($0)\n" }.joined()
    let new = (0..<5_000).map { $0 % 10 == 3 ? "changed \($0)\n" : "line \($0)\n" }.joined()
    let diff = UnifiedDiff.render(old: old, new: new, oldPath: "a", newPath: "b")
    #expect(lines(diff, starting: "-") == 500)
    #expect(lines(diff, starting: "+") == 500)
    #expect(patch(old, with: diff) == new)
    #expect(diff.split(separator: "\n").filter { $0.hasPrefix("@@") }.count == 500)
  }
}
