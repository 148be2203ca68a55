import RulesSemantics
import RulesSyntax

/// Flags parameters and `let` names that hide a wildcard, and functions that hide an outer
/// function of the same name.
struct ShadowedName: LintRule {
  static let descriptor = RuleDescriptor(
    code: "RC109", name: "shadowed-name", category: .correctness, defaultSeverity: .warning,
    summary: "a name hides a wildcard or an outer function",
    rationale: """
      Inside a function declared in a match block, the block's wildcards are visible. A \
      parameter or `let` with a wildcard's name hides it, so `userId` in the body means the \
      argument, which a later edit can easily confuse with the path segment. Likewise a \
      function declared in a nested block hides an outer function of the same name for the \
      statements of that block only. Rename the inner name.
      """,
    examples: [
      .fails(
        """
        match /users/{userId}/{fileName} {
          function isOwner(⟦userId⟧) {
            return request.auth != null && request.auth.uid == userId;
          }
          allow read: if isOwner(userId);
        }
        """),
      .fails(
        """
        function isAdmin() {
          return request.auth.token.admin == true;
        }
        match /reports/{fileName} {
          function ⟦isAdmin⟧() {
            return true;
          }
          allow read: if isAdmin();
        }
        """),
      .passes(
        """
        match /users/{userId}/{fileName} {
          function isOwner(uid) {
            return request.auth != null && request.auth.uid == uid;
          }
          allow read: if isOwner(userId);
        }
        """),
    ],
    limitations: "Names that hide built-ins are reported by RS122, not here.")

  func check(_ context: LintContext, report: inout RuleReport) {
    // The first function of each name in each scope (nil: outside any match), and each match's
    // wildcards by name (the first of each), built once.
    var firstByScope: [Scope: Int] = [:]
    firstByScope.reserveCapacity(context.functions.count)
    for (index, function) in context.functions.enumerated() {
      let scope = Scope(name: function.declaration.name.name, match: function.declaringMatch)
      if firstByScope[scope] == nil { firstByScope[scope] = index }
    }
    var wildcardsByMatch: [Int: [String: PathSegment]] = [:]
    for function in context.functions {
      let declaration = function.declaration
      if let match = function.declaringMatch {
        let wildcards =
          wildcardsByMatch[match]
          ?? context.matches[match].fullPattern.reduce(into: [String: PathSegment]()) { found, segment in
            if let name = segment.variableName, found[name] == nil { found[name] = segment }
          }
        wildcardsByMatch[match] = wildcards
        var names = declaration.parameters
        for statement in declaration.body {
          if case .letBinding(let name, _) = statement.kind { names.append(name) }
        }
        for name in names {
          guard let wildcard = wildcards[name.name] else { continue }
          report.report(
            "'\(name.name)' hides the wildcard {\(name.name)} inside function \(declaration.name.name)",
            at: name.range, notes: [DiagnosticNote("the wildcard", range: wildcard.range)])
        }
      }
      if let outer = outerFunction(function, firstByScope, context) {
        report.report(
          "function '\(declaration.name.name)' hides a function of the same name declared in an enclosing scope",
          at: declaration.name.range,
          notes: [
            DiagnosticNote("the hidden function", range: context.functions[outer].declaration.name.range)
          ])
      }
    }
  }

  /// A function name in the scope of a match (nil: outside every match).
  private struct Scope: Hashable {
    let name: String
    let match: Int?
  }

  /// The first-declared function with `function`'s name in a scope enclosing its own.
  private func outerFunction(
    _ function: ResolvedFunction, _ firstByScope: [Scope: Int], _ context: LintContext
  ) -> Int? {
    guard let match = function.declaringMatch else { return nil }
    let name = function.declaration.name.name
    var found = firstByScope[Scope(name: name, match: nil)]
    var current = context.matches[match].parent
    while let parent = current {
      if let candidate = firstByScope[Scope(name: name, match: parent)] {
        found = min(found ?? candidate, candidate)
      }
      current = context.matches[parent].parent
    }
    return found
  }
}
