/// What a kind of diagnostic's fixes are: none, always safe, always unsafe, or either,
/// with the one-line reason documentation shows.
///
/// Lint rule descriptors and the parser and semantic documentation carry one; the catalogue
/// tests check it against the fixes the examples produce.
public enum FixSafety: Sendable, Equatable {
  /// No finding of this kind carries a fix.
  case none
  /// Every fix is ``Applicability/safe``, because of the reason given.
  case safe(String)
  /// Every fix is ``Applicability/unsafe``, because of the reason given.
  case unsafe(String)
  /// Some fixes are safe and some unsafe; the reason says which.
  case sometimes(String)

  /// Whether findings of this kind can carry a fix.
  public var isFixable: Bool { self != .none }

  /// `none`, `safe`, `unsafe` or `sometimes`: the word documentation and JSON use.
  public var label: String {
    switch self {
    case .none: "none"
    case .safe: "safe"
    case .unsafe: "unsafe"
    case .sometimes: "sometimes"
    }
  }

  /// Why the fixes have this applicability; nil for ``none``.
  public var reason: String? {
    switch self {
    case .none: nil
    case .safe(let reason), .unsafe(let reason), .sometimes(let reason): reason
    }
  }

  /// The applicabilities the fixes may have (all of them, for ``sometimes``).
  public var applicabilities: Set<Applicability> {
    switch self {
    case .none: []
    case .safe: [.safe]
    case .unsafe: [.unsafe]
    case .sometimes: [.safe, .unsafe]
    }
  }
}
