/// The rules of ``RuleCatalogue/standard``; a new rule is added here.
enum StandardRules {
  static let all: [any LintRule] = [
    // Correctness
    ListOnLiteralPath(), ListReadsChildWildcard(), ResourceInCreate(), RequestResourceInDelete(),
    UnguardedAuthUID(), AlwaysFalseCondition(), RedundantMethod(), DuplicateMatch(), UnusedWildcard(),
    ShadowedName(), RedundantRegexAnchor(), ContentTypePatternNeverMatches(), RegexNotRE2(),
    MethodNeverGranted(),
    // Limits
    TooManyFirestoreLookups(), CallDepth(), MatchNesting(), TooManyWildcards(), PathTooLong(),
    // Security
    MissingRulesVersion(), PublicWrite(), PublicRead(), PublicList(), OwnerNotChecked(), TestModeExpiry(),
    UnboundedUploadSize(), UploadContentTypeUnchecked(), RecursiveWriteAtRoot(), OverwriteViaCreate(),
    HardCodedIdentity(), FirestoreLookup(),
    CrossUserWrite(), CrossUserRead(), OtherMatchGrants(), AlwaysTrueBranch(),
    // Migration
    Version2Changes(),
    // Suppression
    UnusedSuppression(),
  ]
}
