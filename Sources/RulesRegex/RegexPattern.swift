import CPCRE2

/// A regular expression in RE2 syntax, compiled once with PCRE2 and safe to share.
///
/// Offsets in and out are UTF-8 byte offsets. Every match attempt is bounded by ``Limits``;
/// reaching a bound throws `RegexError.matchLimitExceeded` instead of running on.
public struct RegexPattern: Sendable {
  /// Bounds on the work of one match attempt.
  public struct Limits: Sendable, Hashable {
    /// PCRE2's match limit: backtracking steps per attempt.
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
    if let construct = RE2Compatibility.unsupportedConstructs(in: pattern).first {
      throw .unsupported(construct: construct.construct, offset: construct.offset)
    }
    // No PCRE2_UCP: RE2's \d \w \s \b and POSIX classes are ASCII-only (UTF mode still folds
    // Unicode case and knows \p). NEVER_UCP keeps (*UCP) from turning it on.
    // DOLLAR_ENDONLY: RE2's `$` never matches before a final newline.
    // NEVER_BACKSLASH_C: \C could stop inside a character and break UTF-8 offsets.
    let options =
      PCRE2_UTF | PCRE2_NEVER_UCP | PCRE2_NEVER_BACKSLASH_C | PCRE2_DOLLAR_ENDONLY
    self.pattern = pattern
    self.limits = limits
    self.compiled = try CompiledCode(pattern: pattern, options: options, limits: limits)
  }

  /// Whether the pattern matches all of `subject`, as Firebase's `string.matches(re)` does.
  public func matchesWhole(_ subject: String) throws(RegexError) -> Bool {
    try withSubject(subject) { bytes, data throws(RegexError) in
      try compiled.firstMatch(
        in: bytes, from: 0, options: PCRE2_ANCHORED | PCRE2_ENDANCHORED, using: data) != nil
    }
  }

  /// The leftmost match starting at or after byte `offset`.
  ///
  /// `offset` is clamped to `0...subject.utf8.count` and moved forward to a character boundary.
  public func firstMatch(in subject: String, from offset: Int = 0) throws(RegexError) -> RegexMatch? {
    try withSubject(subject) { bytes, data throws(RegexError) in
      var start = min(max(offset, 0), bytes.count)
      while start < bytes.count, bytes[start] & 0xC0 == 0x80 { start += 1 }
      return try compiled.firstMatch(in: bytes, from: start, options: 0, using: data)
    }
  }

  /// Successive non-overlapping matches, left to right, as repeated `Matcher.find()` calls
  /// find them in production's runtime (RE2/J): after an empty match the search resumes one
  /// character later; after a non-empty match it resumes where that match ended, where an
  /// empty match is allowed. So `x*` in `abc` matches at 0, 1, 2 and 3, and `b*` in `abc` at
  /// 0, 1..<2, 2 and 3.
  public func allMatches(in subject: String) throws(RegexError) -> [RegexMatch] {
    try withSubject(subject) { bytes, data throws(RegexError) in
      var matches: [RegexMatch] = []
      var position = 0
      while position <= bytes.count {
        guard let match = try compiled.firstMatch(in: bytes, from: position, options: 0, using: data)
        else { break }
        matches.append(match)
        position = match.range.upperBound
        if match.range.isEmpty {
          guard position < bytes.count else { break }
          position += 1
          while position < bytes.count, bytes[position] & 0xC0 == 0x80 { position += 1 }
        }
      }
      return matches
    }
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
