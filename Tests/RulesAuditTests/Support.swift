import RulesAudit
import RulesEvaluator
import RulesSemantics

/// Rules and audits for the tests.
enum Audits {
  static let time = Timestamp(seconds: 1_767_225_600, nanos: 0)  // 2026-01-01T00:00:00Z

  /// `body` inside `rules_version = '2'; service firebase.storage { match /b/{bucket}/o { … } }`.
  static func rules(_ body: String, version: Int = 2) -> CompiledRuleset {
    let header = version == 2 ? "rules_version = '2';\n" : ""
    return CompiledRuleset(
      source: header + "service firebase.storage {\n  match /b/{bucket}/o {\n" + body + "\n  }\n}\n")
  }

  static func options(
    firestore: FirestoreDocuments? = nil, timeIsGiven: Bool = false, budget: Int? = nil
  )
    -> AuditOptions
  {
    AuditOptions(
      time: time, timeIsGiven: timeIsGiven, firestore: firestore, budget: budget ?? AuditOptions.defaultBudget
    )
  }

  static func matrix(_ body: String, version: Int = 2, options: AuditOptions = options()) -> AccessMatrix {
    AccessAudit(ruleset: rules(body, version: version), options: options).matrix()
  }

  /// The statements of `body` as sentences' parts: subject, methods, pattern.
  static func statements(
    _ body: String, version: Int = 2, options: AuditOptions = options()
  )
    -> [AccessStatement]
  {
    matrix(body, version: version, options: options).statements()
  }
}

extension [AccessStatement] {
  /// The statement about `pattern` whose methods include `method`, for `subject`.
  func first(
    _ subject: AccessStatement.Subject, _ method: RequestMethod, _ pattern: String
  ) -> AccessStatement? {
    first { $0.subject == subject && $0.methods.contains(method) && $0.pattern == pattern }
  }
}
