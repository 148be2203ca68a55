import RulesSyntax
import Testing

/// A broken source: its expected diagnostics (one code per marked range, in order) and the
/// dump of what the parser still produced.
struct RecoveryCase: CustomTestStringConvertible, Sendable {
  var name: String
  var marked: String
  var codes: [String]
  var dump: String
  var testDescription: String { name }
}

/// A JavaScript habit inside a condition; the marked range is where RS009 must point.
struct JavaScriptCase: CustomTestStringConvertible, Sendable {
  var condition: String
  /// What the parser made of the condition.
  var dump: String
  /// A piece of the message that says what to write instead.
  var advice: String
  var testDescription: String { condition }

  init(_ condition: String, _ dump: String, _ advice: String) {
    self.condition = condition
    self.dump = dump
    self.advice = advice
  }
}

@Suite struct RecoveryTests {
  static let cases: [RecoveryCase] = [
    RecoveryCase(
      name: "several errors in one file, and every statement after them",
      marked: """
        service firebase.storage {
          match /b/{bucket}/o {
            allow read: if a ⟦===⟧ b;
            allow write: if request.auth.uid == ⟦;⟧
            match /a/⟦$⟧(x) { allow read; }
            allow get: if [1, 2⟦;⟧
            allow list: if true;
          }
        }
        """,
      codes: ["RS009", "RS007", "RS008", "RS007"],
      dump: """
        file
          service firebase.storage
            match /b/{bucket}/o
              allow read: if (== a b)
              allow write: if (== (. (. request auth) uid) <missing>)
              match /a/$(x)
                allow read
              allow get: if [1, 2]
              allow list: if true

        """),
    RecoveryCase(
      name: "an allow after a broken allow is kept",
      marked: "allow read: if (a ⟦;⟧\nallow write: if b;\n",
      codes: ["RS007"],
      dump: """
        file
          allow read: if a
          allow write: if b

        """),
    RecoveryCase(
      name: "missing 'match' keyword",
      marked:
        "service s {\n  match /b/{bucket}/o {\n    ⟦/⟧images/{id} { allow read; }\n    allow write;\n  }\n}",
      codes: ["RS007"],
      dump: """
        file
          service s
            match /b/{bucket}/o
              match /images/{id}
                allow read
              allow write

        """),
    RecoveryCase(
      name: "unterminated string ends at the line end",
      marked: "allow read: if ⟦'abc⟧\nallow write;\n",
      codes: ["RS003"],
      dump: """
        file
          allow read: if 'abc'
          allow write

        """),
    RecoveryCase(
      name: "unterminated block comment at the end of the file",
      marked: "allow read;\n⟦/*⟧ never closed\nallow write;",
      codes: ["RS004"],
      dump: """
        file
          allow read

        """),
    RecoveryCase(
      name: "missing ':' or 'if' in an allow",
      marked: "allow read ⟦if⟧ x;\nallow read: ⟦x⟧;\nallow write",
      codes: ["RS007", "RS012"],
      dump: """
        file
          allow read: if x
          allow read: if x
          allow write

        """),
    RecoveryCase(
      name: "a let without ';'",
      marked: "function f() { let a = 1⟦⟧ return a; }",
      codes: ["RS013"],
      dump: """
        file
          function f()
            let a = 1
            return a

        """),
    RecoveryCase(
      name: "a function whose '}' is missing before a match",
      marked: "function f() { return 1\n⟦match⟧ /a { allow read; }",
      codes: ["RS007"],
      dump: """
        file
          function f()
            return 1
          match /a
            allow read

        """),
    RecoveryCase(
      name: "broken versions and match paths",
      marked: """
        rules_version = ⟦2⟧;
        service s { match ⟦a⟧/b { allow read; } match /a⟦/⟧/b/{x=⟦+⟧}/{⟦}⟧/{y=*} { allow read; } }
        """,
      codes: ["RS007", "RS008", "RS008", "RS008", "RS008"],
      dump: """
        file
          rules_version <missing>
          service s
            match <missing path>
              allow read
            match /a/b/{x}/{}/{y=*}
              allow read

        """),
    RecoveryCase(
      name: "bad ranges, calls and numbers",
      marked: """
        allow read: if x⟦[:]⟧;
        allow write: if f(⟦;⟧
        allow get: if -⟦9223372036854775809⟧ + ⟦9223372036854775808⟧ + ⟦0x1FFFFFFFFFFFFFFFF⟧;
        allow list: if a is ⟦5⟧;
        """,
      codes: ["RS007", "RS007", "RS006", "RS006", "RS006", "RS007"],
      dump: """
        file
          allow read: if (range x _ _)
          allow write: if (call f <missing>)
          allow get: if (+ (+ (- <missing>) <missing>) <missing>)
          allow list: if a

        """),
    RecoveryCase(
      name: "braces that do not match",
      marked: "⟦}⟧\nservice s {\n  match /a {\n⟦⟧",
      codes: ["RS007", "RS007"],
      dump: """
        file
          service s
            match /a

        """),
    RecoveryCase(
      name: "a bad parameter and a bad statement in function bodies",
      marked: "function f(a, ⟦1⟧) { return a; }\nfunction g() { ⟦x⟧; return 1; }",
      codes: ["RS007", "RS007"],
      dump: """
        file
          function f(a)
            return a
          function g()
            return 1

        """),
  ]

