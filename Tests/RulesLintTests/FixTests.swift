import RulesLint
import RulesSyntax
import Testing

@Suite struct FixTests {
  @Test func overlappingEditsWaitForTheNextRoundAndRepeatsApplyOnce() {
    let bytes = Array("abcdef".utf8)
    let edits = [
      TextEdit(range: SourceRange(start: 1, end: 3), replacement: "X"),
      TextEdit(range: SourceRange(start: 2, end: 4), replacement: "Y"),
      TextEdit(range: SourceRange(start: 0, end: 0), replacement: "<"),
      TextEdit(range: SourceRange(start: 0, end: 0), replacement: "<"),
      TextEdit(range: SourceRange(start: 6, end: 6), replacement: ">"),
    ]
    let result = FixApplier.apply(edits, to: bytes)
    #expect(String(decoding: result.bytes, as: UTF8.self) == "<aXdef>")
    #expect(result.applied == 3)
  }

  @Test func fixingAFileTwiceChangesNothingTheSecondTime() {
    let text = """
      service firebase.storage {
        match /b/{bucket}/o {
          match /files/{name} {
            allow read, get, list: if request.auth != null
              && request.resource.contentType.matches('^image/.*$');
          }
        }
      }

      """
    let runner = LintRunner()
    let once = runner.fix(SourceFile(path: "a.rules", text: text), applying: .unsafe)
    let fixed = once.fixed.text(SourceRange(start: 0, end: once.fixed.bytes.count))
    #expect(fixed.hasPrefix("rules_version = '2';\nservice firebase.storage {"))
    #expect(fixed.contains("allow read: if request.auth != null"))
    #expect(fixed.contains("matches('image/.*')"))
    #expect(!runner.fix(once.fixed, applying: .unsafe).changed)
  }

  /// RC106 and RC110 (safe) are fixed by default; RC300 (adding rules_version = '2', which
  /// changes what read and list grant) only when unsafe fixes are asked for.
  @Test func safeFixesAreAppliedAndUnsafeOnesOnlyOnRequest() {
    let text = """
      service firebase.storage {
        match /b/{bucket}/o {
          match /files/{name} {
            allow get, get: if request.auth != null && name.matches('^[a-z]+$');
          }
        }
      }

      """
    let source = SourceFile(path: "a.rules", text: text)
    let runner = LintRunner()
    let safe = runner.fix(source).fixed
    let safeText = safe.text(SourceRange(start: 0, end: safe.bytes.count))
    #expect(safeText.hasPrefix("service firebase.storage {"), "RC300 is unsafe: not applied")
    #expect(safeText.contains("allow get: if request.auth != null && name.matches('[a-z]+');"))
    let remaining = runner.lint(safe).diagnostics
    #expect(remaining.map(\.code) == ["RC300"])
    #expect(remaining.first?.fixes.first?.applicability == .unsafe)

    let both = runner.fix(source, applying: .unsafe).fixed
    let bothText = both.text(SourceRange(start: 0, end: both.bytes.count))
    #expect(bothText == "rules_version = '2';\n" + safeText)
    #expect(runner.lint(both).diagnostics.isEmpty)
  }

  @Test func semanticFixesCarryTheirApplicability() {
    let text = """
      syntax = '2';
      service firebase.storage {
        match /b/{bucket}/o {
          match /files/{name} {
            allow reed: if request.resource.contenType == 'image/png';
          }
        }
      }

      """
    let runner = LintRunner()
    let source = SourceFile(path: "a.rules", text: text)
    let fixes = Dictionary(
      runner.lint(source).diagnostics.compactMap { d in d.fixes.first.map { (d.code, $0.applicability) } },
      uniquingKeysWith: { first, _ in first })
    #expect(fixes == ["RS103": .safe, "RS101": .unsafe, "RS204": .unsafe])
    let safe = runner.fix(source).fixed
    let safeText = safe.text(SourceRange(start: 0, end: safe.bytes.count))
    #expect(safeText.hasPrefix("rules_version = '2';\n"))
    #expect(safeText.contains("allow reed: if request.resource.contenType"))
    let both = runner.fix(source, applying: .unsafe).fixed
    #expect(
      both.text(SourceRange(start: 0, end: both.bytes.count)).contains(
        "allow read: if request.resource.contentType == 'image/png';"))
  }

  @Test func aDollarInsideAnOpenQuotationIsNotAnAnchor() {
    let text = """
      rules_version = '2';
      service firebase.storage {
        match /b/{bucket}/o {
          match /files/{name} {
            allow get: if name.matches('\\\\Qa$') || name.matches('\\\\Qa\\\\E$');
          }
        }
      }

      """
    let found = LintRunner().lint(SourceFile(path: "a.rules", text: text)).diagnostics
    #expect(found.filter { $0.code == "RC110" }.count == 1)
  }

  @Test func aByteOrderMarkIsRemovedAndTheRestLinted() {
    let text =
      "\u{FEFF}rules_version = '2';\nservice firebase.storage { match /b/{b}/o { match /x/{y} { allow get, read: if true; } } }\n"
    let runner = LintRunner()
    let report = runner.lint(SourceFile(path: "a.rules", text: text))
    #expect(report.diagnostics.map(\.code).contains("RS014"))
    #expect(report.diagnostics.map(\.code).contains("RC106"))
    let fixed = runner.fix(SourceFile(path: "a.rules", text: text)).fixed
    #expect(Array(fixed.bytes.prefix(13)) == Array("rules_version".utf8))
    #expect(!runner.lint(fixed).diagnostics.contains { $0.blocksDeploy })
  }

  @Test func suppressedFindingsAreNotFixed() {
    let text = "// rulescheck:disable-file RC300\nservice firebase.storage {}\n"
    #expect(!LintRunner().fix(SourceFile(path: "a.rules", text: text), applying: .unsafe).changed)
  }

  @Test func unifiedDiffHasHunksWithContext() {
    let old = (1...12).map { "line \($0)" }.joined(separator: "\n") + "\n"
    var lines = (1...12).map { "line \($0)" }
    lines[1] = "line two"
    lines.insert("inserted", at: 10)
    let new = lines.joined(separator: "\n") + "\n"
    let diff = UnifiedDiff.render(old: old, new: new, oldPath: "a/x.rules", newPath: "b/x.rules")
    #expect(
      diff == """
        --- a/x.rules
        +++ b/x.rules
        @@ -1,5 +1,5 @@
         line 1
        -line 2
        +line two
         line 3
         line 4
         line 5
        @@ -8,5 +8,6 @@
         line 8
         line 9
         line 10
        +inserted
         line 11
         line 12

        """)
    #expect(UnifiedDiff.render(old: old, new: old, oldPath: "a", newPath: "b").isEmpty)
  }

  @Test func unifiedDiffMarksAMissingFinalNewlineAndInsertionAtTheTop() {
    let diff = UnifiedDiff.render(old: "a\nb", new: "x\na\nb", oldPath: "a/f", newPath: "b/f")
    #expect(diff == "--- a/f\n+++ b/f\n@@ -1,2 +1,3 @@\n+x\n a\n b\n\\ No newline at end of file\n")
  }
}
