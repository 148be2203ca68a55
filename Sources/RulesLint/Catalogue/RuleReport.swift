import RulesSyntax

/// Collects one rule's findings in one file, each with the rule's identity and default severity.
public struct RuleReport: Sendable {
  public let id: DiagnosticID
  /// The findings so far, in the order reported, without repeats.
  public private(set) var diagnostics: [Diagnostic] = []
  private var seen: Set<SourceRange> = []

  public init(id: DiagnosticID) {
    self.id = id
  }

  /// Reports a finding at `range`; a second finding at the same range is dropped (and its
  /// message never built).
  public mutating func report(
    _ message: @autoclosure () -> String, at range: SourceRange,
    notes: @autoclosure () -> [DiagnosticNote] = [],
    fix: @autoclosure () -> Fix? = nil
  ) {
    guard seen.insert(range).inserted else { return }
    diagnostics.append(Diagnostic(id, message(), at: range, notes: notes(), fixes: fix().map { [$0] } ?? []))
  }
}
