import RulesAudit
import RulesSemantics
import RulesSyntax

/// Flags statements whose restriction another, overlapping match block undoes, decided by the
/// evaluator: this block denies a stranger or an anonymous caller a method, and the whole
/// ruleset grants it through a statement of another block.
struct OtherMatchGrants: LintRule {
  static let descriptor = RuleDescriptor(
    code: "RC313", name: "other-match-grants", category: .security, defaultSeverity: .warning,
    summary: "another match block grants what this block restricts",
    rationale: """
      A request is allowed when *any* `allow` of *any* block whose pattern matches it grants. \
      An owner-only `match /avatars/{uid}/{file} { allow write: if request.auth.uid == uid; }` \
      protects nothing when `match /{allPaths=**} { allow read, write: if request.auth != \
      null; }` also matches `avatars/…`: every signed-in user can overwrite every avatar. \
      Blocks cannot override each other; narrow the broad block (give it its own folder, or \
      repeat the restriction), or drop the narrow one.

      The rule asks the evaluator, on user `alice`'s instance of this block's pattern, for a \
      stranger (user `bob`, no claims) and for an anonymous caller: this block restricts the \
      method (a statement grants it to someone else, or is `if false`), no statement of this \
      block grants it to the caller, yet the whole ruleset does, through a statement of another \
      block, which the message names with its line. Blocks with the same pattern are RC107's \
      (duplicate-match) finding and are left to it.
      """,
    examples: [
      .fails(
        """
        match /avatars/{uid}/{fileName} {
          allow read;
          allow ⟦write⟧: if request.auth.uid == uid;
        }
        match /{allPaths=**} {
          allow read, write: if request.auth != null;
        }
        """),
      .fails(
        """
        match /{allPaths=**} {
          allow read: if true;
        }
        match /private/{fileName} {
          allow ⟦read⟧: if request.auth != null;
        }
        """),
      .fails(
        """
        match /legacy/{fileName} {
          allow read: if request.auth != null;
          allow ⟦write⟧: if false;
        }
        match /{allPaths=**} {
          allow write: if request.auth != null;
        }
        """),
      .passes(
        """
        match /public/{imageId} {
          allow write: if request.resource.size < 1024;
        }
        match /{allPaths=**} {
          allow delete: if request.auth != null;
        }
        """),
      .passes(
        """
        match /avatars/{uid}/{fileName} {
          allow write: if request.auth.uid == uid;
        }
        match /public/{allPaths=**} {
          allow read, write: if request.auth != null;
        }
        """),
      .passes(
        """
        match /avatars/{uid}/{fileName} {
          allow write: if request.auth.uid == uid;
        }
        match /{allPaths=**} {
          allow write: if request.auth.token.admin == true;
        }
        """),
    ],
    limitations: """
      Only this block's own pattern is probed (user `alice`'s instance, a recursive wildcard \
      at a few depths): a broad block that overlaps at other depths or names is not found, \
      and a grant only on the zero-segment instance of this block's recursive wildcard \
      (`vehicles/a/b` for `vehicles/{d}/{v}/{rest=**}`, usually another block's own path) is \
      not reported. A \
      block that reads a Firestore document or the time may deny the probes for lack of them; \
      the other block's grant is decided all the same, so the finding stands. A file whose \
      audit budget runs out before the blocks are decided gets no finding for them.
      """)

  func check(_ context: LintContext, report: inout RuleReport) {
    let facts = context.accessFacts
    guard let audit = facts.audit else { return }
    for index in facts.blocks.keys.sorted() {
      guard let block = facts.blocks[index] else { continue }
      // By statement and granting block: what anyone, and what any signed-in user, gets.
      var undone: [Undone] = []
      let allows = context.allowsByMatch.indices.contains(index) ? context.allowsByMatch[index] : []
      let denied = allows.filter { allow in
        allow.condition.map { context.constantBool($0) == false } == true
      }
      let denies = Set(denied.map(\.range))
      for identity in [AuditIdentity.anonymous, .stranger] {
        for method in audit.blockMethods {
          // Statements that restrict the method: they grant it to someone, or deny it outright.
          let naming = block.statements.filter { statement in
            statement.methods.contains(method)
              && (statement.grants(method) || denies.contains(statement.range))
          }
          guard let first = naming.first,
            !naming.contains(where: { $0.grants[AccessKey(identity, method)] != nil }),
            let grant = block.rulesetGrants[AccessKey(identity, method)], grant.block != index,
            audit.probe(forMatch: grant.block)?.objects != block.probe.objects,
            Self.beyondEmptyDepth(block, AccessKey(identity, method), version: context.version)
          else { continue }
          let key = Undone(statement: first.range, block: grant.block)
          let at = undone.firstIndex(of: key) ?? undone.count
          if at == undone.count { undone.append(key) }
          if identity == .anonymous {
            undone[at].anyone.insert(method)
          } else if !undone[at].anyone.contains(method) {
            undone[at].signedIn.insert(method)
          }
        }
      }
      for item in undone {
        // The statement is one of this block's.
        guard let allow = allows.first(where: { $0.range == item.statement }),
          let range = allow.namesRange(granting: item.anyone.union(item.signedIn))
        else { continue }
        var grants: [String] = []
        if !item.anyone.isEmpty {
          grants.append("\(LintContext.spoken(item.anyone)) to anyone, signed in or not,")
        }
        if !item.signedIn.isEmpty {
          grants.append("\(LintContext.spoken(item.signedIn)) to any signed-in user")
        }
        let other = context.matches[item.block]
        let line = context.source.lineIndex.line(of: other.block.keywordRange.start)
        report.report(
          "the match at line \(line) (\(context.patternText(other.fullPattern))) grants "
            + grants.joined(separator: " and ")
            + " on these paths, which this block does not: a request is allowed when any matching block allows it",
          at: range)
      }
    }
  }

  /// Whether the ruleset grants `key` on an object of `block` other than the zero-segment
  /// instance of its recursive wildcard: that instance (`vehicles/a/b` for
  /// `vehicles/{d}/{v}/{rest=**}`) is usually another block's own path, not this block's.
  private static func beyondEmptyDepth(_ block: BlockAccess, _ key: AccessKey, version: RulesVersion) -> Bool
  {
    guard version == .v2, key.method != .list, block.probe.pattern.contains("=**}") else { return true }
    return block.rulesetGrantDepths[key]?.contains { $0 > 0 } == true
  }

  /// A statement of the narrow block and the block that undoes it, with what it grants.
  private struct Undone: Equatable {
    var statement: SourceRange
    var block: Int
    var anyone: RequestMethods = []
    var signedIn: RequestMethods = []

    static func == (lhs: Undone, rhs: Undone) -> Bool {
      lhs.statement == rhs.statement && lhs.block == rhs.block
    }
  }
}
