import Foundation
import RulesSemantics
import RulesSyntax
import RulescheckTestSupport
import Synchronization
import Testing

@testable import RulesLint

/// ``LintContext/nodeCount(_:)`` counts by recursion, then with a stack past
/// ``LintLimits/maximumWalkRecursionDepth`` frames: it must count what a walk of every child counts,
/// on real files (the recursion) and on the deepest trees the parser makes (both), within a
/// secondary thread's stack. Counted by recursion alone, it overflowed that stack in a debug
/// build at 195 nested negations (docs/benchmarks.md).
@Suite struct NodeCountTests {
  /// Every node under `expression`, counted with a stack of its children as written.
  static func reference(_ expression: RulesSyntax.Expression) -> Int {
    var count = 0
    var pending = [expression]
    while let node = pending.popLast() {
      count += 1
      node.forEachChild { pending.append($0) }
    }
    return count
  }

  /// Every `let` value and `return` of every function of `source`'s file.
  static func functionBodies(_ source: String, path: String) -> [RulesSyntax.Expression] {
    let checked = SemanticAnalyzer.analyze(RulesParser.parse(source, path: path))
    return checked.functions.flatMap { function in
      function.declaration.body.map { statement in
        switch statement.kind {
        case .letBinding(_, let value), .returnStatement(let value): value
        }
      }
    }
  }

  @Test func countsWhatEveryChildCountsOnTheRepositorysFiles() throws {
    var bodies = 0
    for file in repositoryRulesFiles() {
      let text = try String(contentsOf: file, encoding: .utf8)
      for body in Self.functionBodies(text, path: file.path) {
        #expect(LintContext.nodeCount(body) == Self.reference(body), "\(file.lastPathComponent)")
        bodies += 1
      }
    }
    #expect(bodies > 40)
  }

  /// The deepest trees the parser makes (a member chain, an index chain and negations just
  /// under its nesting bound, and a chain far past it, which it cuts), counted on a thread with
  /// a 512 KiB stack (a secondary thread's on macOS).
  @Test func countsTheDeepestTreesWithinASecondaryThreadsStack() {
    let depth = SyntaxDiagnostics.maximumNesting - 5
    let values = [
      "request" + String(repeating: ".a", count: depth) + " == 1",
      "request.b" + String(repeating: "[0]", count: depth) + " == 2",
      String(repeating: "!", count: depth) + "false",
      "request" + String(repeating: ".a", count: 100_000) + " == 1",
    ]
    let functions = values.enumerated().map { "function f\($0)() { return \($1); }" }
    let source = """
      rules_version = '2';
      service firebase.storage {
        match /b/{bucket}/o {
          \(functions.joined(separator: "\n    "))
          match /x { allow write: if f0() && f1() && f2() && f3(); }
        }
      }
      """
    let bodies = Self.functionBodies(source, path: "deep.rules")
    #expect(bodies.count == values.count)
    let counted = Mutex<[Int]>([])
    let done = DispatchSemaphore(value: 0)
    let thread = Thread {
      counted.withLock { $0 = bodies.map(LintContext.nodeCount) }
      done.signal()
    }
    thread.stackSize = 512 * 1024
    thread.start()
    done.wait()
    let expected = bodies.map(Self.reference)
    #expect(counted.withLock { $0 } == expected)
    // Each of the first three is as deep as it was written.
    for count in expected.prefix(3) { #expect(count > depth) }
  }
}
