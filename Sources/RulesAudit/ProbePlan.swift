import RulesEvaluator
import RulesSemantics
import RulesSyntax

/// What an audit probes: the patterns, the identities, and the upload metadata variants,
/// derived from a ruleset's match blocks and the constants its conditions read.
///
/// Two plans merge (``merging(_:)``) so that `--diff` decides the same probes on both files.
public struct ProbePlan: Sendable {
  public var patterns: [PatternProbe]
  public var identities: [AuditIdentity]
  /// Upload sizes in bytes: 0 (production's default) and each size constant `c` of the rules
  /// as `c` and `c + 1`; at most ``maximumVariants``.
  public var sizes: [Int64]
  /// Upload content types: production's default first, then those the rules name or match;
  /// at most ``maximumVariants``.
  public var contentTypes: [String]
  /// Custom metadata keys the rules read; probes set each to the owner's uid.
  public var metadataKeys: [String]
  /// The content types that stand for a whole media type (guessed from `image/.*`, never
  /// named as a literal): qualifiers say `image/*` for them.
  public var contentTypeFamilies: Set<String>

  /// Sizes and content types each keep at most this many values.
  public static let maximumVariants = 6
  /// The content type an upload has when the client names none.
  public static let defaultContentType = "application/octet-stream"

  /// The plan for `checked`: one probe per `firebase.storage` block with an `allow`.
  init(_ checked: CheckedRuleset, facts: ConditionFacts, bucket: String) {
    self.init(checked, facts: facts, blockProbes: Self.blockProbes(checked, facts: facts, bucket: bucket))
  }

  /// The plan for `checked` whose blocks' probes are `blockProbes` (``blockProbes(_:facts:bucket:)``).
  init(_ checked: CheckedRuleset, facts: ConditionFacts, blockProbes: [(match: Int, probe: PatternProbe)]) {
    var patterns: [PatternProbe] = []
    var seen: Set<PatternProbe> = []
    for (_, probe) in blockProbes where seen.insert(probe).inserted {
      patterns.append(probe)
    }
    self.patterns = patterns
    var identities: [AuditIdentity] = [.anonymous, .owner, .stranger, .verifiedOwner]
    identities += facts.claims
    identities += facts.uids.map(AuditIdentity.uid)
    if !facts.claims.isEmpty { identities.append(.privileged(facts.claims)) }
    self.identities = identities
    var sizes: [Int64] = [0]
    for constant in facts.sizes.sorted() {
      // Below an upper bound is found by bisection (``AccessAudit``); `c` and `c + 1` find
      // lower bounds (`size > c`, `size >= c`).
      for size in [constant, constant + 1] where size >= 0 && !sizes.contains(size) {
        sizes.append(size)
      }
    }
    self.sizes = Array(sizes.sorted().prefix(Self.maximumVariants))
    self.contentTypes = Array(
      ([Self.defaultContentType] + facts.contentTypes.filter { $0 != Self.defaultContentType }).prefix(
        Self.maximumVariants))
    self.metadataKeys = facts.metadataKeys
    self.contentTypeFamilies = facts.contentTypeFamilies.subtracting(facts.literalContentTypes)
  }

  /// The probe of each `firebase.storage` block with an `allow` (``PatternProbe``), by index
  /// into ``RulesSemantics/CheckedRuleset/matches``, in order.
  static func blockProbes(
    _ checked: CheckedRuleset, facts: ConditionFacts, bucket: String
  ) -> [(match: Int, probe: PatternProbe)] {
    var found: [(match: Int, probe: PatternProbe)] = []
    for (index, match) in checked.matches.enumerated() where match.appliesToStorage {
      guard match.block.body.contains(where: { if case .allow = $0.kind { true } else { false } }),
        let probe = PatternProbe(
          match, version: checked.version, defaultBucket: bucket, examples: facts.wildcardExamples)
      else { continue }
      found.append((index, probe))
    }
    return found
  }

  /// This plan with `other`'s patterns, identities and variants added (each kept once).
  public func merging(_ other: ProbePlan) -> ProbePlan {
    var merged = self
    var seen = Set(patterns)
    for pattern in other.patterns where seen.insert(pattern).inserted { merged.patterns.append(pattern) }
    for identity in other.identities where !merged.identities.contains(identity) {
      merged.identities.append(identity)
    }
    merged.sizes = Array(Set(sizes + other.sizes).sorted().prefix(Self.maximumVariants + 2))
    for type in other.contentTypes where !merged.contentTypes.contains(type) {
      merged.contentTypes.append(type)
    }
    merged.contentTypes = Array(merged.contentTypes.prefix(Self.maximumVariants + 2))
    // A type stands for its media type only when both files read it so.
    merged.contentTypeFamilies = contentTypeFamilies.intersection(other.contentTypeFamilies)
      .union(contentTypeFamilies.subtracting(other.contentTypes))
      .union(other.contentTypeFamilies.subtracting(contentTypes))
    for key in other.metadataKeys where !merged.metadataKeys.contains(key) { merged.metadataKeys.append(key) }
    return merged
  }
}
