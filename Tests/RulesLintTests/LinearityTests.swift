import Foundation
import RulesLint
import RulesSemantics
import RulesSyntax
import Testing

/// Inputs that once took time or memory super-linear in their size (issue 10), at a size a
/// debug build lints at once. Findings are asserted, and where it shows linearity the work the
/// catalogue did (``CatalogueStatistics``), never how long it took.
@Suite struct LinearityTests {
  private static func text(_ body: String) -> String {
    "rules_version = '2';\nservice firebase.storage {\n  match /b/{bucket}/o {\n\(body)\n  }\n}\n"
  }

  private func context(_ body: String, budget: Int = LintLimits.maximumInlinedNodes) -> LintContext {
    LintContext(
      ruleset: SemanticAnalyzer.analyze(SourceFile(path: "a.rules", text: Self.text(body))), now: Date(),
      inliningBudget: budget)
  }

  /// The findings, without the note that the access rules (RC113, RC312–RC314) ran out of
  /// decisions: files of a thousand blocks reach that budget by design (AccessRuleTests checks it).
  private func lint(_ body: String) -> [Diagnostic] {
    LintRunner().lint(SourceFile(path: "a.rules", text: Self.text(body))).diagnostics.filter {
      !($0.code == "RS190" && $0.message.hasPrefix("access budget reached"))
    }
  }

  private func counts(_ diagnostics: [Diagnostic]) -> [String: Int] {
    diagnostics.reduce(into: [:]) { $0[$1.code, default: 0] += 1 }
  }

  /// Issue 10 F4: a helper calling a helper twice, 12 deep, used by many `allow`s.
  private func helperChain(allows: Int) -> String {
    var body = "    function h0() { return request.auth != null && request.auth.uid == 'x'; }\n"
    for index in 1...12 {
      body += "    function h\(index)() { return h\(index - 1)() && h\(index - 1)(); }\n"
    }
    for index in 0..<allows { body += "    match /p\(index)/{userId} { allow write: if h12(); }\n" }
    return body
  }

  @Test func helpersCallingHelpersTwiceAreWalkedOncePerCall() {
    var inlined: [Int] = []
    for allows in [20, 40, 60] {
      let context = context(helperChain(allows: allows))
      let found = RuleCatalogue.standard.check(context)
      #expect(counts(found) == ["RC305": allows, "RC309": 1])
      #expect(context.statistics.callInstances == 13)
      inlined.append(context.statistics.inlinedNodes)
    }
    // Each further `allow` costs the same, and little: the 13 helpers' bodies a few times over,
    // where each rule once walked up to 20,000 nodes per `allow`.
    #expect(inlined[2] - inlined[1] == inlined[1] - inlined[0])
    #expect((inlined[1] - inlined[0]) / 20 < 400)
  }

  /// Issue 10 F4 with new arguments at every call (`h(x) && h(x + 'a')`): no two calls share a
  /// walk, so the work is 2^13 nodes per `allow` until the file's budget stops it with one note.
  @Test func helpersCalledWithNewArgumentsStopAtTheFileBudget() {
    var body = "    function h0(x) { return request.auth.uid == x; }\n"
    for depth in 1...12 {
      body += "    function h\(depth)(x) { return h\(depth - 1)(x) && h\(depth - 1)(x + 'a'); }\n"
    }
    for index in 0..<40 { body += "    match /p\(index)/{id} { allow read: if h12(id); }\n" }
    let context = context(body, budget: 50_000)
    let found = RuleCatalogue.standard.check(context)
    #expect(found.filter { $0.id == SemanticDiagnostics.analysisBudget }.count == 1)
    #expect(context.statistics.inlinedNodes <= 50_000)
    #expect(counts(found)["RC104"] == 1)
  }

