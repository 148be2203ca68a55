import RulesSyntax

/// Flags statements that grant `create` without bounding `request.resource.size`.
struct UnboundedUploadSize: LintRule {
  static let descriptor = RuleDescriptor(
    code: "RC305", name: "unbounded-upload-size", category: .security, defaultSeverity: .warning,
    summary: "uploads have no size limit",
    rationale: """
      Every upload (overwrites included) is a `create`. Without a bound such as \
      `request.resource.size < 10 * 1024 * 1024`, a user who may upload at all may upload \
      files of any size (Cloud Storage accepts objects up to 5 TiB), and you pay for the \
      storage and the bandwidth. Bound the size in every statement that grants `create` or \
      `write`.
      """,
    examples: [
      .fails(
        """
        match /users/{userId}/{fileName} {
          allow ⟦create⟧: if request.auth != null && request.auth.uid == userId;
        }
        """),
      .fails(
        """
        match /users/{userId}/{fileName} {
          allow read, ⟦write⟧: if request.auth.uid == userId;
        }
        """),
      .passes(
        """
        match /users/{userId}/{fileName} {
          allow create: if request.auth.uid == userId && request.resource.size < 5 * 1024 * 1024;
        }
        """),
      .passes(
        """
        match /users/{userId}/{fileName} {
          function isSmall() {
            return request.resource.size <= 1024 * 1024;
          }
          allow create: if request.auth.uid == userId && isSmall();
        }
        """),
      .passes(
        """
        match /users/{userId}/{fileName} {
          allow update, delete: if request.auth.uid == userId;
        }
        """),
      .passes(
        """
        match /users/{userId}/{fileName} {
          allow create: if request.auth != null && request.time < timestamp.date(2020, 1, 1);
        }
        """),
      .passes(
        """
        match /users/{userId}/{fileName} {
          allow create: if request.auth != null
            && get(/databases/(default)/documents/admins/$(request.auth.uid)).data.active;
        }
        """),
    ],
    limitations: """
      Statements with no condition or an always-true one are left to RC301; statements that \
      grant nothing since an expired test-mode date (RC304), or because an operand of their \
      top-level `&&` always fails (a call of `get()`, which Storage rules do not have), are \
      not reported. Any ordering \
      comparison of `request.resource.size` counts as a bound, whatever the number. Uploads \
      reserved to administrators are reported too.
      """)

  func check(_ context: LintContext, report: inout RuleReport) {
    for allow in context.allows where allow.methods.contains(.create) {
      guard let condition = allow.condition, context.constantBool(condition) == nil,
        !Self.boundsSize(context.facts(for: allow)), let range = allow.namesRange(granting: [.create]),
        // An expired test-mode date (RC304) or an operand that always fails grants nothing.
        !context.grantsNothingFromNow(allow)
      else { continue }
      report.report(
        "uploads to \(context.patternText(allow.fullPattern)) have no size limit: the condition never bounds request.resource.size",
        at: range)
    }
  }

  /// Whether `condition` orders `request.resource.size` against something.
  static func boundsSize(_ facts: AllowFacts) -> Bool {
    facts.comparisons.contains { comparison in
      guard [.less, .lessOrEqual, .greater, .greaterOrEqual].contains(comparison.op) else { return false }
      return [comparison.leftPath, comparison.rightPath].contains { path in
        path?.equals("request", "resource", "size") == true
      }
    }
  }
}
