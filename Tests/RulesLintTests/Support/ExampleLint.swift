import RulesLint
import RulesSyntax

/// Linting example text the way `rulescheck lint` does, with the rule under test enabled.
enum ExampleLint {
  static func runner(for descriptor: RuleDescriptor, catalogue: RuleCatalogue = .standard) -> LintRunner {
    LintRunner(
      configuration: LintConfiguration(severityOverrides: [
        descriptor.code: .severity(descriptor.defaultSeverity)
      ]),
      catalogue: catalogue)
  }

  /// Every finding in `text`.
  static func findings(_ text: String, enabling descriptor: RuleDescriptor) -> [Diagnostic] {
    runner(for: descriptor).lint(SourceFile(path: "example.rules", text: text)).diagnostics
  }

  /// The findings of `code` in `text`.
  static func findings(of descriptor: RuleDescriptor, in text: String) -> [Diagnostic] {
    findings(text, enabling: descriptor).filter { $0.code == descriptor.code }
  }

  /// `text` with `line` inserted before each line holding the start of one of `ranges`,
  /// indented like that line, and where each range moved to.
  static func insertingLine(
    _ line: String, before ranges: [SourceRange], in text: String
  ) -> (text: String, ranges: [SourceRange]) {
    let bytes = Array(text.utf8)
    var lineStarts: [Int] = []
    for range in ranges {
      var start = min(range.start, bytes.count)
      while start > 0, bytes[start - 1] != UInt8(ascii: "\n") { start -= 1 }
      if !lineStarts.contains(start) { lineStarts.append(start) }
    }
    lineStarts.sort()
    var output: [UInt8] = []
    var position = 0
    var insertedBefore: [(offset: Int, length: Int)] = []
    for start in lineStarts {
      output += bytes[position..<start]
      let indent = bytes[start...].prefix { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }
      let inserted = Array(indent) + Array(line.utf8) + [UInt8(ascii: "\n")]
      output += inserted
      insertedBefore.append((start, inserted.count))
      position = start
    }
    output += bytes[position...]
    let moved = ranges.map { range in
      let shift = insertedBefore.filter { $0.offset <= range.start }.reduce(0) { $0 + $1.length }
      return SourceRange(start: range.start + shift, end: range.end + shift)
    }
    return (String(decoding: output, as: UTF8.self), moved)
  }
}
