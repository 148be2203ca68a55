import RulesSemantics

/// rulescheck's budgets for the lint catalogue, each keeping a file's lint linear in its size.
public enum LintLimits {
  /// Expression nodes inside called functions that the catalogue follows per file, shared by
  /// every rule and walk. Each function body is walked once per distinct set of arguments
  /// (``CallInstance``), so the 256 KiB benchmark file uses about a fifth of this and none of the
  /// 261 public storage.rules files of the corpus reaches it; it keeps the worst file under
  /// 0.5 s (helpers calling helpers twice with new arguments, 12 deep); past it,
  /// calls are no longer followed and one RS190 note says findings may be incomplete.
  public static let maximumInlinedNodes = 300_000

  /// Match blocks walked by the decisions of the rules that ask the evaluator who may do what
  /// (RC113, RC114, RC312, RC313, RC314), per file: each decision is charged as if it walked
  /// every block (at worst it does) and evaluates every matching statement on its own, so a
  /// file of many blocks gets fewer decisions
  /// (``RulesAudit/AuditOptions/blockVisits``). A quarter of `rulescheck audit`'s budget: lint
  /// runs on every save. Past it, the blocks not yet decided are left out and one RS190 note says
  /// from which block on.
  public static let maximumAccessBlockVisits = 1_000_000

  /// Frames the lint's walks of the syntax tree recurse (the facts walk, the auth-guard walk, a
  /// chain's resolution, `nodeCount`), each node borrowed from its parent, before they go on
  /// with the stack walk or loop they replaced, from the node they reached and in the same
  /// order: what they find does not depend on it. It keeps a walk within a 512 KiB thread stack
  /// in a debug build whatever the nesting and the calls (docs/benchmarks.md).
  public static let maximumWalkRecursionDepth = 48

  /// The deepest chain of calls followed (Firebase's call-depth limit).
  public static let maximumInliningDepth = RulesLimits.maximumCallDepth

  /// Scalars of a match path shown in a message; a longer one is shortened in the middle, so a
  /// finding's message never grows with the file.
  public static let maximumPatternTextLength = 200
}
