import RulesLint
import RulesSyntax
import Testing

/// RC900 on every directive form the suppression parser accepts, and the rule that a
/// directive never silences the RC900 finding about itself.
@Suite struct StaleSuppressionTests {
  /// A clean fragment around `directives`; `⟦…⟧` marks what RC900 must report.
  struct Form: Sendable, CustomTestStringConvertible {
    let name: String
    let body: String
    var testDescription: String { name }
  }

  static let forms: [Form] = [
    Form(name: "disable-file, no codes", body: "// ⟦rulescheck:disable-file⟧"),
    Form(name: "disable-file, no codes, reason", body: "// ⟦rulescheck:disable-file⟧ -- legacy"),
    Form(name: "disable-file, block comment", body: "/* ⟦rulescheck:disable-file⟧ */"),
    Form(name: "disable-file, code", body: "// rulescheck:disable-file ⟦RC302⟧ -- public"),
    Form(name: "disable-file, lower-case code", body: "// rulescheck:disable-file ⟦rc302⟧"),
    Form(name: "disable-file, name", body: "// rulescheck:disable-file ⟦public-read⟧"),
    Form(name: "disable-next-line, no codes", body: "// ⟦rulescheck:disable-next-line⟧"),
    Form(name: "disable-next-line, block comment", body: "/* ⟦rulescheck:disable-next-line⟧ */"),
    Form(
      name: "disable-next-line, codes without spaces, glued reason",
      body: "//rulescheck:disable-next-line ⟦RC302⟧,⟦RC301⟧--reason"),
    Form(name: "disable-next-line, semantic code", body: "// rulescheck:disable-next-line ⟦RS202⟧"),
    Form(name: "disable-line, no codes, own line", body: "//\t⟦rulescheck:disable-line⟧"),
    Form(
      name: "disable-line, no codes, after code",
      body: "allow list: if request.auth != null; // ⟦rulescheck:disable-line⟧"),
    Form(
      name: "disable-line, block comment with name",
      body: "allow list: if request.auth != null; /* rulescheck:disable-line ⟦public-write⟧ */"),
    Form(name: "not a directive", body: "// ⟦rulescheck:disable-nextline⟧ RC302"),
    Form(name: "unknown code", body: "// rulescheck:disable-line ⟦RC999⟧"),
    Form(name: "a syntax code", body: "// rulescheck:disable-line ⟦RS009⟧"),
  ]

  private func lint(_ text: String) -> [Diagnostic] {
    LintRunner().lint(SourceFile(path: "a.rules", text: text)).diagnostics
  }

  @Test(arguments: forms)
  func aDirectiveThatSilencesNothingIsReported(_ form: Form) {
    let fragment = """
      match /files/{fileName} {
        \(form.body)
        allow get: if request.auth != null;
      }
      """
    let (text, marked) = RuleExample.fails(fragment).document
    let found = lint(text)
    #expect(found.allSatisfy { $0.code == "RC900" }, "\(found.map(\.message))")
    #expect(found.map(\.range) == marked, "\(found.map(\.message))")
  }

  @Test func aDirectiveWithoutCodesIsUsedWhenItSilencesSomething() {
    let forms = [
      "// rulescheck:disable-file", "/* rulescheck:disable-next-line */",
    ]
    for form in forms {
      let (text, _) = RuleExample.passes("match /files/{fileName} {\n  \(form)\n  allow get;\n}").document
      #expect(lint(text).isEmpty, "\(form)")
    }
    let (sameLine, _) = RuleExample.passes("match /files/{f} {\n  allow get; // rulescheck:disable-line\n}")
      .document
    #expect(lint(sameLine).isEmpty)
  }

  @Test func aCodelessDisableFileOnACleanFileDoesNotHideItself() throws {
    let text = """
      // rulescheck:disable-file
      rules_version = '2';
      service firebase.storage {
        match /b/{bucket}/o {
          match /files/{fileName} {
            allow read: if request.auth != null;
          }
        }
      }

      """
    let found = lint(text)
    #expect(found.map(\.code) == ["RC900"])
    #expect(found.first?.message == "this suppression suppresses nothing: no finding in this file")
  }

  @Test func aCodelessDirectiveDoesNotSilenceOtherDirectivesStaleness() {
    let (text, marked) = RuleExample.fails(
      """
      // ⟦rulescheck:disable-file⟧
      match /files/{fileName} {
        // rulescheck:disable-next-line ⟦RC302⟧
        allow get: if request.auth != null;
        allow list: if request.auth != null; // ⟦rulescheck:disable-line⟧
      }
      """
    ).document
    let found = lint(text)
    #expect(found.map(\.range) == marked, "\(found.map(\.message))")
  }

  @Test func aDirectiveNamingRC900DoesNotSilenceItselfButSilencesOthers() throws {
    let (own, ownMarked) = RuleExample.fails(
      """
      match /files/{fileName} {
        allow get: if request.auth != null; // rulescheck:disable-line ⟦RC302⟧, ⟦RC900⟧
      }
      """
    ).document
    let found = lint(own)
    #expect(found.map(\.range) == ownMarked)
    let last = try #require(found.last)
    #expect(
      last.message == "suppression of RC900/unused-suppression suppresses nothing: no RC900 finding on line 5"
    )
    #expect(last.notes.map(\.message) == ["a suppression never silences the RC900 findings about itself"])

    let (other, _) = RuleExample.passes(
      """
      // rulescheck:disable-file unused-suppression -- generated comments
      match /files/{fileName} {
        // rulescheck:disable-next-line RC302
        allow get: if request.auth != null;
        // rulescheck:disable-nextline RC302
      }
      """
    ).document
    #expect(lint(other).isEmpty, "the file directive silences both and is used")
  }

  @Test func directivesNamingRC900DoNotHideEachOther() {
    let (both, bothMarked) = RuleExample.fails(
      """
      // rulescheck:disable-file ⟦RC900⟧
      // rulescheck:disable-file ⟦unused-suppression⟧
      match /files/{fileName} {
        allow get: if request.auth != null;
      }
      """
    ).document
    #expect(lint(both).map(\.range) == bothMarked, "neither silences anything, so both are stale")

    let (text, marked) = RuleExample.fails(
      """
      // rulescheck:disable-file ⟦RC900⟧
      // rulescheck:disable-file ⟦RC302⟧, ⟦RC900⟧
      match /files/{fileName} {
        allow get: if request.auth != null;
      }
      """
    ).document
    // The second directive's stale RC302 is silenced by the first directive, which is thereby
    // used; the second's own RC900 target silences nothing.
    let found = lint(text)
    #expect(found.map(\.range) == [marked[2]], "\(found.map(\.message))")
  }
}
