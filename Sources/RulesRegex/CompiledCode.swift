import CPCRE2

/// Owns a compiled PCRE2 program and the match contexts that carry its limits.
///
/// `@unchecked Sendable` is sound: every pointer is written only in `init` and freed only in
/// `deinit`. PCRE2 documents compiled code, and a match context that is never changed, as safe
/// to share between threads; all per-match state lives in a ``MatchData`` made for each call.
final class CompiledCode: @unchecked Sendable {
  let code: OpaquePointer
  /// One match context per step limit of an attempt: `initialSteps`, twice that, and so on up to
  /// the match limit (the last one), so that no shared context is ever changed.
  let contexts: [(steps: Int, context: OpaquePointer)]
  /// The number of capturing groups, not counting group 0.
  let captureCount: Int
  /// The fewest characters a match has (PCRE2's lower bound).
  let minimumLength: Int
  /// The bytes a match can start with, when PCRE2 knows them (nil: any byte).
  let firstBytes: [Bool]?
  /// What one backtracking step costs, in budget steps: between two steps PCRE2 may walk the
  /// whole compiled pattern and compare a character per repetition count (`a{999}`), so a step
  /// costs one plus one per 32 bytes of compiled code beyond an empty pattern's and per 32
  /// counted repetitions.
  let stepWeight: Int

  /// `options` are PCRE2 compile options; newlines are always LF only, as in RE2.
  /// `repetitionTotal` is the sum of the pattern's repetition counts (``RE2Scanner``).
  init(pattern: String, options: UInt32, limits: RegexPattern.Limits, repetitionTotal: Int) throws(RegexError)
  {
    guard let compileContext = pcre2_compile_context_create_8(nil) else {
      throw .matchFailed(code: PCRE2_ERROR_NOMEMORY)
    }
    defer { pcre2_compile_context_free_8(compileContext) }
    pcre2_set_newline_8(compileContext, UInt32(PCRE2_NEWLINE_LF))

    var errorCode: Int32 = 0
    var errorOffset = 0
    // The extra NUL gives an empty pattern a non-nil address; PCRE2 reads `count - 1` bytes.
    let bytes = Array(pattern.utf8) + [0]
    let compiled = bytes.withUnsafeBufferPointer { buffer in
      pcre2_compile_8(
        buffer.baseAddress, buffer.count - 1, options, &errorCode, &errorOffset, compileContext)
    }
    guard let compiled else {
      throw .invalidPattern(message: Self.errorMessage(errorCode), offset: errorOffset)
    }
    var contexts: [(steps: Int, context: OpaquePointer)] = []
    var steps = min(RegexPattern.initialSteps, Int(limits.matchLimit))
    while true {
      guard let context = pcre2_match_context_create_8(nil) else {
        for made in contexts { pcre2_match_context_free_8(made.context) }
        pcre2_code_free_8(compiled)
        throw .matchFailed(code: PCRE2_ERROR_NOMEMORY)
      }
      pcre2_set_match_limit_8(context, UInt32(steps))
      pcre2_set_depth_limit_8(context, limits.depthLimit)
      pcre2_set_heap_limit_8(context, limits.heapLimitKiB)
      contexts.append((steps, context))
      if steps >= Int(limits.matchLimit) { break }
      steps = min(steps * 2, Int(limits.matchLimit))
    }

    var count: UInt32 = 0
    pcre2_pattern_info_8(compiled, UInt32(PCRE2_INFO_CAPTURECOUNT), &count)
    var minimum: UInt32 = 0
    pcre2_pattern_info_8(compiled, UInt32(PCRE2_INFO_MINLENGTH), &minimum)
    var size = 0
    pcre2_pattern_info_8(compiled, UInt32(PCRE2_INFO_SIZE), &size)
    code = compiled
    self.contexts = contexts
    captureCount = Int(count)
    minimumLength = Int(minimum)
    firstBytes = Self.firstBytes(of: compiled)
    stepWeight = 1 + (max(0, size - Self.emptyPatternSize) + repetitionTotal) / 32
  }

  /// The compiled size of a pattern with no items: PCRE2's header and the opening and closing
  /// brackets every pattern has (PCRE2 10.42 on a 64-bit machine; an estimate elsewhere).
  private static let emptyPatternSize = 143

