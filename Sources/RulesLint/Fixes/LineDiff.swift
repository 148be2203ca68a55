/// The line-level edit script behind ``UnifiedDiff``, in time and memory that stay near-linear
/// in the number of lines whatever the texts.
///
/// Lines are compared as integers (each distinct line gets one). Small texts, and small regions
/// of large ones, get Myers' shortest edit script, storing only the band each step reaches
/// (O(D²) memory, D the number of edits). Large regions are first split by their common
/// prefix and suffix, then at the lines that occur exactly once on each side, in the longest
/// chain that keeps both orders (patience diff, O(k log k)). Every step is charged to a
/// budget proportional to the input (``workPerLine``); a region the budget cannot afford is
/// written as its removals followed by its insertions, which is a correct diff, only not the
/// shortest.
struct LineDiff {
  enum Operation: Equatable {
    case keep(Int, Int)
    case remove(Int)
    case insert(Int)
  }

  /// Lines (old plus new) up to which the whole texts get Myers' algorithm directly.
  static let smallRegion = 500
  /// Work units the diff may spend per line of input, beyond a fixed allowance.
  static let workPerLine = 64
  /// Work units every diff may spend, however short its texts.
  static let baseWork = 250_000

  private let a: [Int]
  private let b: [Int]
  private var budget: Int
  private var operations: [Operation] = []
  /// How much work the diff spent: patience passes and Myers steps.
  private(set) var work = 0

  private enum Task {
    case region(aLow: Int, aHigh: Int, bLow: Int, bHigh: Int)
    case keep(a: Int, b: Int, count: Int)
  }

  private init(_ a: [Int], _ b: [Int]) {
    self.a = a
    self.b = b
    self.budget = Self.baseWork + Self.workPerLine * (a.count + b.count)
  }

  /// The edit script from `a` to `b` (lines as integers) and the work it took.
  static func run(_ a: [Int], _ b: [Int]) -> (operations: [Operation], work: Int) {
    var diff = LineDiff(a, b)
    if a.count + b.count <= smallRegion, let whole = diff.myers(0, a.count, 0, b.count) {
      return (whole, diff.work)
    }
    diff.split()
    return (diff.operations, diff.work)
  }

  /// Works through the regions left to right with an explicit stack (no recursion).
  private mutating func split() {
    var stack: [Task] = [.region(aLow: 0, aHigh: a.count, bLow: 0, bHigh: b.count)]
    while let task = stack.popLast() {
      switch task {
      case .keep(let x, let y, let count):
        for step in 0..<count { operations.append(.keep(x + step, y + step)) }
      case .region(var aLow, var aHigh, var bLow, var bHigh):
        while aLow < aHigh, bLow < bHigh, a[aLow] == b[bLow] {
          operations.append(.keep(aLow, bLow))
          aLow += 1
          bLow += 1
        }
        var suffix = 0
        while aHigh > aLow, bHigh > bLow, a[aHigh - 1] == b[bHigh - 1] {
          aHigh -= 1
          bHigh -= 1
          suffix += 1
        }
        if suffix > 0 { stack.append(.keep(a: aHigh, b: bHigh, count: suffix)) }
        if aLow == aHigh || bLow == bHigh {
          replace(aLow, aHigh, bLow, bHigh)
          continue
        }
        let size = (aHigh - aLow) + (bHigh - bLow)
        let (anchors, shared) =
          size <= Self.smallRegion ? ([], true) : unique(aLow, aHigh, bLow, bHigh)
        guard !anchors.isEmpty else {
          // With no line in common, the shortest script is every removal and insertion.
          if shared, let script = myers(aLow, aHigh, bLow, bHigh) {
            operations += script
          } else {
            replace(aLow, aHigh, bLow, bHigh)
          }
          continue
        }
        // Pushed in reverse, so the regions between anchors are worked through in order.
        var next = (a: aHigh, b: bHigh)
        for anchor in anchors.reversed() {
          stack.append(.region(aLow: anchor.a + 1, aHigh: next.a, bLow: anchor.b + 1, bHigh: next.b))
          stack.append(.keep(a: anchor.a, b: anchor.b, count: 1))
          next = anchor
        }
        stack.append(.region(aLow: aLow, aHigh: next.a, bLow: bLow, bHigh: next.b))
      }
    }
  }

