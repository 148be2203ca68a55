import RulesAudit
import RulesSemantics
import RulesSyntax

/// Flags writes under a user wildcard (`{userId}`) whose condition never compares the
/// wildcard with the signed-in user.
struct OwnerNotChecked: LintRule {
  static let descriptor = RuleDescriptor(
    code: "RC303", name: "owner-not-checked", category: .security, defaultSeverity: .error,
    summary: "any user can write to every user's folder",
    rationale: """
      A path such as `/users/{userId}/{fileName}` says the files belong to a user, but a \
      condition like `request.auth != null` lets *any* signed-in user (anonymous sign-in \
      included) upload, overwrite or delete files in every other user's folder. Compare the \
      wildcard with the caller: `request.auth.uid == userId`. The comparison may sit in a \
      function the condition calls.
      """,
    examples: [
      .fails(
        """
        match /users/{userId}/{fileName} {
          allow ⟦write⟧: if request.auth != null;
        }
        """),
      .fails(
        """
        match /profiles/{uid}/avatar.png {
          allow read, ⟦create⟧: if request.resource.size < 1024 * 1024;
        }
        """),
      .passes(
        """
        match /users/{userId}/{fileName} {
          allow write: if request.auth != null && request.auth.uid == userId;
        }
        """),
      .passes(
        """
        match /users/{userId}/{fileName} {
          function isOwner(uid) {
            return request.auth != null && request.auth.uid == uid;
          }
          allow write: if isOwner(userId);
        }
        """),
      .passes(
        """
        match /users/{userId}/{fileName} {
          allow write: if request.auth.token.admin == true;
        }
        """),
    ],
    limitations: """
      User wildcards are recognised by name (`uid`, `userId`, `user`, `ownerId`, `authorId`, \
      `creatorId`, `uploaderId`, `accountId`, `memberId`, with or without `_`, any case). A \
      condition that reads a custom claim (`request.auth.token.admin`), looks up Firestore, or \
      compares `request.auth.uid` with anything else (such as `resource.metadata.owner`) is \
      taken as deliberate access control and not reported. The methods named are those the \
      condition can grant: `delete` is left out where the condition must read a field of \
      `request.resource` (null on delete, so the read is an error no `||` absorbs).
      """)

  func check(_ context: LintContext, report: inout RuleReport) {
    for finding in context.ownerNotChecked.diagnostics {
      report.report(finding.message, at: finding.range, notes: finding.notes)
    }
  }

  /// The findings in `context`'s file, reported into `report` (``LintContext/ownerNotChecked``
  /// keeps them for the rules that build on them).
  fileprivate func findings(_ context: LintContext, report: inout RuleReport) {
    let writes: RequestMethods = [.create, .update, .delete]
    var usersByMatch: [Int: [PathSegment]] = [:]
    var userNames: [String: Bool] = [:]
    for allow in context.allows where !allow.methods.isDisjoint(with: writes) {
      guard let condition = allow.condition, context.constantBool(condition) == nil else { continue }
      let users =
        usersByMatch[allow.matchIndex]
        ?? allow.fullPattern.filter { segment in
          guard case .wildcard(let name) = segment.kind else { return false }
          if let known = userNames[name] { return known }
          let isUser = UserWildcard.names(name)
          userNames[name] = isUser
          return isUser
        }
      usersByMatch[allow.matchIndex] = users
      let facts = context.facts(for: allow)
      guard !users.isEmpty, !context.restrictsToRoles(facts) else { continue }
      let checked = comparedWithAuth(facts, context)
      for segment in users {
        guard let name = segment.variableName, !checked.contains(name),
          let range = allow.namesRange(granting: writes)
        else { continue }
        let who =
          facts.reads { $0.starts(with: "request", "auth") }
          ? "any signed-in user" : "anyone, signed in or not,"
        // Only what the condition can grant: no delete where it reads request.resource.
        let granted = context.grantableMethods(allow).intersection(writes)
        guard !granted.isEmpty else { break }
        let verb = LintContext.spoken(granted)
        report.report(
          "\(who) can \(verb) in every {\(name)} folder: the condition never compares \(name) with request.auth.uid",
          at: range, notes: [DiagnosticNote("the user wildcard", range: segment.range)])
        break
      }
    }
  }

  /// The wildcards the condition compares with something read from `request.auth`.
  private func comparedWithAuth(_ facts: AllowFacts, _ context: LintContext) -> Set<String> {
    var names: Set<String> = []
    for comparison in facts.comparisons where comparison.isEquality {
      let left = context.readEntries(of: comparison, right: false, in: facts.accessPaths)
      let right = context.readEntries(of: comparison, right: true, in: facts.accessPaths)
      if left.contains(where: { Self.isAuthValue($0.path) }) { Self.insertWildcards(of: right, into: &names) }
      if right.contains(where: { Self.isAuthValue($0.path) }) { Self.insertWildcards(of: left, into: &names) }
    }
    return names
  }

  /// Adds the wildcard each of `reads` reads from, if any, to `names`.
  private static func insertWildcards(
    of reads: ArraySlice<(path: AccessPath, range: SourceRange)>, into names: inout Set<String>
  ) {
    for read in reads {
      if case .wildcard(let name) = read.path.root { names.insert(name) }
    }
  }

  private static func isAuthValue(_ path: AccessPath) -> Bool {
    path.starts(with: "request", "auth") && !path.members.dropFirst().isEmpty
  }
}

extension LintContext {
  /// RC303's findings in this file, found on first use and shared: CrossUserWrite (RC312)
  /// stays quiet where they are.
  var ownerNotChecked: RuleReport {
    if let known = memo.state.withLock({ $0.ownerNotChecked }) { return known }
    // Found outside the lock, as ``accessFacts``: the first stored wins.
    var report = RuleReport(id: OwnerNotChecked.descriptor.id)
    OwnerNotChecked().findings(self, report: &report)
    return memo.state.withLock { state in
      if let stored = state.ownerNotChecked { return stored }
      state.ownerNotChecked = report
      return report
    }
  }
}
