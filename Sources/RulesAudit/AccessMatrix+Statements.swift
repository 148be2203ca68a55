import RulesSemantics
import RulesSyntax

extension AccessMatrix {
  /// The matrix collapsed into statements, per pattern in source order: the widest identity
  /// granted each method (anyone, any signed-in user, the owner, the owner with a verified
  /// e-mail), the claims and uids granted beyond it, and "nobody" where an `allow` of the
  /// pattern names a method no probe was granted; methods with the same answer are merged.
  /// Under rules_version 1 one statement says nobody can list.
  public func statements() -> [AccessStatement] {
    var result: [AccessStatement] = []
    if rulesVersion == .v1 {
      result.append(
        AccessStatement(subject: .nobody, methods: [.list], pattern: "", reasons: [.versionOneList]))
    }
    for index in patterns.indices {
      var perPattern: [AccessStatement] = []
      for method in Self.methods where !(method == .list && rulesVersion == .v1) {
        perPattern += statements(pattern: index, method: method)
      }
      result += Self.merged(perPattern)
    }
    return result
  }

  private func statements(pattern index: Int, method: RequestMethod) -> [AccessStatement] {
    let pattern = patterns[index]
    let text = pattern.probe.pattern
    func cell(_ identity: AuditIdentity) -> AccessCell? {
      self.cell(pattern: index, identity: identity, method: method)
    }
    func statement(
      _ subject: AccessStatement.Subject, _ cell: AccessCell, crossUser: Bool = false
    ) -> AccessStatement {
      AccessStatement(
        subject: subject, methods: [method], pattern: text,
        qualifiers: cell.access == .sometimes ? cell.qualifiers : [],
        unknowns: cell.unknowns, crossUser: crossUser, folderHoldsUser: pattern.probe.hasUserFolderWildcard,
        grant: cell.grant)
    }
    var result: [AccessStatement] = []
    var strangerGranted = false
    if let anonymous = cell(.anonymous), anonymous.access.grants {
      return [statement(.anyone, anonymous)]
    } else if let stranger = cell(.stranger), stranger.access.grants {
      strangerGranted = true
      result.append(statement(.anySignedInUser, stranger, crossUser: pattern.probe.hasFolderWildcard))
    } else if let owner = cell(.owner), owner.access.grants {
      result.append(statement(pattern.probe.hasWildcard ? .owner : .someSignedInUsers, owner))
    } else if let verified = cell(.verifiedOwner), verified.access.grants {
      result.append(statement(.verifiedOwner, verified))
    }
    if !strangerGranted {
      for identity in identities {
        guard let granted = cell(identity), granted.access.grants else { continue }
        switch identity {
        case .claim(let field, let value):
          result.append(statement(.claim(field: field, value: value), granted))
        case .uid(let uid): result.append(statement(.uid(uid), granted))
        case .privileged(let claims):
          let alone = result.contains { if case .claim = $0.subject { true } else { false } }
          let texts = claims.compactMap { claim -> String? in
            guard case .claim(let field, let value) = claim else { return nil }
            return "\(field) == \(value.text)"
          }
          if !alone && result.isEmpty { result.append(statement(.privileged(texts), granted)) }
        default: continue
        }
      }
      if result.count > 1 { result[0].exclusive = false }
    }
    if method == .create && !result.isEmpty && looksImmutable(index) {
      for position in result.indices where !result[position].qualifiers.contains(.onlyNewObjects) {
        result[position].qualifiers.append(.overwritesDespiteNoUpdate)
      }
    }
    if !result.isEmpty { return result }
    let named = pattern.allows.filter { $0.methods.contains(method) }
    guard !named.isEmpty else { return [] }
    let unknowns = identities.compactMap { cell($0) }.flatMap(\.unknowns)
    var unique: [AccessUnknown] = []
    for unknown in unknowns where !unique.contains(unknown) { unique.append(unknown) }
    if !unique.isEmpty {
      return [AccessStatement(subject: .undetermined, methods: [method], pattern: text, unknowns: unique)]
    }
    if identities.contains(where: { cell($0)?.access == .notProbed }) { return [] }
    var reasons: [AccessStatement.Reason] = []
    if method == .delete && named.contains(where: \.reads.requestResource) {
      reasons.append(.readsRequestResourceOnDelete)
    }
    return [AccessStatement(subject: .nobody, methods: [method], pattern: text, reasons: reasons)]
  }

  /// Whether an `allow` of the pattern names `update` or `delete` and no identity is granted
  /// either: the author seems to mean objects to stay as uploaded.
  private func looksImmutable(_ index: Int) -> Bool {
    let named = patterns[index].allows.contains { !$0.methods.isDisjoint(with: [.update, .delete]) }
    guard named else { return false }
    for identity in identities {
      for method in [RequestMethod.update, .delete] {
        guard let cell = cell(pattern: index, identity: identity, method: method), cell.access == .never
        else {
          return false
        }
      }
    }
    return true
  }

  /// Statements that differ only in their methods, merged into one (first position kept).
  static func merged(_ statements: [AccessStatement]) -> [AccessStatement] {
    var result: [AccessStatement] = []
    for statement in statements {
      var key = statement
      key.methods = []
      if let index = result.firstIndex(where: {
        var other = $0; other.methods = []; return other == key
      }) {
        result[index].methods += statement.methods
      } else {
        result.append(statement)
      }
    }
    return result
  }
}
