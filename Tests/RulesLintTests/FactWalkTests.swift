import Foundation
import RulesSemantics
import RulesSyntax
import RulescheckTestSupport
import Synchronization
import Testing

@testable import RulesLint

/// The facts walk (``FactWalk``), the auth-guard walk (``AuthGuardWalk``) and the chains they
/// resolve (``LintContext/accessPath(_:_:)``) recurse a few frames, then go on with a stack or a
/// loop from where they got to. What they find must not depend on
/// where they changed over: the same on every file with the stack alone (depth 0), changing
/// over after a few frames, and by default, down to the order of every read and call, the
/// slices of each comparison's sides and the unguarded reads; and the findings the same.
@Suite struct FactWalkTests {
  /// A line per fact of every `allow` of `context`, in order, with the facts the rules share.
  static func described(_ context: LintContext) -> [String] {
    var lines: [String] = []
    for allow in context.allows {
      let facts = context.facts(for: allow)
      lines.append("allow \(allow.range.start)")
      for (path, range) in facts.accessPaths { lines.append("read \(path) \(range.start)-\(range.end)") }
      for comparison in facts.comparisons {
        lines.append(
          "compare \(comparison.op) \(comparison.range.start)-\(comparison.range.end) "
            + "\(comparison.leftPath?.description ?? "-") \(comparison.rightPath?.description ?? "-") "
            + "\(String(describing: comparison.leftReads)) \(String(describing: comparison.rightReads)) "
            + "\(comparison.bindings.instance)")
      }
      for (call, bindings) in facts.calls { lines.append("call \(call.range.start) \(bindings.instance)") }
      for call in facts.userCalls { lines.append("user call \(call.range.start)") }
      for (call, _) in facts.firestoreLookups { lines.append("lookup \(call.range.start)") }
    }
    for (path, range) in context.authReads { lines.append("unguarded \(path) \(range.start)") }
    for call in context.regexCalls { lines.append("regex \(call.method) \(call.pattern.range.start)") }
    let work = context.statistics
    lines.append("work \(work.callInstances) \(work.inlinedNodes) \(work.factWalks)")
    return lines
  }

  /// Every rule but those that decide requests with the evaluator, which read the audit's
  /// facts, not these (and whose audit walk, `Walker.addReads`, recurses through the calls of
  /// the deep file below deeper than even an 8 MiB stack in a debug build).
  static let catalogue = RuleCatalogue(
    rules: RuleCatalogue.standard.rules.filter {
      !RuleCatalogue.evaluatorBackedCodes.contains($0.descriptor.code)
    })

  /// The facts and the findings of `checked` with the walk changing over at `depth`.
  static func run(_ checked: CheckedRuleset, depth: Int) -> (facts: [String], findings: [String]) {
    let now = Date(timeIntervalSince1970: 1_800_000_000)
    let context = LintContext(
      ruleset: checked, now: now, prefetchingAccessFacts: false, thenRunning: nil, walkRecursionDepth: depth)
    let findings = catalogue.check(context).map {
      "\($0.id.code) \($0.range.start)-\($0.range.end) \($0.message)"
    }
    return (described(context), findings)
  }

  /// The facts and findings of `source` with the walk changing over at each depth of
  /// ``depths``, the default's first.
  static func runAtEveryDepth(_ source: String, path: String) -> [(facts: [String], findings: [String])] {
    let checked = SemanticAnalyzer.analyze(RulesParser.parse(source, path: path))
    return depths.map { run(checked, depth: $0) }
  }

  /// The default depth, then the stack alone, then changing over after one frame and after three.
  static let depths = [LintLimits.maximumWalkRecursionDepth, 0, 1, 3]

  /// Expects every depth's facts and findings to be the default's; returns how many facts.
  static func expectSame(_ runs: [(facts: [String], findings: [String])], _ path: String) -> Int {
    guard let deep = runs.first else { return 0 }
    for (depth, other) in zip(depths, runs).dropFirst() {
      #expect(other.facts == deep.facts, "\(path) at depth \(depth)")
      #expect(other.findings == deep.findings, "\(path) at depth \(depth)")
    }
    return deep.facts.count
  }

