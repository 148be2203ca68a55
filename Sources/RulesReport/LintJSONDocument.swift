import RulesLint
import RulesSyntax

/// The `rulescheck lint --format json` document, field for field as in `cli.md`; the member
/// order here is the output order.
struct LintJSONDocument: Encodable {
  /// The version of this document's shape.
  static let formatVersion = 1

  var version = formatVersion
  var files: [File]
  var summary: Summary

  struct File: Encodable {
    var path: String
    var rulesVersion: Int
    var diagnostics: [DiagnosticEntry]
  }

  struct DiagnosticEntry: Encodable {
    var code: String
    var name: String
    var severity: String
    var message: String
    /// Whether Firebase's compiler refuses the file for this (decisions.md §21).
    var blocksDeploy: Bool
    var range: Range
    /// Absent when the diagnostic has no notes.
    var notes: [Note]?
    /// The preferred fix; absent when there is none.
    var fix: Fix?
  }

  struct Note: Encodable {
    var message: String
    var range: Range?
  }

  struct Fix: Encodable {
    var message: String
    /// `safe` (applied by `--fix`) or `unsafe` (applied with `--unsafe-fixes` too).
    var applicability: String
    var edits: [Edit]
  }

  struct Edit: Encodable {
    var range: Range
    var replacement: String
  }

  struct Range: Encodable {
    var start: Location
    var end: Location
  }

  struct Location: Encodable {
    var line: Int
    var column: Int
    var offset: Int
  }

  struct Summary: Encodable {
    var files: Int
    var errors: Int
    var warnings: Int
    var notes: Int
    /// Findings that make Firebase refuse to deploy their file.
    var deployBlocking: Int
  }
}

extension LintJSONDocument {
  init(_ report: LintReport) {
    self.files = report.files.map { file in
      File(
        path: file.path, rulesVersion: file.rulesVersion.rawValue,
        diagnostics: file.diagnostics.map { DiagnosticEntry($0, in: file.source) })
    }
    let summary = report.summary
    self.summary = Summary(
      files: summary.files, errors: summary.errors, warnings: summary.warnings, notes: summary.notes,
      deployBlocking: summary.deployBlocking)
  }
}

extension LintJSONDocument.DiagnosticEntry {
  init(_ diagnostic: Diagnostic, in source: SourceFile) {
    typealias Document = LintJSONDocument
    self.code = diagnostic.code
    self.name = diagnostic.name
    self.severity = diagnostic.severity.rawValue
    self.message = diagnostic.message
    self.blocksDeploy = diagnostic.blocksDeploy
    self.range = Document.Range(diagnostic.range, in: source)
    self.notes =
      diagnostic.notes.isEmpty
      ? nil
      : diagnostic.notes.map { note in
        Document.Note(message: note.message, range: note.range.map { Document.Range($0, in: source) })
      }
    self.fix = diagnostic.fixes.first.map { fix in
      Document.Fix(
        message: fix.message, applicability: fix.applicability.rawValue,
        edits: fix.edits.map { edit in
          Document.Edit(range: Document.Range(edit.range, in: source), replacement: edit.replacement)
        })
    }
  }
}

extension LintJSONDocument.Range {
  init(_ range: SourceRange, in source: SourceFile) {
    let index = source.lineIndex
    self.start = LintJSONDocument.Location(index.location(of: range.start))
    self.end = LintJSONDocument.Location(index.location(of: range.end))
  }
}

extension LintJSONDocument.Location {
  init(_ location: SourceLocation) {
    self.init(line: location.line, column: location.column, offset: location.offset)
  }
}
