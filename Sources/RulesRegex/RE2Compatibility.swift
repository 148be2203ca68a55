/// Finds the constructs of a pattern that RE2, the engine Firebase rules use, lacks.
public enum RE2Compatibility {
  /// Every RE2-unsupported construct in `pattern`, in pattern order.
  ///
  /// Not a validator: a pattern that neither PCRE2 nor RE2 can parse may report nothing here
  /// and fail later in ``RegexPattern/init(_:limits:)``.
  public static func unsupportedConstructs(in pattern: String) -> [UnsupportedConstruct] {
    scan(pattern).found
  }

  /// The scanner after a pass over `pattern`.
  static func scan(_ pattern: String) -> RE2Scanner {
    var scanner = RE2Scanner(pattern: Array(pattern.utf8))
    scanner.scan()
    return scanner
  }
}
