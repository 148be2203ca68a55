import RulesSemantics
import RulesSyntax
import Testing

/// Inputs that once took time super-linear in their size (issue 10), at a size a debug build
/// analyses at once; what analysis reports is asserted, never how long it takes.
@Suite struct LinearityTests {
  private static func text(_ body: String) -> String {
    "rules_version = '2';\nservice firebase.storage {\n  match /b/{bucket}/o {\n\(body)\n  }\n}\n"
  }

  private func analyze(_ body: String) -> CheckedRuleset {
    SemanticAnalyzer.analyze(RulesParser.parse(Self.text(body)))
  }

  private func codes(_ checked: CheckedRuleset) -> [String: Int] {
    checked.diagnostics.reduce(into: [:]) { $0[$1.code, default: 0] += 1 }
  }

  /// Issue 10 F5: the recursion check searched from every function and copied its path per step.
  @Test func aLongChainOfCallsIsNotRecursive() {
    let count = 3_000
    var body = "    function f0() { return request.auth != null; }\n"
    for index in 1..<count { body += "    function f\(index)() { return f\(index - 1)(); }\n" }
    body += "    match /a/{x} { allow read: if f\(count - 1)(); }"
    #expect(codes(analyze(body)).isEmpty)
  }

  /// Each function calling the next: a body is checked after its callee (for its result type),
  /// which must not take a Swift frame per function of the chain (a 512 KiB stack overflowed).
  @Test func aLongChainOfForwardCallsFitsASmallStack() async {
    let count = 3_000
    var body = "    match /a/{x} { allow read: if f0(); }\n"
    for index in 0..<count - 1 { body += "    function f\(index)() { return f\(index + 1)() && true; }\n" }
    body += "    function f\(count - 1)() { return 1; }"
    let text = Self.text(body)
    let found = await onSmallStack {
      SemanticAnalyzer.analyze(RulesParser.parse(text)).diagnostics.map(\.code)
    }
    // The last function's int is an operand of `&&` in the one before: its result type is known
    // there, 3,000 calls from the condition.
    #expect(found == ["RS301"])
  }

  @Test func aLongCycleIsReportedOnceAtTheCallThatClosesIt() throws {
    let count = 1_000
    var body = ""
    for index in 0..<count { body += "    function f\(index)() { return f\((index + 1) % count)(); }\n" }
    body += "    match /a/{x} { allow read: if f0() && f500(); }"
    let checked = analyze(body)
    #expect(codes(checked) == ["RS113": 1])
    let cycle = try #require(checked.diagnostics.first)
    #expect(cycle.message.hasPrefix("recursive call cycle f0 → f1 → f2 → "))
    #expect(cycle.message.contains("f999 → f0 (Detected a call cycle between [f0,f1,"))
    #expect(checked.source.text(cycle.range) == "f0")
    #expect(checked.source.lineIndex.line(of: cycle.range.start) == 3 + count)
  }

  @Test func cyclesSharingAFunctionAreReportedOnceAndSeparateOnesEach() {
    let checked = analyze(
      """
          function a() { return b(); }
          function b() { return a() && c(); }
          function c() { return b(); }
          function d() { return d(); }
          match /x/{y} { allow read: if a() && d(); }
      """)
    #expect(
      checked.diagnostics.map(\.message) == [
        "recursive call cycle a → b → a (Detected a call cycle between [a,b] functions.)",
        "function 'd' calls itself (Recursive call is not allowed.)",
      ])
  }

  /// Each of many parameters was counted against every other.
  @Test func manyParametersAreCheckedOnce() {
    let names = (0..<5_000).map { "p\($0)" }
    let checked = analyze(
      "    function f(\(names.joined(separator: ", "))) { return p0; }\n"
        + "    match /a/{x} { allow read: if f(); }")
    #expect(codes(checked) == ["RS111": 1, "RS203": 1, "RS207": 4_999])
  }

  /// "Did you mean" compared every unknown name with every visible one; past the budget the
  /// names are still reported, without suggestions, and one note says so.
  @Test func suggestionsStopAtTheirBudgetWithOneNote() throws {
    var budgets = AnalysisBudgets()
    budgets.suggestionCandidates = 20_000
    let wildcards = (0..<200).map { "/{a_wildcard_with_a_long_name_\($0)}" }.joined()
    let allows = (["requst"] + (0..<200).map { "v\($0)" } + ["requst"]).map { "allow read: if \($0) == 1;" }
    let text =
      "rules_version = '2';\nservice firebase.storage { match /b/{bucket}/o {\n    match \(wildcards) {\n"
      + allows.joined(separator: "\n") + "\n} } }\n"
    let checked = SemanticAnalyzer.analyze(RulesParser.parse(text), budgets: budgets)
    #expect(codes(checked) == ["RS201": 202, "RS190": 1])
    let note = try #require(checked.diagnostics.first { $0.code == "RS190" })
    #expect(note.severity == .note)
    #expect(
      note.message
        == "analysis budget reached: 'did you mean' suggestions stop after 20000 candidate names; unknown names from here on get none"
    )
    let unknown = checked.diagnostics.filter { $0.code == "RS201" }
    #expect(unknown.first?.message == "Invalid variable name: requst. Did you mean 'request'?")
    #expect(unknown.last?.message == "Invalid variable name: requst.")
  }

  @Test func longNamesGetNoSuggestionAndCloseOnesDo() {
    let long = String(repeating: "request", count: 100)
    let checked = analyze("    match /a/{x} { allow read: if \(long) != null && requets != null; }")
    #expect(
      checked.diagnostics.map(\.message) == [
        "Invalid variable name: \(long).", "Invalid variable name: requets. Did you mean 'request'?",
      ])
  }

  /// Each block holds a copy of its full path: a long path above many blocks once cost memory
  /// quadratic in the file. Past the budget, one error and the remaining blocks are left out.
  @Test func fullPathsBeyondTheBudgetAreLeftOutWithOneError() throws {
    var budgets = AnalysisBudgets()
    budgets.resolvedPathSegments = 20_000
    let prefix = String(repeating: "/a", count: 100)
    let children = 210
    let body =
      "    match \(prefix) {\n" + String(repeating: "      match /c { allow read; }\n", count: children)
      + "    }"
    let checked = SemanticAnalyzer.analyze(RulesParser.parse(Self.text(body)), budgets: budgets)
    #expect(codes(checked) == ["RS191": 1])
    let error = try #require(checked.diagnostics.first)
    #expect(error.blocksDeploy)
    #expect(
      error.message.hasPrefix(
        "analysis limit reached: the full match paths of this file total more than 20000 segments; this block and every later one are left out"
      ))
    // The root and the long block, then each child of 104 segments until the budget is spent.
    #expect(checked.matches.count == 2 + (20_000 - 3 - 103) / 104)
    #expect(checked.matches.reduce(0) { $0 + $1.fullPattern.count } <= 20_000)
  }
}
