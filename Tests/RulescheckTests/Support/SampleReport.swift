import RulesLint
import RulesSemantics
import RulesSyntax

/// A hand-made lint report that exercises every part of the renderers: a tab-indented line,
/// non-ASCII text, a multi-line range, notes with and without locations, a fix, a clean file
/// and an empty range at the end of a file.
enum SampleReport {
  static let storageRules = """
    rules_version = '2';
    service firebase.storage {
      match /b/{bucket}/o {
        match /files/{name} {
    \tallow reed: if request.auth.uid == 'é';
          allow write: if request.resource.size < 5 * 1024 * 1024 &&
            request.resource.contentType.matches('image/.*');
        }
      }
    }

    """

  static let unknownMethod = DiagnosticID(code: "RS101", name: "unknown-method", defaultSeverity: .error)
  static let typeMismatch = DiagnosticID(code: "RS301", name: "suspicious-range", defaultSeverity: .warning)
  static let hint = DiagnosticID(code: "RS900", name: "informational", defaultSeverity: .note)
  static let unexpectedEnd = DiagnosticID(
    code: "RS007", name: "unexpected-token", defaultSeverity: .error, blocksDeploy: true)

  static func make(failureThreshold: Severity = .error) -> LintReport {
    let text = storageRules
    let storage = SourceFile(path: "storage.rules", text: text)
    let reed = Fixtures.range(of: "reed", in: text)
    let multiLine = Fixtures.range(of: "request.resource.size", in: text)
      .union(Fixtures.range(of: "matches(", in: text))
    let storageDiagnostics = [
      Diagnostic(
        unknownMethod,
        "unknown method 'reed'; expected one of read, write, get, list, create, update, delete",
        at: reed,
        notes: [DiagnosticNote("in this match", range: Fixtures.range(of: "match /files", in: text))],
        fixes: [
          Fix(
            "replace 'reed' with 'read'", edits: [TextEdit(range: reed, replacement: "read")],
            applicability: .unsafe)
        ]),
      Diagnostic(
        hint, "comparing with a \"quoted\" string: 'é'", at: Fixtures.range(of: "'é'", in: text),
        notes: [DiagnosticNote("a note without a location")]),
      Diagnostic(typeMismatch, "this condition spans lines", at: multiLine),
    ]
    let truncated = SourceFile(path: "rules/truncated.rules", text: "service firebase.storage {\n")
    let files = [
      FileReport(path: "storage.rules", source: storage, rulesVersion: .v2, diagnostics: storageDiagnostics),
      FileReport(
        path: "rules/clean.rules", source: SourceFile(path: "rules/clean.rules", text: Fixtures.clean),
        rulesVersion: .v2, diagnostics: []),
      FileReport(
        path: "rules/truncated.rules", source: truncated, rulesVersion: .v1,
        diagnostics: [
          Diagnostic(unexpectedEnd, "expected '}', found end of file", at: .empty(at: truncated.bytes.count))
        ]),
    ]
    return LintReport(files: files, failureThreshold: failureThreshold)
  }
}