  /// Every line of `a[aLow..<aHigh]` removed, then every line of `b[bLow..<bHigh]` inserted.
  private mutating func replace(_ aLow: Int, _ aHigh: Int, _ bLow: Int, _ bHigh: Int) {
    for x in aLow..<aHigh { operations.append(.remove(x)) }
    for y in bLow..<bHigh { operations.append(.insert(y)) }
  }

  /// The lines that occur once in each side of the region, as (old, new) positions, in the
  /// longest chain increasing on both sides; and whether the sides have any line in common.
  private mutating func unique(
    _ aLow: Int, _ aHigh: Int, _ bLow: Int, _ bHigh: Int
  ) -> (anchors: [(a: Int, b: Int)], shared: Bool) {
    let cost = (aHigh - aLow) + (bHigh - bLow)
    guard budget >= cost else { return ([], true) }
    budget -= cost
    work += cost
    // Per distinct line of the old side: how often each side has it and where (last seen).
    var slots: [Int: Int] = [:]
    var seen: [(aCount: Int, a: Int, bCount: Int, b: Int)] = []
    for x in aLow..<aHigh {
      if let slot = slots[a[x]] {
        seen[slot].aCount += 1
      } else {
        slots[a[x]] = seen.count
        seen.append((1, x, 0, 0))
      }
    }
    var shared = false
    for y in bLow..<bHigh {
      guard let slot = slots[b[y]] else { continue }
      shared = true
      seen[slot].bCount += 1
      seen[slot].b = y
    }
    // In old-side order already; the longest chain increasing on the new side (patience).
    let pairs = seen.filter { $0.aCount == 1 && $0.bCount == 1 }.map { (a: $0.a, b: $0.b) }
    var tails: [Int] = []  // index into pairs of the smallest tail of each chain length
    var previous = [Int](repeating: -1, count: pairs.count)
    for (index, pair) in pairs.enumerated() {
      var low = 0
      var high = tails.count
      while low < high {
        let mid = (low + high) / 2
        if pairs[tails[mid]].b < pair.b { low = mid + 1 } else { high = mid }
      }
      if low > 0 { previous[index] = tails[low - 1] }
      if low == tails.count { tails.append(index) } else { tails[low] = index }
    }
    var chain: [(a: Int, b: Int)] = []
    var index = tails.last ?? -1
    while index >= 0 {
      chain.append(pairs[index])
      index = previous[index]
    }
    return (chain.reversed(), shared)
  }

  /// Myers' shortest edit script for the region, or nil when the budget runs out first. Each
  /// step keeps only the band of diagonals it reached.
  private mutating func myers(_ aLow: Int, _ aHigh: Int, _ bLow: Int, _ bHigh: Int) -> [Operation]? {
    let n = aHigh - aLow
    let m = bHigh - bLow
    let offset = n + m + 1
    var v = [Int](repeating: 0, count: 2 * offset + 1)
    // trace[d] holds v[offset - d - 1 ... offset + d + 1] as it was before step d.
    var trace: [[Int]] = []
    search: for d in 0...(n + m) {
      let cost = 2 * d + 3
      guard budget >= cost else { return nil }
      budget -= cost
      work += cost
      trace.append(Array(v[(offset - d - 1)...(offset + d + 1)]))
      for k in stride(from: -d, through: d, by: 2) {
        var x =
          (k == -d || (k != d && v[offset + k - 1] < v[offset + k + 1]))
          ? v[offset + k + 1] : v[offset + k - 1] + 1
        var y = x - k
        let snake = x
        while x < n, y < m, a[aLow + x] == b[bLow + y] {
          x += 1
          y += 1
        }
        budget -= x - snake
        work += x - snake
        v[offset + k] = x
        if x >= n && y >= m { break search }
      }
    }
    var script: [Operation] = []
    var x = n
    var y = m
    for d in stride(from: trace.count - 1, through: 0, by: -1) {
      let band = trace[d]
      let at = { (k: Int) in band[k + d + 1] }
      let k = x - y
      let previousK = (k == -d || (k != d && at(k - 1) < at(k + 1))) ? k + 1 : k - 1
      let previousX = d == 0 ? 0 : at(previousK)
      let previousY = d == 0 ? 0 : previousX - previousK
      while x > previousX && y > previousY {
        script.append(.keep(aLow + x - 1, bLow + y - 1))
        x -= 1
        y -= 1
      }
      guard d > 0 else { break }
      if x == previousX {
        script.append(.insert(bLow + y - 1))
        y -= 1
      } else {
        script.append(.remove(aLow + x - 1))
        x -= 1
      }
    }
    return script.reversed()
  }
}
