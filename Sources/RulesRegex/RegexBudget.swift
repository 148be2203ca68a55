/// The backtracking steps a caller lets a series of matches spend, across every attempt of
/// every search it is passed to.
///
/// A step is one backtracking point of PCRE2 (its match limit's unit); with possessive repeats
/// off, the work of an attempt grows with its steps, and the work of a step with the pattern's
/// compiled size and repetition counts, for which a step of a long pattern is charged as
/// several. So a budget bounds the time of everything matched against it, whatever the pattern
/// and the subject. Each run of an attempt is charged the steps it was allowed, so the budget
/// overstates the work by at most a factor of two plus ``RegexPattern/initialSteps`` per
/// position tried.
public struct RegexBudget: Sendable, Hashable {
  /// Steps left.
  public var steps: Int
  /// Whether a search stopped because `steps` ran out (it then threw
  /// `RegexError.matchLimitExceeded`), rather than at one attempt's match limit.
  public internal(set) var exhausted = false

  public init(steps: Int) {
    self.steps = steps
  }

  /// Spends `steps` on work a caller does around matches, such as building a replacement;
  /// false, and ``exhausted``, when fewer are left.
  public mutating func spend(_ steps: Int) -> Bool {
    guard steps <= self.steps else {
      exhausted = true
      return false
    }
    self.steps -= steps
    return true
  }

  /// What a search is given when its caller passes no budget: 2^25 steps, well under a second.
  public static let standard = RegexBudget(steps: 1 << 25)
}
