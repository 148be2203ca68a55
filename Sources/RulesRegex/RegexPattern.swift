import CPCRE2

/// A regular expression in RE2 syntax, compiled once with PCRE2 and safe to share.
///
/// Offsets in and out are UTF-8 byte offsets. Every match attempt is bounded by ``Limits`` and
/// every search by a ``RegexBudget``; reaching either throws `RegexError.matchLimitExceeded`
/// instead of running on.
public struct RegexPattern: Sendable {
  /// Bounds on the work of one match attempt.
  public struct Limits: Sendable, Hashable {
    /// Backtracking steps of one attempt at one position (PCRE2's match limit).
    public var matchLimit: UInt32
    /// PCRE2's depth limit: nested backtracking frames per attempt.
    public var depthLimit: UInt32
    /// Memory for backtracking frames, in KiB.
    public var heapLimitKiB: UInt32

    public init(matchLimit: UInt32, depthLimit: UInt32, heapLimitKiB: UInt32) {
      self.matchLimit = matchLimit
      self.depthLimit = depthLimit
      self.heapLimitKiB = heapLimitKiB
    }

    /// Stops `(a+)+$` on 40 characters within milliseconds, and lets linear patterns run over
    /// 8 KiB subjects (the custom metadata size limit); see <doc:RulesRegex> for the cost.
    public static let standard = Limits(matchLimit: 1_000_000, depthLimit: 100_000, heapLimitKiB: 65_536)
  }

  /// Steps the first run of an attempt may take; most attempts need far fewer.
  static let initialSteps = 8

  /// The pattern as written.
  public let pattern: String
  public let limits: Limits
  private let compiled: CompiledCode

  /// The number of capturing groups, not counting group 0.
  public var captureGroupCount: Int { compiled.captureCount }

  /// The number of the capturing group named `name` (`(?P<name>…)` or `(?<name>…)`), if any.
  public func captureGroupNumber(named name: String) -> Int? { compiled.groupNumber(named: name) }

  /// Compiles `pattern`; throws `.unsupported` for the first construct RE2 lacks, else
  /// `.invalidPattern` with PCRE2's message when PCRE2 rejects it.
  public init(_ pattern: String, limits: Limits = .standard) throws(RegexError) {
    let scanner = RE2Compatibility.scan(pattern)
    if let construct = scanner.found.first {
      throw .unsupported(construct: construct.construct, offset: construct.offset)
    }
    // No PCRE2_UCP: RE2's \d \w \s \b and POSIX classes are ASCII-only (UTF mode still folds
    // Unicode case and knows \p). NEVER_UCP keeps (*UCP) from turning it on.
    // DOLLAR_ENDONLY: RE2's `$` never matches before a final newline.
    // NEVER_BACKSLASH_C: \C could stop inside a character and break UTF-8 offsets.
    // NO_AUTO_POSSESS: a repeat PCRE2 makes possessive scans its run without counting steps,
    // so `a*a*[bc]` would take time quadratic in the subject within one step limit; without
    // it every character a repeat gives back is a counted step.
    let options =
      PCRE2_UTF | PCRE2_NEVER_UCP | PCRE2_NEVER_BACKSLASH_C | PCRE2_DOLLAR_ENDONLY | PCRE2_NO_AUTO_POSSESS
    self.pattern = pattern
    self.limits = limits
    self.compiled = try CompiledCode(
      pattern: pattern, options: options, limits: limits, repetitionTotal: scanner.repetitionTotal)
  }

  /// Whether the pattern matches all of `subject`, as Firebase's `string.matches(re)` does,
  /// within ``RegexBudget/standard``.
  public func matchesWhole(_ subject: String) throws(RegexError) -> Bool {
    var budget = RegexBudget.standard
    return try matchesWhole(subject, budget: &budget)
  }

  /// Whether the pattern matches all of `subject`, spending steps from `budget`.
  public func matchesWhole(_ subject: String, budget: inout RegexBudget) throws(RegexError) -> Bool {
    try withSubject(subject) { bytes, data throws(RegexError) in
      try attempt(bytes, at: 0, options: PCRE2_ENDANCHORED, data, &budget) != nil
    }
  }

  /// The leftmost match starting at or after byte `offset`, within ``RegexBudget/standard``.
  ///
  /// `offset` is clamped to `0...subject.utf8.count` and moved forward to a character boundary.
  public func firstMatch(in subject: String, from offset: Int = 0) throws(RegexError) -> RegexMatch? {
    var budget = RegexBudget.standard
    return try withSubject(subject) { bytes, data throws(RegexError) in
      var start = min(max(offset, 0), bytes.count)
      while start < bytes.count, bytes[start] & 0xC0 == 0x80 { start += 1 }
      return try search(bytes, from: start, data, &budget)
    }
  }

