import CPCRE2

/// Owns a compiled PCRE2 program and the match context that carries its limits.
///
/// `@unchecked Sendable` is sound: both pointers are written only in `init` and freed only in
/// `deinit`. PCRE2 documents compiled code, and a match context that is never changed, as safe
/// to share between threads; all per-match state lives in a ``MatchData`` made for each call.
final class CompiledCode: @unchecked Sendable {
  let code: OpaquePointer
  let matchContext: OpaquePointer
  /// The number of capturing groups, not counting group 0.
  let captureCount: Int

  /// `options` are PCRE2 compile options; newlines are always LF only, as in RE2.
  init(pattern: String, options: UInt32, limits: RegexPattern.Limits) throws(RegexError) {
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
    guard let context = pcre2_match_context_create_8(nil) else {
      pcre2_code_free_8(compiled)
      throw .matchFailed(code: PCRE2_ERROR_NOMEMORY)
    }
    pcre2_set_match_limit_8(context, limits.matchLimit)
    pcre2_set_depth_limit_8(context, limits.depthLimit)
    pcre2_set_heap_limit_8(context, limits.heapLimitKiB)

    var count: UInt32 = 0
    pcre2_pattern_info_8(compiled, UInt32(PCRE2_INFO_CAPTURECOUNT), &count)
    code = compiled
    matchContext = context
    captureCount = Int(count)
  }

  /// The number of the capturing group called `name`, or nil when there is none (or several).
  func groupNumber(named name: String) -> Int? {
    let bytes = Array(name.utf8) + [0]
    let number = bytes.withUnsafeBufferPointer { pcre2_substring_number_from_name_8(code, $0.baseAddress) }
    return number > 0 ? Int(number) : nil
  }

  deinit {
    pcre2_match_context_free_8(matchContext)
    pcre2_code_free_8(code)
  }

  /// The first match at or after byte `start` of `subject`, or `nil` when there is none.
  ///
  /// `start` must be a character boundary within `0...subject.count`; the subject must be valid
  /// UTF-8 (Swift strings always are, so PCRE2's own check is skipped).
  func firstMatch(
    in subject: UnsafeBufferPointer<UInt8>, from start: Int, options: UInt32, using data: borrowing MatchData
  ) throws(RegexError) -> RegexMatch? {
    let status = pcre2_match_8(
      code, subject.baseAddress, subject.count, start, options | PCRE2_NO_UTF_CHECK, data.pointer,
      matchContext)
    switch status {
    case PCRE2_ERROR_NOMATCH:
      return nil
    case PCRE2_ERROR_MATCHLIMIT, PCRE2_ERROR_DEPTHLIMIT, PCRE2_ERROR_HEAPLIMIT:
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
    return RegexMatch(range: whole, captures: (0..<captureCount).map { group($0 + 1) })
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
