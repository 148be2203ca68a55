import Foundation
import RulesEvaluator
import RulesSemantics
import RulesSyntax
import Synchronization

/// What a lint rule sees of one file: the analysed ruleset, every `allow` with its expanded
/// methods and full pattern, and helpers that follow conditions into the functions they call.
public final class LintContext: Sendable {
  public let ruleset: CheckedRuleset
  /// Every `allow` written directly in a match block, in source order.
  public let allows: [LintAllow]
  /// The time rules that compare with `request.time` are judged at.
  public let now: Date
  /// ``accessPaths(in:_:)`` of whole expressions (no outer bindings), which many rules ask for
  /// about the same conditions.
  let accessPathCache = Mutex<[SourceRange: [(path: AccessPath, range: SourceRange)]]>([:])
  /// ``constant(_:_:)`` of whole expressions (no outer bindings), by range.
  let constantCache = Mutex<[SourceRange: Value?]>([:])
  /// Evaluates constant expressions with the evaluator (``constant(_:_:)``).
  let constantFolder: ConstantFolder

  /// The deepest call chain followed when inlining functions (Firebase's call-depth limit).
  public static let maximumInliningDepth = RulesLimits.maximumCallDepth

  public init(ruleset: CheckedRuleset, now: Date) {
    self.ruleset = ruleset
    self.now = now
    self.constantFolder = ConstantFolder(ruleset)
    var allows: [LintAllow] = []
    for (index, match) in ruleset.matches.enumerated() {
      for statement in match.block.body {
        guard case .allow(let allow) = statement.kind else { continue }
        allows.append(
          LintAllow(
            statement: allow, range: statement.range, matchIndex: index, match: match,
            version: ruleset.version))
      }
    }
    self.allows = allows.sorted { $0.range.start < $1.range.start }
  }

  public var source: SourceFile { ruleset.source }
  public var version: RulesVersion { ruleset.version }
  /// Every match block with its full pattern, parents before children.
  public var matches: [ResolvedMatch] { ruleset.matches }
  public var functions: [ResolvedFunction] { ruleset.functions }

  /// The source text of `range`.
  public func text(_ range: SourceRange) -> String { source.text(range) }

  /// What the identifier `expression` refers to, if it is a resolved identifier.
  public func resolution(of expression: RulesSyntax.Expression) -> ResolvedName? {
    guard case .identifier = expression.kind else { return nil }
    return ruleset.resolution.names[expression.range.start]
  }

  /// The user function a call expression calls, as an index into ``functions``.
  public func calledFunction(_ call: RulesSyntax.Expression) -> Int? {
    guard case .call(let callee, _) = call.kind, case .identifier = callee.kind else { return nil }
    return ruleset.resolution.calls[callee.range.start]
  }

  /// The `return` expression of function `index`.
  public func returnExpression(ofFunction index: Int) -> RulesSyntax.Expression? {
    for statement in functions[index].declaration.body {
      if case .returnStatement(let value) = statement.kind { return value }
    }
    return nil
  }

  /// The full pattern of a match as written, such as `/b/{bucket}/o/users/{userId}`.
  public func patternText(_ segments: [PathSegment]) -> String {
    segments.isEmpty ? "" : ASTDump.render(PathPattern(segments: segments, range: .empty(at: 0)))
  }

  /// The index of the segment after the conventional `/b/{bucket}/o` root, or 0 when the
  /// pattern does not start with it.
  public func objectPathStart(_ segments: [PathSegment]) -> Int {
    guard segments.count >= 3, case .literal("b") = segments[0].kind, case .wildcard = segments[1].kind,
      case .literal("o") = segments[2].kind
    else { return 0 }
    return 3
  }
}
