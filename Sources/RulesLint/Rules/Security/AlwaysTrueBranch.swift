import RulesAudit
import RulesEvaluator
import RulesSemantics
import RulesSyntax

/// Flags a branch of an `||` condition that grants a stranger or an anonymous caller, decided by
/// the evaluator, next to a branch that denies them: the check in the other branch is moot.
struct AlwaysTrueBranch: LintRule {
  static let descriptor = RuleDescriptor(
    code: "RC314", name: "always-true-branch", category: .security, defaultSeverity: .warning,
    summary: "a broad || branch makes the check beside it moot",
    rationale: """
      `allow write: if request.auth.uid == userId || request.auth != null;` reads like an owner \
      check, but `||` grants as soon as one branch is true, and `request.auth != null` is true \
      for every signed-in user: the owner check decides nothing. The same happens with a size \
      or content-type test joined by `||` where `&&` was meant \
      (`isOwner(uid) || request.resource.size < 1024`). Join the checks with `&&`, or drop the \
      broad branch.

      The rule asks the evaluator: the statement alone must grant a stranger (user `bob`, no \
      claims) or an anonymous caller on user `alice`'s instance of the pattern, the reported \
      branch must be the one that was true for that request, and another branch must have \
      been false (or an error, or not reached) for it and be a check of who the caller is: it \
      reads `request.auth.uid`, a token claim, `resource.metadata` or a Firestore document \
      (alternatives for different methods, such as `request.resource == null || …` for \
      deletes, are not reported). A branch that is constant true \
      (`|| true`) is RC301's (public-write) and RC302's (public-read) finding, reported at \
      error severity with the same range, so this rule leaves constant conditions to them.
      """,
    examples: [
      .fails(
        """
        match /users/{userId}/{fileName} {
          allow write: if request.auth.uid == userId || ⟦request.auth != null⟧;
        }
        """),
      .fails(
        """
        match /users/{userId}/{fileName} {
          function isOwner() {
            return request.auth != null && request.auth.uid == userId;
          }
          allow create: if isOwner() || ⟦request.resource.size < 1024⟧;
        }
        """),
      .passes(
        """
        match /users/{userId}/{fileName} {
          allow write: if request.auth.uid == userId && request.auth != null;
        }
        """),
      .passes(
        """
        match /users/{userId}/{fileName} {
          allow write: if request.auth.uid == userId || request.auth.token.admin == true;
        }
        """),
      .passes(
        """
        match /users/{userId}/{fileName} {
          allow write: if request.auth.uid == userId || true;
        }
        """),
      .passes(
        """
        match /{allPaths=**} {
          allow write: if (request.auth != null && request.resource == null)
            || (request.auth != null && request.resource.size < 1024);
        }
        """),
    ],
    limitations: """
      Only the top-level `||` branches of the condition as written are examined, not those \
      inside a function it calls. A branch meant to open the folder to every signed-in user is \
      reported too: remove the check it makes moot, or suppress with a reason.
      """)

  /// One finding: the statement, the branch at fault, and the message.
  struct Finding {
    var statement: SourceRange
    var branch: SourceRange
    var message: String
    /// The request the branch grants (deciding it allows it).
    var witness: Request
  }

  func check(_ context: LintContext, report: inout RuleReport) {
    for finding in Self.findings(context) { report.report(finding.message, at: finding.branch) }
  }

  /// Every finding of the rule in the file behind `context` (RC312 asks, to stay quiet on them).
  static func findings(_ context: LintContext) -> [Finding] {
    let facts = context.accessFacts
    guard let audit = facts.audit else { return [] }
    var result: [Finding] = []
    // One traced decision per candidate statement, within the audit's own decision budget (each
    // decision visits every block, so the file stays linear).
    var budget = audit.decisionBudget
    for allow in context.allows {
      guard let condition = allow.condition, context.constantBool(condition) == nil else { continue }
      let branches = Self.branches(condition)
      guard branches.count > 1, let statement = facts.statement(allow) else { continue }
      var witness: (AuditIdentity, RequestMethod, Request)?
      for identity in [AuditIdentity.anonymous, .stranger] where witness == nil {
        for method in RequestMethod.allCases where witness == nil {
          if let request = statement.grants[AccessKey(identity, method)] {
            witness = (identity, method, request)
          }
        }
      }
      guard let (identity, method, request) = witness, budget > 0 else { continue }
      budget -= 1
      let decision = audit.ruleset.decide(
        request, firestore: audit.options.firestore, detail: .everyStatementValues)
      guard
        let trace = decision.trace.first(where: { $0.block == allow.matchIndex })?.allows.first(where: {
          $0.range == allow.range
        }), trace.granted
      else { continue }
      func value(_ branch: Expression) -> Value? { trace.values.last { $0.range == branch.range }?.value }
      guard
        let culprit = branches.first(where: { if case .bool(true)? = value($0) { true } else { false } })
      else { continue }
      let checks = branches.filter { branch in
        guard branch.range != culprit.range, Self.readsIdentity(branch, context) else { return false }
        switch value(branch) {
        case .bool(false)?, .error?, nil: return true
        default: return false
        }
      }
      guard let check = checks.first else { continue }
      let who = identity == .anonymous ? "anyone, signed in or not," : "any signed-in user"
      let methods = RequestMethods(
        RequestMethod.allCases.filter { statement.grants[AccessKey(identity, $0)] != nil })
      let branch = Self.excerpt(context.text(culprit.range))
      let checkText = Self.excerpt(context.text(check.range))
      result.append(
        Finding(
          statement: allow.range, branch: culprit.range,
          message:
            "'\(branch)' is true for \(who), so the check '\(checkText)' beside it decides nothing: "
            + "\(who) can \(LintContext.spoken(methods.union([method]))) objects matching "
            + context.patternText(allow.fullPattern),
          witness: request))
    }
    return result
  }

  /// The operands of the top-level `||` chain of `condition`, left to right.
  static func branches(_ condition: Expression) -> [Expression] {
    var result: [Expression] = []
    var pending = [condition]
    while let node = pending.popLast() {
      if case .binary(.logicalOr, let left, let right) = node.kind {
        pending.append(right)
        pending.append(left)
      } else {
        result.append(node)
      }
    }
    return result
  }

  /// Firestore's look-ups, before and after the request (`getAfter`, `existsAfter`).
  private static let firestoreReads: Set<String> = ["get", "exists", "getAfter", "existsAfter"]

  /// Whether `branch` reads who the caller is or what the stored object says about it.
  private static func readsIdentity(_ branch: Expression, _ context: LintContext) -> Bool {
    if !context.builtinCalls("firestore", Self.firestoreReads, in: branch).isEmpty {
      return true
    }
    return context.reads(branch) { path in
      path.starts(with: "request", "auth") && !path.members.dropFirst().isEmpty
        || path.starts(with: "resource", "metadata")
    }
  }

  /// `text` on one line, shortened to 40 characters.
  static func excerpt(_ text: String) -> String {
    let line = text.split(whereSeparator: \.isNewline).map { $0.trimmingPrefix(while: \.isWhitespace) }
      .joined(
        separator: " ")
    return line.count > 40 ? String(line.prefix(39)) + "…" : line
  }
}
