import RulesLint
import RulesSemantics
import RulesSyntax

/// Rules sources and synthetic reports shared by the tests.
enum Fixtures {
  /// A version 2 file with nothing to report, lint catalogue included.
  static let clean = """
    rules_version = '2';
    service firebase.storage {
      match /b/{bucket}/o {
        match /users/{userId}/{fileName} {
          allow read, delete: if request.auth != null && request.auth.uid == userId;
          allow create: if request.auth != null && request.auth.uid == userId
            && request.resource.size < 5 * 1024 * 1024;
        }
      }
    }

    """

  /// Two syntax errors: `===` on line 5, and a condition cut short by `}` on line 7.
  static let syntaxErrors = """
    rules_version = '2';
    service firebase.storage {
      match /b/{bucket}/o {
        match /files/{name} {
          allow write: if request.auth.uid === name;
          allow read: if request.auth != null &&
        }
      }
    }

    """

  /// Version 1 with `allow read`: only a warning (decisions.md: relying on `read` for listing
  /// under v1 is a warning quoting the production message).
  static let warningOnly = """
    service firebase.storage {
      match /b/{bucket}/o {
        match /public/{name} {
          allow read: if name.size() < 100;
        }
      }
    }

    """

  static let diagnosticID = DiagnosticID(code: "RS999", name: "test-diagnostic", defaultSeverity: .warning)

  /// A diagnostic of severity `severity` over `range`.
  static func diagnostic(
    _ severity: Severity, _ message: String, _ range: SourceRange,
    notes: [DiagnosticNote] = [], fixes: [Fix] = []
  ) -> Diagnostic {
    var diagnostic = Diagnostic(diagnosticID, message, at: range, notes: notes, fixes: fixes)
    diagnostic.severity = severity
    return diagnostic
  }

  /// The byte range of the `occurrence`-th `needle` in `text` (0-based), or an empty range at
  /// the end when absent.
  static func range(of needle: String, in text: String, occurrence: Int = 0) -> SourceRange {
    let bytes = Array(text.utf8)
    let target = Array(needle.utf8)
    var found = 0
    var start = 0
    while start + target.count <= bytes.count {
      if Array(bytes[start..<start + target.count]) == target {
        if found == occurrence { return SourceRange(start: start, end: start + target.count) }
        found += 1
      }
      start += 1
    }
    return .empty(at: bytes.count)
  }
}
