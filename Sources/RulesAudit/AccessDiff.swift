import RulesEvaluator
import RulesSemantics
import RulesSyntax

/// What a change of rules grants or revokes: the same probes (both files' patterns,
/// identities and metadata variants) decided on the old and the new ruleset.
public struct AccessDiff: Sendable {
  /// One group of cells that changed the same way.
  public struct Change: Sendable, Hashable {
    public enum Direction: String, Sendable, Hashable {
      /// Someone may now do what they could not (or only sometimes) before.
      case widened
      /// Someone may no longer do what they could.
      case narrowed
    }
    public var direction: Direction
    public var pattern: String
    /// The identities whose access changed, widest first.
    public var identities: [AuditIdentity]
    public var methods: [RequestMethod]
    /// The new file's qualifiers when the new access is partial.
    public var qualifiers: [AccessQualifier]
    /// The `allow` of the new file that grants (widened), or of the old that granted (narrowed).
    public var grant: SourceRange?
    /// Some requests were granted before and after, but not the same ones: a size limit raised,
    /// a content type admitted, overwrites allowed (widened), or the reverse (narrowed).
    public var partial: Bool = false
  }

  public var changes: [Change]
  public var old: AccessMatrix
  public var new: AccessMatrix

  /// Whether any change widens access: `audit --diff` then exits 1.
  public var widens: Bool { changes.contains { $0.direction == .widened } }

  /// Decides the merged plan of `old` and `new` on both.
  public init(old: CompiledRuleset, new: CompiledRuleset, options: AuditOptions) {
    let plan = AccessAudit.plan(of: new, options: options).merging(
      AccessAudit.plan(of: old, options: options))
    let before = AccessAudit(ruleset: old, options: options, plan: plan).matrix()
    let after = AccessAudit(ruleset: new, options: options, plan: plan).matrix()
    self.old = before
    self.new = after
    var changes: [Change] = []
    for index in after.cells.indices where before.cells.indices.contains(index) {
      let was = before.cells[index]
      let now = after.cells[index]
      guard was.access != .notProbed, now.access != .notProbed else { continue }
      var directions: [Change.Direction] = []
      if Self.rank(now.access) > Self.rank(was.access) {
        directions = [.widened]
      } else if Self.rank(now.access) < Self.rank(was.access) {
        directions = [.narrowed]
      } else if now.access == .sometimes && was.access == .sometimes {
        directions = Self.partialChanges(was: was.allowedMask, now: now.allowedMask)
      }
      for direction in directions {
        var change = Change(
          direction: direction, pattern: after.patterns[now.pattern].probe.pattern,
          identities: [now.identity],
          methods: [now.method], qualifiers: now.access == .sometimes ? now.qualifiers : [],
          grant: direction == .widened ? now.grant : was.grant)
        change.partial = now.access == .sometimes && was.access == .sometimes
        changes.append(change)
      }
    }
    self.changes = Self.grouped(changes)
  }

  /// Between two partial cells of the same probes: widened when a probe denied before is
  /// allowed now, narrowed when one allowed before is denied now (both when both happen).
  static func partialChanges(was: [Bool], now: [Bool]) -> [Change.Direction] {
    guard was.count == now.count else { return [] }
    let pairs = zip(was, now)
    var result: [Change.Direction] = []
    if pairs.contains(where: { !$0 && $1 }) { result.append(.widened) }
    if pairs.contains(where: { $0 && !$1 }) { result.append(.narrowed) }
    return result
  }

  private static func rank(_ access: Access) -> Int {
    switch access {
    case .never, .notProbed: 0
    case .sometimes: 1
    case .always: 2
    }
  }

  /// Changes grouped: per pattern, direction and method the identities together (those
  /// implied by a wider one left out: a stranger implies claims and uids, a claim the
  /// privileged identity, the owner the verified owner); then methods with the same identities together.
  static func grouped(_ changes: [Change]) -> [Change] {
    // Keyed by the change with the grouped field emptied: linear in the number of changes.
    var byMethod: [Change] = []
    var methodIndex: [Change: Int] = [:]
    for change in changes {
      var key = change
      key.identities = []
      key.grant = nil
      if let index = methodIndex[key] {
        byMethod[index].identities += change.identities
      } else {
        methodIndex[key] = byMethod.count
        byMethod.append(change)
      }
    }
    for index in byMethod.indices {
      let identities = byMethod[index].identities
      byMethod[index].identities = identities.filter { identity in
        switch identity {
        case .claim, .uid: !identities.contains(.stranger)
        case .privileged:
          !identities.contains(.stranger)
            && !identities.contains { if case .claim = $0 { true } else { false } }
        case .verifiedOwner: !identities.contains(.owner)
        default: true
        }
      }.sorted()
    }
    var result: [Change] = []
    var identityIndex: [Change: Int] = [:]
    for change in byMethod {
      var key = change
      key.methods = []
      key.grant = nil
      if let index = identityIndex[key] {
        result[index].methods += change.methods
      } else {
        identityIndex[key] = result.count
        result.append(change)
      }
    }
    return result
  }
}
