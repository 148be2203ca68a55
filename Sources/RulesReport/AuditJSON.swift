import RulesAudit
import RulesSemantics
import RulesSyntax

/// The JSON documents of `audit` and `audit --diff` (shapes in docs/audit.md).
public struct AuditJSON: Sendable {
  let source: SourceFile

  public init(source: SourceFile) {
    self.source = source
  }

  /// `{version, path, rulesVersion, identities, patterns, statements, decisions,
  /// budgetExhausted, warnings}`; `warnings` are the file's findings that do not stop a deploy.
  public func document(_ matrix: AccessMatrix, warnings: RunFindings? = nil) -> JSONValue {
    let statements = matrix.statements()
    var patterns: [JSONValue] = []
    for (index, pattern) in matrix.patterns.enumerated() {
      var cells: [JSONValue] = []
      for identity in matrix.identities {
        for method in AccessMatrix.methods {
          guard let cell = matrix.cell(pattern: index, identity: identity, method: method) else { continue }
          cells.append(self.cell(cell))
        }
      }
      patterns.append(
        .object([
          .init("pattern", .string(pattern.probe.pattern)), .init("bucket", .string(pattern.probe.bucket)),
          .init("range", pattern.range.map(range) ?? .null), .init("cells", .array(cells)),
        ]))
    }
    return .object([
      .init("version", .integer(1)), .init("path", .string(source.path)),
      .init("rulesVersion", .integer(matrix.rulesVersion == .v1 ? 1 : 2)),
      .init(
        "identities",
        .array(
          matrix.identities.map {
            .object([.init("key", .string($0.key)), .init("label", .string($0.label))])
          })),
      .init("patterns", .array(patterns)),
      .init("statements", .array(statements.map(statement))),
      .init("decisions", .integer(matrix.decisions)), .init("budgetExhausted", .bool(matrix.budgetExhausted)),
      .init("warnings", warnings?.json ?? .array([])),
    ])
  }

  /// `{version, old, new, widens, changes}` for `--diff`.
  public func document(_ diff: AccessDiff, old: SourceFile) -> JSONValue {
    let changes: [JSONValue] = diff.changes.map { change in
      let file = change.direction == .widened ? source : old
      return .object([
        .init("direction", .string(change.direction.rawValue)), .init("pattern", .string(change.pattern)),
        .init("identities", .array(change.identities.map { .string($0.key) })),
        .init("methods", .array(change.methods.map { .string($0.rawValue) })),
        .init("qualifiers", .array(change.qualifiers.map { .string(AuditSentences.qualifier($0)) })),
        .init("partial", .bool(change.partial)),
        .init("grant", change.grant.map { AuditJSON(source: file).range($0) } ?? .null),
        .init("text", .string(AuditSentences.text(change))),
      ])
    }
    return .object([
      .init("version", .integer(1)), .init("old", .string(old.path)), .init("new", .string(source.path)),
      .init("widens", .bool(diff.widens)), .init("changes", .array(changes)),
      .init("budgetExhausted", .bool(diff.old.budgetExhausted || diff.new.budgetExhausted)),
    ])
  }

  func cell(_ cell: AccessCell) -> JSONValue {
    .object([
      .init("identity", .string(cell.identity.key)), .init("method", .string(cell.method.rawValue)),
      .init("access", .string(cell.access.rawValue)),
      .init("qualifiers", .array(cell.qualifiers.map { .string(AuditSentences.qualifier($0)) })),
      .init("unknowns", .array(cell.unknowns.map { .string(AuditSentences.unknown($0)) })),
      .init("grant", cell.grant.map(range) ?? .null),
    ])
  }

  func statement(_ statement: AccessStatement) -> JSONValue {
    let subject: String
    switch statement.subject {
    case .anyone: subject = "anyone"
    case .anySignedInUser: subject = "signed-in"
    case .owner: subject = "owner"
    case .verifiedOwner: subject = "verified-owner"
    case .someSignedInUsers: subject = "some-signed-in"
    case .claim(let field, let value): subject = AuditIdentity.claim(field: field, value: value).key
    case .uid(let uid): subject = AuditIdentity.uid(uid).key
    case .privileged: subject = "privileged"
    case .nobody: subject = "nobody"
    case .undetermined: subject = "undetermined"
    }
    return .object([
      .init("subject", .string(subject)),
      .init("methods", .array(statement.methods.map { .string($0.rawValue) })),
      .init("pattern", .string(statement.pattern)), .init("crossUser", .bool(statement.crossUser)),
      .init("qualifiers", .array(statement.qualifiers.map { .string(AuditSentences.qualifier($0)) })),
      .init("unknowns", .array(statement.unknowns.map { .string(AuditSentences.unknown($0)) })),
      .init("grant", statement.grant.map(range) ?? .null),
      .init("text", .string(AuditSentences.text(statement))),
    ])
  }

  func range(_ range: SourceRange) -> JSONValue {
    func location(_ offset: Int) -> JSONValue {
      let location = source.lineIndex.location(of: offset)
      return .object([
        .init("line", .integer(location.line)), .init("column", .integer(location.column)),
        .init("offset", .integer(location.offset)),
      ])
    }
    return .object([.init("start", location(range.start)), .init("end", location(range.end))])
  }
}
