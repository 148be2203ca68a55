import Foundation
import RulesSemantics
import RulesSyntax
import RulescheckTestSupport
import Testing

@testable import RulesEvaluator

/// ``UnknownSpines`` lets ``ConstantFolder`` skip the folds that surely end unknown: wherever it
/// says so, evaluating the fold gives the unknown error, on every expression of real files and
/// of many made-up ones.
@Suite struct UnknownSpineTests {
  /// Checks every condition of `checked` and every sub-expression of it and of each function's
  /// `return` expression, as a top-level fold (outside any call); returns how many the spines
  /// called unknown and how many expressions were checked.
  static func check(_ checked: CheckedRuleset, _ label: String) -> (unknown: Int, checked: Int) {
    let compiler = Compiler(checked: checked, folding: true)
    var spines = UnknownSpines(compiler)
    let evaluating = ConstantFolder(checked, skipsSurelyUnknown: false)
    var roots: [RulesSyntax.Expression] = []
    for match in checked.matches {
      for statement in match.block.body {
        if case .allow(let allow) = statement.kind, let condition = allow.condition {
          roots.append(condition)
        }
      }
    }
    for function in checked.functions {
      for statement in function.declaration.body {
        switch statement.kind {
        case .letBinding(_, let value), .returnStatement(let value): roots.append(value)
        }
      }
    }
    var unknown = 0
    var count = 0
    var pending = roots
    while let expression = pending.popLast() {
      expression.forEachChild { pending.append($0) }
      count += 1
      let context = Compiler.Context(wildcards: [], function: nil, locals: [:])
      guard spines.spine(expression, context) != nil else { continue }
      unknown += 1
      let value = evaluating.value(of: expression)
      #expect(
        value == nil,
        "\(label): \(checked.source.text(expression.range)) folds to \(value?.displayText ?? "")")
    }
    return (unknown, count)
  }

  @Test("every file of the repository: where the spines say unknown, the fold is unknown")
  func repositoryFiles() throws {
    let files = repositoryRulesFiles()
    #expect(files.count >= 10)
    var unknown = 0
    var count = 0
    for file in files {
      let text = try String(contentsOf: file, encoding: .utf8)
      let checked = SemanticAnalyzer.analyze(RulesParser.parse(text, path: file.lastPathComponent))
      let found = Self.check(checked, file.lastPathComponent)
      unknown += found.unknown
      count += found.checked
    }
    // Not a vacuous check: most reads of the request are found.
    #expect(unknown > 100 && unknown < count)
  }

  static let functions = """
    function signedIn() { return request.auth != null; }
    function owner(id) { return request.auth.uid == id; }
    function pick(a, b) { return a; }
    function yes() { return true; }
    function fails() { return 1 / 0; }
    function forever() { return forever(); }
    function deep(n) { return deeper(n) && signedIn(); }
    function deeper(n) { return owner(n) || request.time > n; }
    function heavy(s) { return s + s + s + s == s; }
    """

  /// Operands of every kind: unknown, constant, failing, deciding and calls.
  static let leaves = [
    "request.auth", "request.auth.uid", "request.resource.size", "resource.metadata.k", "x", "request",
    "1", "'a'", "null", "true", "false", "1 / 0", "[1, 2]", "{'k': 1}", "signedIn()", "owner(x)",
    "pick(1, request.auth)", "pick(request.auth, 1)", "yes()", "fails()", "forever()", "deep(x)",
    "heavy('b')", "firestore.get(/databases/(default)/documents/a/b)", "math.abs(request.resource.size)",
    "int(x)", "x.size()", "request.auth.uid.shout()", "get(/databases/(default)/documents/a/b)",
    "request.auth.token['admin']", "resource[x]", "request.path[0]", "x[0:1]",
  ]

  /// `count` expressions built from ``leaves`` with every operator, deterministically.
  static func madeUp(_ count: Int) -> [String] {
    var state: UInt64 = 0x9E37_79B9_7F4A_7C15
    func next(_ bound: Int) -> Int {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int((state >> 33) % UInt64(bound))
    }
    func expression(_ depth: Int) -> String {
      guard depth > 0, next(4) != 0 else { return leaves[next(leaves.count)] }
      let left = expression(depth - 1)
      let right = expression(depth - 1)
      switch next(12) {
      case 0: return "(\(left) && \(right))"
      case 1: return "(\(left) || \(right))"
      case 2: return "(\(left) == \(right))"
      case 3: return "(\(left) < \(right))"
      case 4: return "(\(left) + \(right))"
      case 5: return "(\(left) in [1, 'a'])"
      case 6: return "(\(left) in \(right))"
      case 7: return "!(\(left))"
      case 8: return "(\(left) ? \(right) : 1)"
      case 9: return "(\(left) is string)"
      case 10: return "string(\(left)).matches(\(right))"
      default: return "\(left)[\(right)]"
      }
    }
    return (0..<count).map { _ in expression(3) }
  }

  @Test("made-up conditions: where the spines say unknown, the fold is unknown")
  func madeUpConditions() throws {
    var unknown = 0
    // In batches: one ruleset of many statements each.
    for batch in 0..<8 {
      let conditions = Self.madeUp(250)
      let statements = conditions.enumerated().map { "match /f\(batch)_\($0)/{x} { allow read: if \($1); }" }
      let text = """
        rules_version = '2';
        service firebase.storage {
          match /b/{bucket}/o {
            \(Self.functions)
            \(statements.joined(separator: "\n    "))
          }
        }
        """
      let checked = SemanticAnalyzer.analyze(RulesParser.parse(text, path: "made-up.rules"))
      unknown += Self.check(checked, "made-up").unknown
    }
    #expect(unknown > 500)
  }

  @Test(arguments: [
    "request.auth != null", "signedIn() && owner(x)", "deep(x)", "x in ['a', 'b']",
    "firestore.get(/databases/(default)/documents/a/b).data.role == 'admin'",
    "request.resource.contentType.matches('image/.*')", "!(x in ['index.html'])",
  ])
  func surelyUnknown(_ condition: String) throws {
    let (folder, expression) = try FoldingLimitsTests.folder(condition, functions: Self.functions)
    var spines = UnknownSpines(Compiler(checked: folder.input.checked, folding: true))
    #expect(spines.spine(expression, Compiler.Context(wildcards: [], function: nil, locals: [:])) != nil)
    #expect(folder.value(of: expression) == nil)
  }

  /// Where the evaluator might give something else first, the fold runs.
  @Test(arguments: [
    "pick(1, request.auth)", "yes() || request.auth != null", "request.auth != null && yes()",
    "forever() && request.auth != null", "request.auth != null && forever()",
    "1 / 0 == request.auth.uid", "request.auth.uid.shout()", "(request.auth != null && heavy('b')) in [1]",
    "x in [" + (1...65).map(String.init).joined(separator: ", ") + "]",
  ])
  func notSurelyUnknown(_ condition: String) throws {
    let (folder, expression) = try FoldingLimitsTests.folder(condition, functions: Self.functions)
    var spines = UnknownSpines(Compiler(checked: folder.input.checked, folding: true))
    #expect(spines.spine(expression, Compiler.Context(wildcards: [], function: nil, locals: [:])) == nil)
  }
}
