import RulesSemantics
import RulesSyntax

/// Flags conditions whose function calls nest deeper than Firebase's compiler accepts.
struct CallDepth: LintRule {
  static let descriptor = RuleDescriptor(
    code: "RC201", name: "call-depth", category: .limits, defaultSeverity: .error,
    summary: "function calls nest deeper than Firebase compiles",
    rationale: """
      Firebase allows a call depth of 20: a chain of 21 functions, each calling the next, \
      compiles and runs; from 22 on the compiler refuses the file (`Maximum allowed call depth \
      of 20 is reached for [f1->…->f21] call stack.`) and `firebase deploy` stops. Chains that \
      deep come from helpers calling helpers; flatten them.
      """,
    examples: [
      .fails(Self.chain(22, marked: true)),
      .passes(Self.chain(21, marked: false)),
    ],
    limitations: "Recursion is reported by RS113 and not followed here.", blocksDeploy: true)

  /// A block with functions `f1` … `fN`, each calling the next, and a condition calling `f1`.
  static func chain(_ count: Int, marked: Bool) -> String {
    var lines = ["match /files/{fileName} {"]
    for index in 1...count {
      let body = index == count ? "request.auth != null" : "f\(index + 1)()"
      lines.append("  function f\(index)() { return \(body); }")
    }
    lines.append(marked ? "  allow read: if ⟦f1()⟧;" : "  allow read: if f1();")
    lines.append("}")
    return lines.joined(separator: "\n")
  }

  func check(_ context: LintContext, report: inout RuleReport) {
    var memo: [Int: Int] = [:]
    for allow in context.allows {
      guard let condition = allow.condition else { continue }
      for call in calls(in: [condition], context) {
        guard let function = context.calledFunction(call) else { continue }
        let depth = 1 + depthBelow(function, context, &memo, visiting: [])
        guard depth > RulesLimits.maximumCallDepth + 1 else { continue }
        report.report(
          "this call nests \(depth) function calls; Firebase compiles at most \(RulesLimits.maximumCallDepth + 1) "
            + "(Maximum allowed call depth of \(RulesLimits.maximumCallDepth) is reached.)",
          at: call.range)
      }
    }
  }

  /// The deepest chain of calls made inside function `index`'s body.
  private func depthBelow(
    _ index: Int, _ context: LintContext, _ memo: inout [Int: Int], visiting: Set<Int>
  ) -> Int {
    if let known = memo[index] { return known }
    guard !visiting.contains(index) else { return 0 }
    var body: [Expression] = []
    for statement in context.functions[index].declaration.body {
      switch statement.kind {
      case .letBinding(_, let value), .returnStatement(let value): body.append(value)
      }
    }
    var deepest = 0
    for call in calls(in: body, context) {
      guard let callee = context.calledFunction(call) else { continue }
      deepest = max(deepest, 1 + depthBelow(callee, context, &memo, visiting: visiting.union([index])))
    }
    memo[index] = deepest
    return deepest
  }

  /// The calls of user functions within `expressions`, without following them.
  private func calls(in expressions: [Expression], _ context: LintContext) -> [Expression] {
    var found: [Expression] = []
    var pending = expressions
    while let node = pending.popLast() {
      if context.calledFunction(node) != nil { found.append(node) }
      pending += context.children(of: node)
    }
    return found.sorted { $0.range.start < $1.range.start }
  }
}
