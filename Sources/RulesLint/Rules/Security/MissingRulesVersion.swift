import RulesSyntax

/// Flags files without `rules_version`, which Firebase evaluates with version 1.
struct MissingRulesVersion: LintRule {
  static let descriptor = RuleDescriptor(
    code: "RC300", name: "missing-rules-version", category: .security, defaultSeverity: .warning,
    summary: "no rules_version: the file is evaluated with version 1",
    rationale: """
      Without `rules_version = '2';` Firebase evaluates the file with version 1: every `list` \
      request is refused ("Listing objects in a bucket is disallowed for rules_version = \
      "1"."), `read` grants `get` only, and `{path=**}` needs at least one segment and must come \
      last. Apps then work around refusals by loosening other statements. Declare version 2 on \
      the first line; RC400 lists the places where the switch changes a decision.
      """,
    examples: [
      .fails(
        """
        ⟦service firebase.storage⟧ {
          match /b/{bucket}/o {
            match /images/{imageId} {
              allow get: if request.auth != null;
            }
          }
        }
        """,
        fixed: """
          rules_version = '2';
          service firebase.storage {
            match /b/{bucket}/o {
              match /images/{imageId} {
                allow get: if request.auth != null;
              }
            }
          }
          """),
      .passes(
        """
        rules_version = '2';
        service firebase.storage {
          match /b/{bucket}/o {
            match /images/{imageId} {
              allow get: if request.auth != null;
            }
          }
        }
        """),
      .passes(
        """
        rules_version = '1';
        service firebase.storage {
          match /b/{bucket}/o {
            match /images/{imageId} {
              allow get: if request.auth != null;
            }
          }
        }
        """),
    ],
    limitations: """
      An explicit `rules_version = '1';` is a choice and is not reported. When this rule \
      reports a file, RS109's note that `read` grants `get` only is not repeated; RS109 still \
      reports each `allow list`, which grants nothing under version 1.
      """,
    fix: .unsafe(
      "version 2 changes decisions: read also grants list, list requests are no longer refused, and {x=**} also matches zero segments"
    ))

  func check(_ context: LintContext, report: inout RuleReport) {
    guard context.ruleset.versionDeclaration == nil else { return }
    for statement in context.ruleset.file.statements {
      guard case .service(let service) = statement.kind else { continue }
      let bytes = context.source.bytes
      let start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
      report.report(
        "no rules_version: this file is evaluated with version 1, where list requests are always refused and read grants get only",
        at: SourceRange(start: statement.range.start, end: service.name.range.end),
        fix: Fix(
          "insert rules_version = '2'; as the first line",
          edits: [TextEdit(range: .empty(at: start), replacement: "rules_version = '2';\n")],
          applicability: .unsafe))
      return
    }
  }
}