  /// Past the file's budget nothing more is inlined, and one note names where it stopped.
  @Test func theBudgetIsSharedByTheFileAndReachingItIsANote() throws {
    let comparisons = (0..<40).map { "u == 'a\($0)'" }.joined(separator: " || ")
    var body = "    function big(u) { return request.auth != null && (\(comparisons)); }\n"
    for index in 0..<100 { body += "    match /d\(index)/{u} { allow read: if big(u); }\n" }
    let context = context(body, budget: 2_000)
    let found = RuleCatalogue.standard.check(context)
    let notes = found.filter { $0.id == SemanticDiagnostics.analysisBudget }
    #expect(notes.count == 1)
    let note = try #require(notes.first)
    #expect(
      note.message
        == "analysis budget reached in function big; findings may be incomplete (lint follows at most 2000 expression nodes through function calls per file)"
    )
    #expect(context.text(note.range) == "big")
    #expect(context.statistics.inlinedNodes <= 2_000)
    #expect(counts(found)["RC302"] == nil)
  }

  @Test func theRealBudgetIsNotReachedByTheSameFile() {
    let comparisons = (0..<40).map { "u == 'a\($0)'" }.joined(separator: " || ")
    var body = "    function big(u) { return request.auth != null && (\(comparisons)); }\n"
    for index in 0..<100 { body += "    match /d\(index)/{u} { allow read: if big(u); }\n" }
    let found = lint(body)
    #expect(!found.contains { $0.id == SemanticDiagnostics.analysisBudget })
  }

  /// Issue 10 F3: each `let` folds once per call, however often later ones read it.
  @Test func letChainsFoldEachBindingOnce() {
    var body = "    function f() {\n      let s0 = 1;\n"
    for index in 1...10 {
      body +=
        "      let s\(index) = " + Array(repeating: "s\(index - 1)", count: 8).joined(separator: " + ")
        + ";\n"
    }
    let deadlines = (0..<40).map { "request.time < timestamp.value(s10 + \($0))" }
    body += "      return " + deadlines.joined(separator: " || ") + ";\n    }\n"
    body += "    match /a/{x} { allow read: if f(); }"
    let context = context(body)
    let found = RuleCatalogue.standard.check(context)
    // s10 is 8^10 milliseconds after the epoch: 13 January 1970.
    #expect(counts(found) == ["RC304": 40])
    #expect(
      found.allSatisfy {
        $0.message == "test-mode expiry: access ended on 1970-01-13; since then this allow grants nothing"
      })
    #expect(context.statistics.foldedExpressions < 60)
  }

  /// The shape: a string doubled by every `let` compares false.
  @Test func aLetChainComparedWithAConstantIsAlwaysFalse() {
    var body = "    function f() {\n      let s0 = 'a';\n"
    for index in 1...10 { body += "      let s\(index) = s\(index - 1) + s\(index - 1);\n" }
    body += "      return s10 == 'x';\n    }\n    match /a/{x} { allow read: if f(); }"
    #expect(counts(lint(body)) == ["RC105": 1])
  }

  /// Issue 10 F5 as lint sees it: a chain of calls far deeper than Firebase allows.
  @Test func aLongChainOfCallsIsOneCallDepthError() throws {
    let count = 3_000
    var body = "    function f0() { return request.auth != null; }\n"
    for index in 1..<count { body += "    function f\(index)() { return f\(index - 1)(); }\n" }
    body += "    match /a/{x} { allow read: if f\(count - 1)(); }"
    let found = lint(body)
    #expect(counts(found) == ["RC201": 1])
    #expect(found.first?.message.hasPrefix("this call nests \(count) function calls") == true)
  }

  /// Issue 10 F8: every finding was checked against every suppression.
  @Test func suppressionsOnEveryLineSilenceTheirLineOnly() {
    let lines = (0..<1_000).map { "    match /m\($0)/{f} { allow read; } // rulescheck:disable-line RC302" }
    #expect(
      lint(lines.joined(separator: "\n") + "\n    match /open/{f} { allow read; }").map(\.code) == ["RC302"])
  }

  @Test func manySuppressionsOfTheWholeFileOrOneLineAreEachUsed() {
    let files = String(repeating: "    // rulescheck:disable-file RC302\n", count: 1_000)
    let allows = (0..<1_000).map { "    match /m\($0)/{f} { allow read; }" }.joined(separator: "\n")
    #expect(lint(files + allows).isEmpty)
    let oneLine =
      "    match /m/{f} { "
      + String(repeating: "allow read; /* rulescheck:disable-line RC302 */ ", count: 1_000)
      + "}"
    #expect(lint(oneLine).isEmpty)
  }

  /// Each `allow` named its block's whole path in its message: past the length limit the path
  /// is shortened in the middle, so messages do not grow with the path.
  @Test func longPathsAreShortenedInMessages() throws {
    let segments = (0..<300).map { "/s\($0)" }.joined()
    let found = lint("    match \(segments) { allow read; }")
    let message = try #require(found.first { $0.code == "RC302" }?.message)
    #expect(
      message.hasPrefix(
        "no condition: anyone, signed in or not, can get and list objects matching /b/{bucket}/o/s0/s1/"))
    #expect(message.contains("…"))
    #expect(message.hasSuffix("/s298/s299"))
    #expect(message.count < 300)
  }

  /// The audit's other shapes: each finding still reported, in time linear in the file.
  @Test func duplicateBlocksUnderALongPathAreFoundThroughTheirParents() {
    let prefix = String(repeating: "/a", count: 200)
    let children = String(repeating: "      match /c { allow read: if request.auth != null; }\n", count: 300)
    let found = lint(
      "    match \(prefix) {\n\(children)    }\n    match \(prefix)/c { allow read: if false; }")
    #expect(counts(found) == ["RC107": 300, "RC204": 2])
  }

  @Test func aStatementListingOneMethodManyTimesIsCheckedInLinearTime() {
    let methods = Array(repeating: "get", count: 5_000).joined(separator: ", ")
    let found = lint("    match /a/{x} { allow list, \(methods): if request.auth != null; }")
    #expect(counts(found) == ["RC106": 4_999])
  }

  @Test func manyFunctionsOfOneNameInNestedBlocksEachHideTheOuterOne() {
    var body = "    function f() { return request.auth != null; }\n"
    for index in 0..<1_000 {
      body +=
        "    match /m\(index)/{x} { function f() { return request.auth != null; } allow read: if f(); }\n"
    }
    body += "    match /outer/{y} { allow read: if f(); }"
    #expect(counts(lint(body)) == ["RC109": 1_000])
  }

  @Test func unusedWildcardsAreFoundAmongManyReads() {
    let wildcards = (0..<500).map { "/{w\($0)}" }.joined()
    let reads = (0..<499).map { "allow read: if w\($0) != '';" }.joined(separator: " ")
    let configuration = LintConfiguration(severityOverrides: ["RC108": .severity(.note)])
    let found = LintRunner(configuration: configuration).lint(
      SourceFile(path: "a.rules", text: Self.text("    match \(wildcards)/{f} { \(reads) }"))
    ).diagnostics
    #expect(
      found.filter { $0.code == "RC108" }.map(\.message) == [
        "wildcard 'w499' is never read; if the folder belongs to someone, compare it with request.auth.uid"
      ])
  }
}