  @Test(arguments: cases)
  func recovery(_ row: RecoveryCase) {
    let source = MarkedSource(row.marked)
    let file = source.parse()
    #expect(file.diagnosticSummary == expectedDiagnostics(row.codes, source))
    #expect(ASTDump.render(file) == row.dump)
  }

  static let javaScript: [JavaScriptCase] = [
    .init("a ⟦===⟧ b", "(== a b)", "use '=='"),
    .init("a ⟦!==⟧ b", "(!= a b)", "use '!='"),
    .init("a⟦?.⟧b", "(. a b)", "use '.' after checking"),
    .init("a ⟦??⟧ b", "(|| a b)", "map.get(key, default)"),
    .init("a ⟦=>⟧ b", "a", "no arrow functions"),
    .init("⟦=>⟧ b", "<missing>", "no arrow functions"),
    .init("a ⟦&&=⟧ b", "a", "cannot assign"),
    .init("a ⟦||=⟧ b", "a", "cannot assign"),
    .init("a ⟦??=⟧ b", "a", "cannot assign"),
    .init("⟦`x`⟧", "<missing>", "join strings with '+'"),
    .init("'a' + ⟦`${b}`⟧", "(+ 'a' <missing>)", "join strings with '+'"),
    .init("a ⟦`t`⟧", "a", "join strings with '+'"),
    .init("a ⟦=⟧ b", "(== a b)", "use '==' to compare"),
    .init("a ⟦&⟧ b", "(&& a b)", "use '&&'"),
    .init("a ⟦|⟧ b", "(|| a b)", "use '||'"),
  ]

  /// Each JavaScript habit is explained once, and the next statement still parses.
  @Test(arguments: javaScript)
  func javaScriptHabit(_ row: JavaScriptCase) {
    let source = MarkedSource("allow read: if \(row.condition);\nallow write: if next;")
    let file = source.parse()
    #expect(file.diagnosticSummary == expectedDiagnostics(["RS009"], source))
    #expect(file.diagnostics.first?.message.contains(row.advice) == true, "\(file.diagnostics)")
    #expect(file.conditions.map { ASTDump.render($0) } == [row.dump, "next"])
  }

  @Test func javaScriptInFunctionBodies() {
    let source = MarkedSource("function f(a) { let b = a ⟦===⟧ 1; return b ⟦=>⟧ 2; }\nallow read;")
    let file = source.parse()
    #expect(file.diagnosticSummary == expectedDiagnostics(["RS009", "RS009"], source))
    #expect(
      ASTDump.render(file) == "file\n  function f(a)\n    let b = (== a 1)\n    return b\n  allow read\n")
  }

  @Test func dollarInMatchPathQuotesFirebase() {
    let source = MarkedSource("service s { match /users/⟦$⟧(uid) { allow read; } }")
    let file = source.parse()
    #expect(file.diagnosticSummary == expectedDiagnostics(["RS008"], source))
    #expect(file.diagnostics.first?.message.hasPrefix("Unexpected '$'.") == true)
  }

  /// Error number 101 and beyond are summed up in one RS011 at the first one left out.
  @Test(arguments: [(99, 99), (100, 100), (101, 101), (150, 101)])
  func errorsAreCapped(errors: Int, reported: Int) {
    let line = "allow read: if ⟦#⟧;\n"
    let source = MarkedSource(String(repeating: line, count: errors) + "allow write;")
    let file = source.parse()
    #expect(file.diagnostics.count == reported)
    #expect(file.diagnostics.prefix(100).allSatisfy { $0.code == "RS002" })
    #expect(file.diagnostics.prefix(100).map(\.range) == Array(source.ranges.prefix(100)))
    if errors > 100 {
      let summary = file.diagnostics.last
      let more = errors - 100
      #expect(summary?.code == "RS011")
      #expect(summary?.message == "\(more) more syntax error\(more == 1 ? "" : "s") not shown")
      #expect(summary?.range == source.ranges[100])
    }
    #expect(file.statements.count == errors + 1)
  }
}