  @Test func sameFactsWhereverTheWalkChangesOverOnTheRepositorysFiles() throws {
    var facts = 0
    for file in repositoryRulesFiles() {
      let runs = Self.runAtEveryDepth(try String(contentsOf: file, encoding: .utf8), path: file.path)
      facts += Self.expectSame(runs, file.path)
    }
    #expect(facts > 500)
  }

  /// Functions calling each other as deep as Firebase allows, each with arguments read in
  /// comparisons, and conditions nested near the parser's bound: the walk changes over inside
  /// function bodies and inside comparison sides.
  static let deepSource: String = {
    // Each body nested nearly as deep as the parser allows, around the next call: walked by
    // recursion alone, the walk would be about 3,600 frames deep.
    let depth = SyntaxDiagnostics.maximumNesting - 20
    var functions: [String] = []
    for level in 0..<20 {
      let call = level == 19 ? "request.auth.uid == owner" : "level\(level + 1)(owner, size + 1)"
      let body = String(repeating: "!", count: depth) + "(request.resource.size < size * 1024 && \(call))"
      functions.append("function level\(level)(owner, size) { return \(body); }")
    }
    let negations = String(repeating: "!", count: depth) + "(request.auth.token.admin == true)"
    let chain = "request.resource.metadata" + String(repeating: ".a", count: depth)
    return """
      rules_version = '2';
      service firebase.storage {
        match /b/{bucket}/o {
          \(functions.joined(separator: "\n    "))
          function negated() { return \(negations); }
          match /users/{userId}/{file} {
            allow write: if level0(userId, 1) && negated();
            allow read: if \(chain) == 'x' && request.auth.uid == userId;
            allow delete: if level0(request.auth.uid, resource.size) || negated();
            allow update: if request.resource.metadata[request.auth.uid] == 'x' && resource.metadata[userId][file] == 'y';
          }
        }
      }
      """
  }()

  @Test func sameFactsOnDeepCallsAndNesting() {
    #expect(Self.expectSame(Self.runAtEveryDepth(Self.deepSource, path: "deep.rules"), "deep.rules") > 100)
  }

  /// What `body` returns, run on a new thread with a stack of `stackSize` bytes.
  static func onThread<Value: Sendable>(stackSize: Int, _ body: @escaping @Sendable () -> Value) -> Value? {
    let result = Mutex<Value?>(nil)
    let done = DispatchSemaphore(value: 0)
    let thread = Thread {
      let value = body()
      result.withLock { $0 = value }
      done.signal()
    }
    thread.stackSize = stackSize
    thread.start()
    done.wait()
    return result.withLock { $0 }
  }

  /// What one walk of each `allow` condition of `context` finds, changing over at `depth`.
  static func walks(_ context: LintContext, depth: Int) -> [String] {
    context.allows.compactMap(\.condition).map { condition in
      let facts = context.collectFacts(condition, Bindings(), recursionDepth: depth)
      return "\(facts.accessPaths.map(\.path)) \(facts.comparisons.map(\.range)) \(facts.calls.count)"
    }
  }

  /// The facts walk at its default depth fits a 512 KiB thread stack (a secondary thread's on
  /// macOS) in a debug build, on calls as deep as Firebase allows and nesting at the parser's
  /// bound. Only the walk runs there: the context is made on this thread, since the auth-guard
  /// walk's recursion on the negations does not fit such a stack in a debug build.
  @Test func defaultDepthFitsASecondaryThreadsStack() {
    let checked = SemanticAnalyzer.analyze(RulesParser.parse(Self.deepSource, path: "deep.rules"))
    let now = Date()
    let context = LintContext(ruleset: checked, now: now)
    let walked = Self.onThread(stackSize: 512 * 1024) {
      Self.walks(context, depth: LintLimits.maximumWalkRecursionDepth)
    }
    let expected = Self.walks(LintContext(ruleset: checked, now: now), depth: 0)
    #expect(walked == expected)
    #expect(expected.count == 4)
  }
}
