import RulesEvaluator
import RulesTesting

/// Coverage as LCOV tracefile records (`--coverage out.lcov`), as Codecov and genhtml read
/// them: one `DA` line per statement (its first line, hit count = how often it granted, so a
/// statement that never granted is an uncovered line) and two `BRDA` branches per condition
/// (0 = true, 1 = false; `-` when it was never evaluated).
public struct CoverageLCOVRenderer: Sendable {
  public init() {}

  public func render(_ files: [FileCoverage]) -> String {
    var output = ""
    for file in files { output += render(file) }
    return output
  }

  public func render(_ file: FileCoverage) -> String {
    let index = file.source.lineIndex
    var lines = ["TN:", "SF:\(file.path)"]
    var counts: [Int: Int] = [:]
    for (statement, grants) in zip(file.layout.statements, file.coverage.grants) {
      let line = index.location(of: statement.range.start).line
      counts[line] = min(counts[line] ?? .max, grants)
    }
    var branches: [String] = []
    var found = 0
    var hit = 0
    for (position, (condition, outcomes)) in zip(file.layout.conditions, file.coverage.outcomes).enumerated()
    {
      let line = index.location(of: condition.range.start).line
      for (branch, count) in [outcomes.trueCount, outcomes.falseCount].enumerated() {
        branches.append("BRDA:\(line),\(position),\(branch),\(outcomes.evaluated ? String(count) : "-")")
        found += 1
        if count > 0 { hit += 1 }
      }
    }
    lines += branches
    lines.append("BRF:\(found)")
    lines.append("BRH:\(hit)")
    for line in counts.keys.sorted() { lines.append("DA:\(line),\(counts[line] ?? 0)") }
    lines.append("LF:\(counts.count)")
    lines.append("LH:\(counts.values.count { $0 > 0 })")
    lines.append("end_of_record")
    return lines.joined(separator: "\n") + "\n"
  }
}
