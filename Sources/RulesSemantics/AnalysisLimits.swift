/// rulescheck's own budgets for semantic analysis (``RulesLimits`` holds Firebase's limits).
///
/// Each keeps analysis linear in the size of the file on inputs no realistic rules file comes
/// near, and each is reported, when reached, by a diagnostic that names it.
public enum AnalysisLimits {
  /// Segments of every block's full match path together (a block's full path repeats its
  /// parents' segments). A file Firebase accepts stays below 2,700,000: it has at most 256 KiB,
  /// every block costs at least 10 bytes (`match /a{` and `}`; an empty block is refused) and
  /// no full path has more than 100 segments. Past this, RS191 and the remaining blocks are
  /// left out.
  public static let maximumResolvedPathSegments = 3_000_000

  /// Candidate names compared per file for "did you mean" suggestions; past this, RS190 and no
  /// more suggestions.
  public static let maximumSuggestionCandidates = 200_000

  /// Names longer than this (in Unicode scalars) get no "did you mean" suggestion.
  public static let maximumSuggestedNameLength = 64
}

/// The budgets one analysis runs with: ``AnalysisLimits``' values, or smaller ones to test what
/// happens when they run out.
public struct AnalysisBudgets: Sendable {
  /// See ``AnalysisLimits/maximumResolvedPathSegments``.
  public var resolvedPathSegments = AnalysisLimits.maximumResolvedPathSegments
  /// See ``AnalysisLimits/maximumSuggestionCandidates``.
  public var suggestionCandidates = AnalysisLimits.maximumSuggestionCandidates

  public init() {}
}
