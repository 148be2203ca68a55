import RulesSemantics
import RulesSyntax

/// The check shared by ``PublicWrite``, ``PublicRead`` and ``PublicList``.
enum UnconditionalGrant {
  /// Reports each `allow` granting some of `methods` with no condition or an always-true one.
  ///
  /// `granted` narrows, per statement, the methods the finding is about (none: no finding);
  /// `subject` names what they apply to (by default the objects matching the block's pattern).
  static func report(
    _ context: LintContext, methods: RequestMethods, into report: inout RuleReport,
    granted: (LintAllow) -> RequestMethods = { $0.methods },
    subject: (LintAllow) -> String = { _ in "" }
  ) {
    for allow in context.allows where !allow.methods.isDisjoint(with: methods) {
      let reported = granted(allow).intersection(methods).intersection(allow.methods)
      guard !reported.isEmpty else { continue }
      if let condition = allow.condition {
        guard context.constantBool(condition) == true else { continue }
        report.report(
          "condition is always true: anyone can \(phrase(allow, reported, context, subject))",
          at: context.alwaysTrueCause(condition).range)
      } else if let range = allow.namesRange(granting: reported) {
        report.report(
          "no condition: anyone, signed in or not, can \(phrase(allow, reported, context, subject))",
          at: range)
      }
    }
  }

  /// "get and list objects matching …": the methods and what they apply to.
  private static func phrase(
    _ allow: LintAllow, _ methods: RequestMethods, _ context: LintContext,
    _ subject: (LintAllow) -> String
  ) -> String {
    let what = subject(allow)
    let object = what.isEmpty ? "objects matching \(context.patternText(allow.fullPattern))" : what
    return "\(LintContext.spoken(methods)) \(object)"
  }

  /// The folders a list granted by `allow` applies to, when a wildcard stands in them (one
  /// folder per user, group or document): the block's object path without its last segment,
  /// when a single-segment wildcard is among those; or the whole bucket, when the object path
  /// is one recursive wildcard (`/{allPaths=**}` lists every folder, everyone's included). A
  /// recursive wildcard under a literal folder (`/public/{allPaths=**}`) is a tree of assets
  /// named by its folder, left to RC302.
  static func wildcardFolder(of allow: LintAllow, in context: LintContext) -> ArraySlice<PathSegment>? {
    let objectPath = allow.fullPattern.dropFirst(context.objectPathStart(allow.fullPattern))
    guard let last = objectPath.last else { return nil }
    if objectPath.count == 1 && last.isRecursive { return objectPath }
    let folder = objectPath.dropLast()
    return folder.contains { !$0.isRecursive && $0.variableName != nil } ? folder : nil
  }
}
