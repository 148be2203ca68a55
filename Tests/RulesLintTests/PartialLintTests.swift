import RulesLint
import RulesSyntax
import Testing

/// A file with syntax errors is linted on the parts that parsed soundly: one bad segment does
/// not hide a public write elsewhere, and no finding comes from what recovery made up.
@Suite struct PartialLintTests {
  /// A broken file and the catalogue findings it must get, as `CODE line`.
  struct Shape: Sendable, CustomTestStringConvertible {
    let name: String
    let text: String
    let expected: [String]
    var testDescription: String { name }
  }

  static let open = """
        match /open/{f} {
          allow write: if true;
        }
    """

  static let shapes: [Shape] = [
    Shape(
      name: "an allow whose condition lacks an operand",
      text: """
        rules_version = '2';
        service firebase.storage {
          match /b/{bucket}/o {
        \(open)
            match /broken/{f} {
              allow read: if request.auth.uid == ;
            }
          }
        }
        """,
      expected: ["RC301 5"]),
    Shape(
      name: "an allow missing its condition after a comma",
      text: """
        rules_version = '2';
        service firebase.storage {
          match /b/{bucket}/o {
            match /{allPaths=**} {
              allow read,
              allow write: if request.auth != null;
            }
        \(open)
          }
        }
        """,
      expected: ["RC301 9"]),
    Shape(
      name: "a broken function and the allows that call it",
      text: """
        rules_version = '2';
        service firebase.storage {
          match /b/{bucket}/o {
            function isOwner(uid) {
              return request.auth.uid == uid &&;
            }
            match /users/{userId}/{f} {
              allow write: if isOwner(userId);
            }
        \(open)
          }
        }
        """,
      expected: ["RC301 11"]),
    Shape(
      name: "a match path mixing text and a wildcard",
      text: """
        rules_version = '2';
        service firebase.storage {
          match /b/{bucket}/o {
            match /img/{id}.png {
              allow write: if true;
            }
        \(open)
          }
        }
        """,
      expected: ["RC301 8"]),
    Shape(
      name: "a block left open at the end of the file",
      text: """
        rules_version = '2';
        service firebase.storage {
          match /b/{bucket}/o {
        \(open)
            match /tail/{f} {
              allow write
        """,
      expected: ["RC301 5"]),
    Shape(
      name: "a stray closing brace after the service",
      text: """
        rules_version = '2';
        service firebase.storage {
          match /b/{bucket}/o {
        \(open)
          }
        }
        }
        """,
      expected: ["RC301 5"]),
    Shape(
      name: "a broken version line: the version findings are left out",
      text: """
        rules_versoin = '2';
        service firebase.storage {
          match /b/{bucket}/o {
        \(open)
          }
        }
        """,
      expected: ["RC301 5"]),
    Shape(
      name: "a misspelled keyword in a block drops that block only",
      text: """
        rules_version = '2';
        service firebase.storage {
          match /b/{bucket}/o {
            match /a/{f} {
              alow read: if true;
              allow write: if true;
            }
        \(open)
          }
        }
        """,
      expected: ["RC301 9"]),
  ]

  @Test(arguments: shapes)
  func lintsWhatParsed(_ shape: Shape) {
    let source = SourceFile(path: "a.rules", text: shape.text)
    let report = LintRunner().lint(source)
    #expect(report.diagnostics.contains { $0.severity == .error && $0.id.code.hasPrefix("RS0") })
    let found = report.diagnostics.filter { $0.id.code.hasPrefix("RC") }.map {
      "\($0.id.code) \(source.lineIndex.line(of: $0.range.start))"
    }
    #expect(found == shape.expected)
  }

  @Test func aSuppressionAboveALeftOutStatementIsNotCalledUnused() {
    let text = """
      rules_version = '2';
      service firebase.storage {
        match /b/{bucket}/o {
          match /a/{f} {
            // rulescheck:disable-next-line RC301
            allow write: if true &&;
          }
        }
      }
      """
    let report = LintRunner().lint(SourceFile(path: "a.rules", text: text))
    #expect(!report.diagnostics.contains { $0.id.code == "RC900" })
  }
}
