/// Why a pattern could not be compiled or a match could not be completed.
///
/// Offsets are UTF-8 byte offsets into the pattern.
public enum RegexError: Error, Equatable, Sendable {
  /// PCRE2 rejected the pattern; `message` is PCRE2's own text.
  case invalidPattern(message: String, offset: Int)
  /// The pattern uses a construct RE2 lacks (see ``RE2Compatibility``).
  case unsupported(construct: String, offset: Int)
  /// The match, depth or heap limit was reached before the match finished.
  case matchLimitExceeded
  /// PCRE2 reported any other failure; `code` is its negative error code.
  case matchFailed(code: Int32)
}

extension RegexError: CustomStringConvertible {
  public var description: String {
    switch self {
    case .invalidPattern(let message, let offset):
      "invalid regular expression at byte \(offset): \(message)"
    case .unsupported(let construct, let offset):
      "\(construct) at byte \(offset) is not supported by RE2"
    case .matchLimitExceeded:
      "regular expression match exceeded the backtracking limit"
    case .matchFailed(let code):
      "regular expression match failed with PCRE2 error \(code)"
    }
  }
}
