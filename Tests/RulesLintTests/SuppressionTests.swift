import RulesLint
import RulesSyntax
import Testing

@Suite struct SuppressionTests {
  private func lint(_ body: String, configuration: LintConfiguration = LintConfiguration()) -> [Diagnostic] {
    let text = "rules_version = '2';\nservice firebase.storage {\n  match /b/{bucket}/o {\n\(body)\n  }\n}\n"
    return LintRunner(configuration: configuration).lint(SourceFile(path: "a.rules", text: text)).diagnostics
  }

  private func codes(_ diagnostics: [Diagnostic]) -> [String] { diagnostics.map(\.code) }

  @Test func disableNextLineTakesSeveralCodesAndNames() {
    let open = """
        match /scratch/{f} {
          allow read, write;
        }
      """
    #expect(codes(lint(open)) == ["RC302", "RC301"])
    let suppressed = """
        match /scratch/{f} {
          // rulescheck:disable-next-line RC301, public-read -- a scratch bucket
          allow read, write;
        }
      """
    #expect(codes(lint(suppressed)).isEmpty)
  }

  @Test func disableLineCoversItsOwnLineOnly() {
    let body = """
        match /scratch/{f} {
          allow read; /* rulescheck:disable-line RC302 */
          allow get;
        }
      """
    let found = lint(body)
    #expect(codes(found) == ["RC302"])
    #expect(found.first.map { $0.range.start } ?? 0 > 0)
  }

  @Test func aDirectiveWithoutCodesCoversEverything() {
    let body = """
        match /scratch/{f} {
          allow read, write; // rulescheck:disable-line
        }
      """
    #expect(codes(lint(body)).isEmpty)
  }

  @Test func semanticDiagnosticsCanBeSuppressedSyntaxErrorsCannot() {
    let semantic = """
        match /files/{name} {
          allow read: if request.auth != null && isAdmn(); // rulescheck:disable-line RS202
        }
      """
    #expect(codes(lint(semantic)).isEmpty)
    let syntax = """
        match /files/{name} {
          allow read: if request.auth === null; // rulescheck:disable-line RS009
        }
      """
    let found = lint(syntax)
    #expect(found.contains { $0.code == "RS009" })
    #expect(
      found.contains { $0.code == "RC900" && $0.message.contains("syntax errors cannot be suppressed") })
  }

  @Test func unusedSuppressionsAreReportedAtTheCode() throws {
    let body = """
        match /files/{name} {
          // rulescheck:disable-next-line RC301, RC302 -- old
          allow read;
        }
      """
    let found = lint(body)
    #expect(codes(found) == ["RC900"])
    let finding = try #require(found.first)
    #expect(
      finding.message == "suppression of RC301/public-write suppresses nothing: no RC301 finding on line 6")
    let text = "rules_version = '2';\nservice firebase.storage {\n  match /b/{bucket}/o {\n\(body)\n  }\n}\n"
    let source = SourceFile(path: "a.rules", text: text)
    #expect(source.text(finding.range) == "RC301")
  }

  @Test func unknownCodesAndDirectivesAreReported() {
    let body = """
        match /files/{name} {
          // rulescheck:disable-next-line RC999
          // rulescheck:enable RC301
          allow get: if request.auth != null;
        }
      """
    let messages = lint(body).map(\.message)
    #expect(messages.contains("unknown rule 'RC999' in suppression: no rule has this code or name"))
    #expect(messages.contains { $0.hasPrefix("unknown directive 'enable'") })
  }

  @Test func suppressionsOfRulesTurnedOffAreNotReported() {
    let body = """
        match /files/{name} {
          // rulescheck:disable-next-line RC302
          allow get: if request.auth != null;
        }
      """
    #expect(codes(lint(body)) == ["RC900"])
    let off = LintConfiguration(severityOverrides: ["RC302": .off])
    #expect(codes(lint(body, configuration: off)).isEmpty)
    let noUnused = LintConfiguration(severityOverrides: ["unused-suppression": .off])
    #expect(codes(lint(body, configuration: noUnused)).isEmpty)
  }

  @Test func disableFileAppliesEverywhere() {
    let body = """
        // rulescheck:disable-file public-read
        match /a/{name} {
          allow read;
        }
        match /b/{name} {
          allow get;
        }
      """
    #expect(codes(lint(body)).isEmpty)
  }

  @Test func directivesAreParsedWithReasonAndTargetRanges() throws {
    let text = "// rulescheck:disable-next-line RC301,RC302 -- because\nservice firebase.storage {}\n"
    let file = RulesParser.parse(text)
    let (directives, malformed) = SuppressionParser.parse(file)
    #expect(malformed.isEmpty)
    let directive = try #require(directives.first)
    #expect(directive.scope == .nextLine && directive.line == 2)
    #expect(directive.targets.map(\.key) == ["RC301", "RC302"])
    #expect(directive.reason == "because")
    #expect(directive.targets.map { file.source.text($0.range) } == ["RC301", "RC302"])
    #expect(file.source.text(directive.range) == "rulescheck:disable-next-line RC301,RC302")
  }
}
