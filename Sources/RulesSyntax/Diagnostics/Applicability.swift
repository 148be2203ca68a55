/// Whether applying a fix keeps the meaning of the rules (after ruff's `Applicability`).
///
/// Ordered from least to most trusted: a fix is applied when its applicability is at least
/// the one asked for, so `lint --fix` applies ``safe`` fixes and `lint --fix --unsafe-fixes`
/// both kinds.
public enum Applicability: String, Sendable, Codable, Comparable, CaseIterable {
  /// The fix may change who may do what, or what the author meant (a guessed name, a new
  /// `rules_version`); it is applied only on request.
  case unsafe
  /// The fix keeps every decision the rules make: the same requests are allowed and denied.
  case safe

  private var rank: Int {
    switch self {
    case .unsafe: 0
    case .safe: 1
    }
  }

  public static func < (lhs: Applicability, rhs: Applicability) -> Bool { lhs.rank < rhs.rank }
}
