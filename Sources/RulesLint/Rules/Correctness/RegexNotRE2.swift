import RulesRegex
import RulesSyntax

/// Flags regular expressions assembled from constants that RE2 (or any engine) rejects.
struct RegexNotRE2: LintRule {
  static let descriptor = RuleDescriptor(
    code: "RC112", name: "regex-not-re2", category: .correctness, defaultSeverity: .error,
    summary: "a regular expression built from constants is not valid RE2",
    rationale: """
      Rules use RE2, which has no lookaround, backreferences, atomic groups or possessive \
      quantifiers; a pattern that uses them is an evaluation error, so the condition never \
      grants. Semantic analysis checks pattern literals written directly in `matches()`, \
      `replace()` and `split()` (RS303, RS304); this rule checks patterns that reach those \
      calls through `+`, `let` bindings or function parameters.
      """,
    examples: [
      .fails(
        """
        match /files/{fileName} {
          allow get: if fileName.matches(⟦'.*' + '(?<![.]exe)'⟧);
        }
        """),
      .fails(
        """
        match /files/{fileName} {
          function named(pattern) {
            return fileName.matches(pattern);
          }
          allow get: if named(⟦'(a)\\\\1'⟧);
        }
        """),
      .passes(
        """
        match /files/{fileName} {
          allow get: if fileName.matches('.*' + '[.]pdf');
        }
        """),
    ],
    limitations: "Patterns that depend on the request (wildcards, metadata) cannot be checked.")

  func check(_ context: LintContext, report: inout RuleReport) {
    for call in context.regexCalls {
      let (written, _) = context.dereference(call.pattern, call.bindings)
      if case .string = call.pattern.kind { continue }  // RS303/RS304 check literals
      guard let pattern = context.constantString(call.pattern, call.bindings) else { continue }
      do {
        _ = try RegexPattern(pattern)
      } catch {
        switch error {
        case .unsupported(let construct, _):
          report.report(
            "\(construct) is not supported: rules use RE2 regular expressions (pattern '\(pattern)')",
            at: written.range)
        case .invalidPattern(let message, _):
          report.report(
            "invalid regular expression for \(call.method)(): \(message) (pattern '\(pattern)')",
            at: written.range)
        case .matchLimitExceeded, .matchFailed:
          continue
        }
      }
    }
  }
}
