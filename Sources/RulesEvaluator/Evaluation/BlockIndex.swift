import RulesSyntax

/// The blocks that may cover a path, found without testing every block: an index on the
/// literal segment each block's full pattern has at one position (a first-segment table, at
/// the position that tells the blocks apart best).
///
/// Contract: ``candidates(_:hypotheticalChild:)`` yields, in source order, every block whose
/// pattern covers the path, and possibly others; deciding still tests each candidate with
/// ``CompiledPattern/covers(_:hypotheticalChild:)``, so the index changes which blocks are
/// tested, never which match. Built once per ruleset, in time linear in its patterns.
struct BlockIndex: Sendable {
  /// The position indexed; nil when no position tells any blocks apart (every block is tested).
  let position: Int?
  /// Blocks (positions in the ruleset's block list, ascending) by their literal at ``position``,
  /// hashed by bytes once per decision (``NameKey``: FNV-1a, not `Dictionary`'s SipHash). Two
  /// literals whose bytes differ are different keys (unless their hashes collide and `String`
  /// calls them equal, when they share a bucket, which only adds candidates); a segment whose
  /// bytes differ from a literal's is no candidate for it, as ``CompiledPattern/covers(_:hypotheticalChild:)``
  /// compares a segment's bytes.
  let byLiteral: KeyedTable<NameKey, Int>
  /// The blocks of each literal, by the position ``byLiteral`` gives.
  let buckets: [[Int]]
  /// Blocks without a literal at ``position`` (a wildcard there or before it, or a shorter
  /// pattern), ascending; candidates for every path.
  let others: [Int]

  /// The positions tried: the first few, where Storage patterns (`/b/{bucket}/o/...`) differ.
  static let positionsTried = 0..<8
  /// How many fewer blocks the index must leave to test, at worst, to be used: testing a
  /// handful of patterns costs less than hashing the path's segment.
  static let minimumSaving = 8

  init(_ patterns: [CompiledPattern]) {
    var best: (position: Int, cost: Int)?
    for position in Self.positionsTried {
      var sizes: [String: Int] = [:]
      var others = 0
      for pattern in patterns {
        if let literal = Self.literal(of: pattern, at: position) {
          sizes[literal, default: 0] += 1
        } else {
          others += 1
        }
      }
      guard !sizes.isEmpty else { continue }
      // The most blocks one path can be tested against.
      let cost = others + (sizes.values.max() ?? 0)
      // Worth a look-up (hashing a segment) only when it spares testing several blocks.
      let bound = best.map { $0.cost - 1 } ?? patterns.count - Self.minimumSaving
      if cost <= bound { best = (position, cost) }
    }
    guard let position = best?.position else {
      self.position = nil
      self.byLiteral = KeyedTable()
      self.buckets = []
      self.others = Array(patterns.indices)
      return
    }
    var byLiteral = KeyedTable<NameKey, Int>()
    var buckets: [[Int]] = []
    var others: [Int] = []
    for (index, pattern) in patterns.enumerated() {
      if let literal = Self.literal(of: pattern, at: position) {
        let key = NameKey(literal)
        if let bucket = byLiteral[key] {
          buckets[bucket].append(index)
        } else {
          byLiteral[key] = buckets.count
          buckets.append([index])
        }
      } else {
        others.append(index)
      }
    }
    self.position = position
    self.byLiteral = byLiteral
    self.buckets = buckets
    self.others = others
  }

  /// The literal `pattern` must have at `position` for any path it covers; nil when a
  /// wildcard there or before it lets that segment vary, or the pattern has no such segment.
  private static func literal(of pattern: CompiledPattern, at position: Int) -> String? {
    guard position < pattern.segments.count, (pattern.globIndex ?? .max) > position,
      case .literal(let text) = pattern.segments[position]
    else { return nil }
    return text
  }

  /// The blocks indexed under the literal `path` has at ``position``; empty when no block's
  /// literal can equal it (a short path, or the hypothetical child of a list, which no literal
  /// matches).
  func keyed(_ path: [String], hypotheticalChild: Bool) -> [Int] {
    guard let position, position < path.count, !(hypotheticalChild && position == path.count - 1) else {
      return []
    }
    return byLiteral[NameKey(path[position])].map { buckets[$0] } ?? []
  }
}

/// The candidates of ``BlockIndex`` for one path, in ascending order: the keyed blocks and
/// the others merged.
struct BlockCandidates: Sequence, IteratorProtocol {
  private let keyed: [Int]
  private let others: [Int]
  private var nextKeyed = 0
  private var nextOther = 0
  /// Without an index, every block in order: counted, not read from ``others``.
  private let all: Int?

  init(keyed: [Int], others: [Int]) {
    self.keyed = keyed
    self.others = others
    self.all = nil
  }

  /// Every one of `count` blocks, in order (a ruleset without an index).
  init(all count: Int) {
    self.keyed = []
    self.others = []
    self.all = count
  }

  mutating func next() -> Int? {
    if let all {
      guard nextOther < all else { return nil }
      nextOther += 1
      return nextOther - 1
    }
    if nextKeyed < keyed.count {
      if nextOther < others.count && others[nextOther] < keyed[nextKeyed] {
        nextOther += 1
        return others[nextOther - 1]
      }
      nextKeyed += 1
      return keyed[nextKeyed - 1]
    }
    guard nextOther < others.count else { return nil }
    nextOther += 1
    return others[nextOther - 1]
  }
}
