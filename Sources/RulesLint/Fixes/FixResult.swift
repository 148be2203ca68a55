import RulesSyntax

/// What `--fix` did to one file.
public struct FixResult: Sendable {
  public let original: SourceFile
  public let fixed: SourceFile
  /// How many edits were applied, over all rounds.
  public let appliedEdits: Int

  public var changed: Bool { original.bytes != fixed.bytes }
}

extension LintRunner {
  /// The most rounds of fixing: a fix may only become possible once another is applied.
  public static let maximumFixRounds = 10

  /// Applies the preferred fix of every reported finding (with this runner's configuration
  /// and suppressions; turned-off and suppressed findings are left alone) whose applicability
  /// is at least `minimum`, lints again and repeats until nothing changes.
  ///
  /// `.safe` (`lint --fix`) keeps every decision the rules make; `.unsafe`
  /// (`--fix --unsafe-fixes`) also applies fixes that may change them. Fixes of every
  /// producer count: lint rules, semantic analysis and the parser.
  public func fix(_ source: SourceFile, applying minimum: Applicability = .safe) -> FixResult {
    var current = source
    var applied = 0
    for _ in 0..<Self.maximumFixRounds {
      let edits = lint(current).diagnostics.flatMap { diagnostic -> [TextEdit] in
        guard let fix = diagnostic.fixes.first, fix.applies(at: minimum) else { return [] }
        return fix.edits
      }
      guard !edits.isEmpty else { break }
      let result = FixApplier.apply(edits, to: current.bytes)
      guard result.bytes != current.bytes else { break }
      applied += result.applied
      current = SourceFile(path: source.path, bytes: result.bytes)
    }
    return FixResult(original: source, fixed: current, appliedEdits: applied)
  }
}
