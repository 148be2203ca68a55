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
    let below = depthsBelow(context)
    for allow in context.allows {
      for call in context.facts(for: allow).userCalls {
        guard let function = context.calledFunction(call) else { continue }
        let depth = 1 + below[function]
        guard depth > RulesLimits.maximumCallDepth + 1 else { continue }
        report.report(
          "this call nests \(depth) function calls; Firebase compiles at most \(RulesLimits.maximumCallDepth + 1) "
            + "(Maximum allowed call depth of \(RulesLimits.maximumCallDepth) is reached.)",
          at: call.range)
      }
    }
  }

  /// For each function, the deepest chain of calls made inside its body: one depth-first
  /// search over the call graph, without recursion. A call back into a function still being
  /// measured (recursion, RS113) counts as a chain of one.
  private func depthsBelow(_ context: LintContext) -> [Int] {
    let callees = calleesWritten(context)
    var depth = [Int?](repeating: nil, count: callees.count)
    var active = [Bool](repeating: false, count: callees.count)
    for root in callees.indices where depth[root] == nil {
      var stack = [(function: root, next: 0, deepest: 0)]
      active[root] = true
      while let top = stack.last {
        let function = top.function
        if top.next < callees[function].count {
          let callee = callees[function][top.next]
          stack[stack.count - 1].next += 1
          if let known = depth[callee] {
            stack[stack.count - 1].deepest = max(top.deepest, 1 + known)
          } else if active[callee] {
            stack[stack.count - 1].deepest = max(top.deepest, 1)
          } else {
            active[callee] = true
            stack.append((callee, 0, 0))
          }
          continue
        }
        depth[function] = top.deepest
        active[function] = false
        stack.removeLast()
        if !stack.isEmpty {
          stack[stack.count - 1].deepest = max(stack[stack.count - 1].deepest, 1 + top.deepest)
        }
      }
    }
    return depth.map { $0 ?? 0 }
  }

  /// For each function, the user functions its body calls, in the order written: the
  /// analysis's resolved calls (``RulesSemantics/NameResolution/calls``, the calls
  /// ``LintContext/calledFunction(_:)`` reads) that fall inside the body, found by one merge of
  /// the call sites and the bodies in source order instead of a walk of every body.
  private func calleesWritten(_ context: LintContext) -> [[Int]] {
    let ranges = context.functions.map(\.declaration.bodyRange)
    var callees = [[Int]](repeating: [], count: ranges.count)
    // Function bodies do not nest: each call site is inside at most one.
    let bodies = ranges.indices.sorted { ranges[$0].start < ranges[$1].start }
    var sites: [(offset: Int, function: Int)] = []
    sites.reserveCapacity(context.ruleset.resolution.calls.count)
    for (offset, function) in context.ruleset.resolution.calls { sites.append((offset, function)) }
    sites.sort { $0.offset < $1.offset }
    var next = 0
    for site in sites {
      while next < bodies.count, ranges[bodies[next]].end <= site.offset { next += 1 }
      guard next < bodies.count else { break }
      if ranges[bodies[next]].start <= site.offset { callees[bodies[next]].append(site.function) }
    }
    return callees
  }
}