  /// Successive non-overlapping matches, left to right, as repeated `Matcher.find()` calls
  /// find them in production's runtime (RE2/J): after an empty match the search resumes one
  /// character later; after a non-empty match it resumes where that match ended, where an
  /// empty match is allowed. So `x*` in `abc` matches at 0, 1, 2 and 3, and `b*` in `abc` at
  /// 0, 1..<2, 2 and 3.
  ///
  /// Stops after `limit` matches; spends steps from `budget` (``RegexBudget/standard`` when
  /// not given).
  public func allMatches(in subject: String, limit: Int = .max) throws(RegexError) -> [RegexMatch] {
    var budget = RegexBudget.standard
    return try allMatches(in: subject, limit: limit, budget: &budget)
  }

  /// ``allMatches(in:limit:)``, spending steps from `budget`.
  public func allMatches(
    in subject: String, limit: Int = .max, budget: inout RegexBudget
  ) throws(RegexError) -> [RegexMatch] {
    try withSubject(subject) { bytes, data throws(RegexError) in
      var matches: [RegexMatch] = []
      var position = 0
      while position <= bytes.count, matches.count < limit {
        guard let match = try search(bytes, from: position, data, &budget) else { break }
        matches.append(match)
        position = match.range.upperBound
        if match.range.isEmpty {
          guard position < bytes.count else { break }
          position = Self.nextCharacter(after: position, in: bytes)
        }
      }
      return matches
    }
  }

  /// The leftmost match at or after `start` (a character boundary): one anchored attempt per
  /// character position, skipping positions a match cannot begin at. PCRE2's own search would
  /// give each position the whole match limit; attempting one position at a time lets every
  /// step count against `budget`.
  private func search(
    _ bytes: UnsafeBufferPointer<UInt8>, from start: Int, _ data: borrowing MatchData,
    _ budget: inout RegexBudget
  ) throws(RegexError) -> RegexMatch? {
    let last = bytes.count - compiled.minimumLength
    var position = start
    while position <= last {
      if let first = compiled.firstBytes, position < bytes.count, !first[Int(bytes[position])] {
        position = Self.nextCharacter(after: position, in: bytes)
        continue
      }
      if let match = try attempt(bytes, at: position, options: 0, data, &budget) { return match }
      guard position < bytes.count else { break }
      position = Self.nextCharacter(after: position, in: bytes)
    }
    return nil
  }

  /// One attempt anchored at `start`, first with ``initialSteps`` backtracking steps, then with
  /// twice as many each time it runs out, up to ``Limits/matchLimit``. Every run is charged its
  /// whole allowance, times the pattern's step weight (a step of a long pattern compares more),
  /// so `budget` never pays less than the work done.
  private func attempt(
    _ bytes: UnsafeBufferPointer<UInt8>, at start: Int, options: UInt32, _ data: borrowing MatchData,
    _ budget: inout RegexBudget
  ) throws(RegexError) -> RegexMatch? {
    var level = 0
    while true {
      let steps = compiled.contexts[level].steps * compiled.stepWeight
      guard budget.steps >= steps else {
        budget.exhausted = true
        throw .matchLimitExceeded
      }
      budget.steps -= steps
      switch try compiled.attempt(in: bytes, at: start, options: options, level: level, using: data) {
      case .match(let match): return match
      case .noMatch: return nil
      case .stepLimit:
        level += 1
        guard level < compiled.contexts.count else { throw .matchLimitExceeded }
      }
    }
  }

  /// The offset of the character after the one at `position` (which is below `bytes.count`).
  @inline(__always)
  private static func nextCharacter(after position: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Int {
    var next = position + 1
    while next < bytes.count, bytes[next] & 0xC0 == 0x80 { next += 1 }
    return next
  }

  /// Runs `body` over the UTF-8 bytes of `subject` (never with a nil base address, which
  /// PCRE2 refuses) and one match data block.
  private func withSubject<R>(
    _ subject: String,
    _ body: (UnsafeBufferPointer<UInt8>, borrowing MatchData) throws(RegexError) -> R
  ) throws(RegexError) -> R {
    let code = compiled
    func run(_ bytes: UnsafeBufferPointer<UInt8>) -> Result<R, RegexError> {
      Result { () throws(RegexError) -> R in try body(bytes, MatchData(for: code)) }
    }
    if subject.isEmpty {
      return try [UInt8(0)].withUnsafeBufferPointer {
        run(UnsafeBufferPointer(start: $0.baseAddress, count: 0))
      }
      .get()
    }
    if let result = subject.utf8.withContiguousStorageIfAvailable({ run($0) }) {
      return try result.get()
    }
    return try Array(subject.utf8).withUnsafeBufferPointer { run($0) }.get()
  }
}

extension RegexPattern: Hashable {
  /// Patterns are equal when their text and limits are; the compiled code is not compared.
  public static func == (lhs: RegexPattern, rhs: RegexPattern) -> Bool {
    lhs.pattern == rhs.pattern && lhs.limits == rhs.limits
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(pattern)
    hasher.combine(limits)
  }
}
