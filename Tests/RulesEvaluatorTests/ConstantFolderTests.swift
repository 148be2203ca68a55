import RulesEvaluator
import RulesSemantics
import RulesSyntax
import Testing

/// ``ConstantFolder`` runs the evaluator without a request: what a request supplies is
/// unknown, `&&` and `||` absorb an unknown operand only when the other one decides.
@Suite struct ConstantFolderTests {
  /// The folded value of the condition of the only `allow` in `match /f/{x}`, next to
  /// `functions`.
  static func fold(_ condition: String, functions: String = "") throws -> Value? {
    let (folder, condition) = try FoldingLimitsTests.folder(condition, functions: functions)
    return folder.value(of: condition)
  }

  static let functions = """
    function yes() { return no() || true; }
    function no() { return false; }
    function owner() { return request.auth.uid; }
    function pick(a, b) { return a; }
    function forever() { return forever(); }
    """

  @Test(arguments: [
    ("1 + 2 * 3", "7"), ("'a' + 1", "error: Unsupported operation error."),
    ("request.auth != null || true", "true"), ("true || request.auth != null", "true"),
    ("x == 'a' && false", "false"), ("1 / 0 || x == 'a' || true", "true"),
    ("1 / 0 == request.auth.uid", "error: Divide by zero error."), ("yes()", "true"),
    ("pick(1, request.auth.uid)", "1"), ("pick(1, 1 / 0)", "1"),
    ("true ? 'then' : request.auth.uid", "'then'"),
    ("forever()", "error: Maximum function call depth of 20 exceeded."),
  ])
  func constantValues(_ condition: String, _ expected: String) throws {
    let value = try #require(try Self.fold(condition, functions: Self.functions))
    #expect(value.displayText.hasPrefix(expected), "\(value.displayText)")
  }

  @Test(arguments: [
    "request.auth != null", "x == 'a'", "resource.size > 0", "owner() == 'alice'",
    // The unknown might be true: no error on the other side decides.
    "1 / 0 || request.auth != null", "request.auth != null || 1 / 0",
    "request.auth.uid == 1 / 0", "request.auth != null && forever()",
    "pick(request.auth.uid, 1)", "firestore.exists(/databases/(default)/documents/a/b)",
    "firestore.get(/databases/(default)/documents/a/b) == null",
    "request.auth == null ? 1 : 2",
  ])
  func requestDependentValuesAreUnknown(_ condition: String) throws {
    #expect(try Self.fold(condition, functions: Self.functions) == nil)
  }

  /// A function or method that no value has fails whatever its receiver and arguments: folded,
  /// it is that error even where they depend on the request; `&&` and `||` still absorb it.
  @Test(arguments: [
    ("get(/databases/(default)/documents/a/$(request.auth.uid))", "error: \(notFound)[get]."),
    ("get(/databases/(default)/documents/a/b).data.role == 'admin'", "error: \(notFound)[get]."),
    ("request.auth.uid.shout()", "error: \(notFound)[shout]."),
    ("math.cube(request.resource.size) > 1", "error: \(notFound)[math.cube]."),
    ("x == 'a' && get(x)", "unknown"), ("get(x) || true", "true"),
  ])
  func unknownFunctionsFailWhateverTheRequest(_ condition: String, _ expected: String) throws {
    let value = try Self.fold(condition, functions: Self.functions)
    #expect((value?.displayText ?? "unknown").hasPrefix(expected), "\(value?.displayText ?? "unknown")")
  }

  private static let notFound = "Function not found error: Name: "

  @Test func localsStandForWhatTheCallerBound() throws {
    let text = """
      rules_version = '2';
      service firebase.storage {
        match /b/{bucket}/o {
          function f(a, b) { return a + b; }
          match /x { allow read: if f(1, 2) == 3; }
        }
      }
      """
    let checked = SemanticAnalyzer.analyze(RulesParser.parse(text, path: "f.rules"))
    let body = try #require(checked.functions.first?.declaration.body.first)
    guard case .returnStatement(let value) = body.kind else {
      Issue.record("no return")
      return
    }
    let folder = ConstantFolder(checked)
    let a = ResolvedName.parameter(function: 0, index: 0)
    let b = ResolvedName.parameter(function: 0, index: 1)
    #expect(folder.value(of: value, locals: [a: .int(1), b: .int(2)])?.displayText == "3")
    #expect(folder.value(of: value, locals: [a: .int(1)]) == nil)
    #expect(folder.value(of: value)?.displayText == nil)
  }

  /// A literal or a name is valued without compiling it: the same value as the one-element list
  /// around it, indexed, which the folder evaluates.
  @Test(arguments: ["null", "true", "7", "1.5", "'s'", "x", "bucket", "request", "resource", "math", "nope"])
  func leavesFoldAsTheEvaluatorValuesThem(_ leaf: String) throws {
    let alone = try Self.fold(leaf).map(\.displayText)
    let listed = try Self.fold("[\(leaf)][0]").map(\.displayText)
    #expect(alone == listed, "\(alone ?? "unknown") vs \(listed ?? "unknown")")
  }

  /// A name bound by the caller (`locals`) is its value, an error value included; unbound, it
  /// is unknown: as when it is evaluated.
  @Test func boundNamesFoldAsTheEvaluatorValuesThem() throws {
    let text = """
      rules_version = '2';
      service firebase.storage {
        match /b/{bucket}/o {
          function f(a) { return a; }
          function g(a) { return [a][0]; }
          match /x { allow read: if f(1) == g(1); }
        }
      }
      """
    let checked = SemanticAnalyzer.analyze(RulesParser.parse(text, path: "f.rules"))
    let bodies = try checked.functions.map { function in
      let statement = try #require(function.declaration.body.first)
      guard case .returnStatement(let value) = statement.kind else { throw FoldingLimitsTests.FoldingError() }
      return value
    }
    let folder = ConstantFolder(checked)
    let values: [Value?] = [.int(1), .string("s"), .error(.workLimit), nil]
    for value in values {
      func fold(_ function: Int) -> String? {
        let name = ResolvedName.parameter(function: function, index: 0)
        return folder.value(of: bodies[function], locals: value.map { [name: $0] } ?? [:])?.displayText
      }
      #expect(fold(0) == fold(1), "\(String(describing: value))")
    }
  }
}