  /// The number of the capturing group called `name`, or nil when there is none (or several).
  func groupNumber(named name: String) -> Int? {
    let bytes = Array(name.utf8) + [0]
    let number = bytes.withUnsafeBufferPointer { pcre2_substring_number_from_name_8(code, $0.baseAddress) }
    return number > 0 ? Int(number) : nil
  }

  deinit {
    for made in contexts { pcre2_match_context_free_8(made.context) }
    pcre2_code_free_8(code)
  }

  /// What one anchored attempt found.
  enum Attempt {
    case match(RegexMatch)
    case noMatch
    /// The attempt needed more backtracking steps than its context allows.
    case stepLimit
  }

  /// One attempt at byte `start` (a character boundary within `0...subject.count`), anchored
  /// there (and at the end with `PCRE2_ENDANCHORED` in `options`), under `contexts[level]`.
  /// The subject must be valid UTF-8 (Swift strings always are, so PCRE2's check is skipped).
  func attempt(
    in subject: UnsafeBufferPointer<UInt8>, at start: Int, options: UInt32, level: Int,
    using data: borrowing MatchData
  ) throws(RegexError) -> Attempt {
    let status = pcre2_match_8(
      code, subject.baseAddress, subject.count, start, options | PCRE2_ANCHORED | PCRE2_NO_UTF_CHECK,
      data.pointer, contexts[level].context)
    switch status {
    case PCRE2_ERROR_NOMATCH:
      return .noMatch
    case PCRE2_ERROR_MATCHLIMIT:
      return .stepLimit
    case PCRE2_ERROR_DEPTHLIMIT, PCRE2_ERROR_HEAPLIMIT:
      throw .matchLimitExceeded
    case ..<0:
      throw .matchFailed(code: status)
    default:
      break
    }
    guard let vector = pcre2_get_ovector_pointer_8(data.pointer) else {
      throw .matchFailed(code: PCRE2_ERROR_NOMEMORY)
    }
    // Unset groups hold PCRE2_UNSET (SIZE_MAX), which Swift sees as -1.
    func group(_ number: Int) -> Range<Int>? {
      let lower = vector[2 * number]
      let upper = vector[2 * number + 1]
      guard lower >= 0, lower <= upper, upper <= subject.count else { return nil }
      return lower..<upper
    }
    guard let whole = group(0) else { throw .matchFailed(code: PCRE2_ERROR_INTERNAL) }
    return .match(RegexMatch(range: whole, captures: (0..<captureCount).map { group($0 + 1) }))
  }

  /// PCRE2's start bitmap (bytes a match can begin with), or for a pattern that begins with one
  /// fixed code unit that case cannot change (ASCII, not a letter), that unit alone.
  private static func firstBytes(of code: OpaquePointer) -> [Bool]? {
    var bitmap: UnsafePointer<UInt8>?
    if pcre2_pattern_info_8(code, UInt32(PCRE2_INFO_FIRSTBITMAP), &bitmap) == 0, let bitmap {
      return (0..<256).map { bitmap[$0 >> 3] & (1 << UInt8($0 & 7)) != 0 }
    }
    var type: UInt32 = 0
    var unit: UInt32 = 0
    guard pcre2_pattern_info_8(code, UInt32(PCRE2_INFO_FIRSTCODETYPE), &type) == 0, type == 1,
      pcre2_pattern_info_8(code, UInt32(PCRE2_INFO_FIRSTCODEUNIT), &unit) == 0, unit < 0x80,
      !(UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(UInt8(unit) & 0xDF)
    else { return nil }
    var table = [Bool](repeating: false, count: 256)
    table[Int(unit)] = true
    return table
  }

  private static func errorMessage(_ code: Int32) -> String {
    var buffer = [UInt8](repeating: 0, count: 256)
    let length = pcre2_get_error_message_8(code, &buffer, buffer.count)
    guard length > 0 else { return "PCRE2 error \(code)" }
    return String(decoding: buffer.prefix(Int(length)), as: UTF8.self)
  }
}

/// PCRE2 match data sized for one compiled pattern, freed when it goes out of scope.
struct MatchData: ~Copyable {
  let pointer: OpaquePointer

  init(for code: CompiledCode) throws(RegexError) {
    guard let pointer = pcre2_match_data_create_from_pattern_8(code.code, nil) else {
      throw .matchFailed(code: PCRE2_ERROR_NOMEMORY)
    }
    self.pointer = pointer
  }

  deinit { pcre2_match_data_free_8(pointer) }
}
