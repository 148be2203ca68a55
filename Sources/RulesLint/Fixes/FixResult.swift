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

  /// Applies the fixes of the fixable catalogue rules' findings (those reported with this
  /// runner's configuration and suppressions), lints again and repeats until nothing changes.
  public func fix(_ source: SourceFile) -> FixResult {
    // Removing a byte order mark changes nothing else, so that syntax finding is fixed too.
    let fixable = Set(
      catalogue.descriptors.filter(\.isFixable).map(\.code) + [SyntaxDiagnostics.byteOrderMark.code])
    var current = source
    var applied = 0
    for _ in 0..<Self.maximumFixRounds {
      let edits = lint(current).diagnostics.filter { fixable.contains($0.code) }.flatMap {
        $0.fixes.first?.edits ?? []
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
