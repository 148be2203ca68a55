import RulesSyntax

/// Notes reads of `request.auth.uid` (or a token claim) with no earlier `request.auth != null`.
struct UnguardedAuthUID: LintRule {
  static let descriptor = RuleDescriptor(
    code: "RC104", name: "unguarded-auth-uid", category: .correctness, defaultSeverity: .note,
    summary: "request.auth.uid is read without checking request.auth != null",
    rationale: """
      For a signed-out client `request.auth` is null and `request.auth.uid` is an error. The \
      request is denied either way, so nothing leaks, but the rule then relies on an error \
      to deny, which is easy to break when the condition grows an `||`, and the simulator \
      and the console show an error instead of `false`. Write \
      `request.auth != null && request.auth.uid == userId`.
      """,
    examples: [
      .fails(
        """
        match /users/{userId}/{fileName} {
          allow read: if ⟦request.auth.uid⟧ == userId;
        }
        """),
      .fails(
        """
        match /users/{userId}/{fileName} {
          allow read: if ⟦request.auth.token.email_verified⟧ && request.auth.uid == userId;
        }
        """),
      .passes(
        """
        match /users/{userId}/{fileName} {
          allow read: if request.auth != null && request.auth.uid == userId;
        }
        """),
      .passes(
        """
        match /users/{userId}/{fileName} {
          function signedIn() {
            return request.auth != null;
          }
          allow read: if signedIn() && request.auth.uid == userId;
        }
        """),
      .passes(
        """
        match /users/{userId}/{fileName} {
          allow read: if request.auth == null || request.auth.uid == userId;
        }
        """),
    ],
    limitations: """
      A guard is recognised on the left of `&&` (or as `request.auth == null ||`), directly or \
      in a function it calls; a check made in a different `allow` is not.
      """)

  func check(_ context: LintContext, report: inout RuleReport) {
    for allow in context.allows {
      guard let condition = allow.condition else { continue }
      var budget = LintContext.maximumInlinedNodes
      visit(condition, Bindings(), guarded: false, context, &report, budget: &budget)
    }
  }

  private func visit(
    _ expression: Expression, _ bindings: Bindings, guarded: Bool, _ context: LintContext,
    _ report: inout RuleReport, budget: inout Int
  ) {
    if bindings.depth > 0 { budget -= 1 }
    switch expression.kind {
    case .binary(.logicalAnd, let left, let right):
      visit(left, bindings, guarded: guarded, context, &report, budget: &budget)
      visit(
        right, bindings, guarded: guarded || establishes(left, bindings, signedIn: true, context), context,
        &report, budget: &budget)
    case .binary(.logicalOr, let left, let right):
      visit(left, bindings, guarded: guarded, context, &report, budget: &budget)
      visit(
        right, bindings, guarded: guarded || establishes(left, bindings, signedIn: false, context), context,
        &report, budget: &budget)
    case .ternary(let condition, let then, let otherwise):
      visit(condition, bindings, guarded: guarded, context, &report, budget: &budget)
      visit(
        then, bindings, guarded: guarded || establishes(condition, bindings, signedIn: true, context),
        context, &report, budget: &budget)
      visit(otherwise, bindings, guarded: guarded, context, &report, budget: &budget)
    case .member, .index:
      if let path = context.accessPath(expression, bindings), path.starts(with: "request", "auth"),
        path.members.count >= 2
      {
        if !guarded {
          report.report(
            "\(path) is an error when the user is signed out; check request.auth != null first",
            at: expression.range)
        }
        return
      }
      for child in context.children(of: expression) {
        visit(child, bindings, guarded: guarded, context, &report, budget: &budget)
      }
    case .call(let callee, let arguments):
      // A method's name is not a field: `x.matches(p)` reads `x`.
      if case .member(let base, _) = callee.kind {
        visit(base, bindings, guarded: guarded, context, &report, budget: &budget)
      }
      for argument in arguments {
        visit(argument, bindings, guarded: guarded, context, &report, budget: &budget)
      }
      if budget > 0, let (body, inner) = context.inlinedBody(of: expression, bindings: bindings) {
        visit(body, inner, guarded: guarded, context, &report, budget: &budget)
      }
    default:
      for child in context.children(of: expression) {
        visit(child, bindings, guarded: guarded, context, &report, budget: &budget)
      }
    }
  }

  /// How many nested calls ``establishes(_:_:signedIn:_:)`` follows: shallow on purpose, as
  /// `f() && f()` in every helper would double the work per level.
  private static let maximumGuardDepth = 6

  /// Whether `expression` being true (`signedIn: true`) or false (`signedIn: false`) means
  /// the user is signed in.
  private func establishes(
    _ expression: Expression, _ bindings: Bindings, signedIn: Bool, _ context: LintContext
  ) -> Bool {
    let (expression, bindings) = context.dereference(expression, bindings)
    switch expression.kind {
    case .binary(.logicalAnd, let left, let right) where signedIn:
      return establishes(left, bindings, signedIn: true, context)
        || establishes(right, bindings, signedIn: true, context)
    case .binary(.logicalOr, let left, let right) where !signedIn:
      return establishes(left, bindings, signedIn: false, context)
        || establishes(right, bindings, signedIn: false, context)
    case .unary(.logicalNot, let operand):
      return establishes(operand, bindings, signedIn: !signedIn, context)
    case .binary(let op, let left, let right) where op == .equal || op == .notEqual:
      let comparesAuth = [(left, right), (right, left)].contains { one, other in
        guard let path = context.accessPath(one, bindings), path.starts(with: "request", "auth"),
          path.members.count <= 2
        else { return false }
        return context.isNull(other, bindings)
      }
      return comparesAuth && ((op == .notEqual) == signedIn)
    case .call:
      guard bindings.depth < Self.maximumGuardDepth,
        let (body, inner) = context.inlinedBody(of: expression, bindings: bindings)
      else { return false }
      return establishes(body, inner, signedIn: signedIn, context)
    default:
      return signedIn
        && context.reads(expression, bindings) { $0.starts(with: "request", "auth") && $0.members.count >= 2 }
    }
  }
}
