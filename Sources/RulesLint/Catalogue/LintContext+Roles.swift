import RulesSemantics
import RulesSyntax

extension LintContext {
  /// Claims every signed-in user has; reading them restricts nobody.
  static let everyoneClaims: Set<String> = ["email_verified", "firebase", "sub", "uid"]

  /// Whether `condition` limits access beyond "signed in" in a way rules cannot see through:
  /// a custom claim (`request.auth.token.admin`), a Firestore look-up (or Firestore's
  /// unprefixed `get()`/`exists()`), or `request.auth.uid` compared with something other than
  /// null or a wildcard (a metadata owner, a hard-coded id).
  public func restrictsToRoles(_ condition: Expression) -> Bool {
    restrictsToRoles(allowFacts(facts(condition, Bindings())))
  }

  /// Whether the condition `facts` describe limits access beyond "signed in", as above.
  public func restrictsToRoles(_ facts: AllowFacts) -> Bool {
    for (path, _) in facts.accessPaths where path.starts(with: "request", "auth", "token") {
      if let claim = path.members.dropFirst(2).first, !Self.everyoneClaims.contains(claim) { return true }
    }
    if !facts.firestoreLookups.isEmpty { return true }
    let firestoreStyle = facts.calls.contains { call, _ in
      guard case .call(let callee, _) = call.kind, case .identifier(let name) = callee.kind else {
        return false
      }
      switch name {
      case "get", "exists", "getAfter", "existsAfter": return true
      default: return false
      }
    }
    if firestoreStyle { return true }
    for comparison in facts.comparisons where comparison.isEquality {
      // `request.auth.uid` on the left, then on the right.
      for otherIsRight in [true, false] {
        let path = otherIsRight ? comparison.leftPath : comparison.rightPath
        let other = otherIsRight ? comparison.right : comparison.left
        guard let path, path.equals("request", "auth", "uid"), !isNull(other, comparison.bindings)
        else { continue }
        let others = readEntries(of: comparison, right: otherIsRight, in: facts.accessPaths)
        let readsWildcard = others.contains { if case .wildcard = $0.path.root { true } else { false } }
        if !readsWildcard { return true }
      }
    }
    return false
  }

  /// How `methods` read in a message: "create", "create and delete", "get and list".
  public static func spoken(_ methods: RequestMethods) -> String {
    let names = RequestMethod.allCases.filter(methods.contains).map(\.rawValue)
    guard names.count > 1, let last = names.last else { return names.first ?? "" }
    return names.dropLast().joined(separator: ", ") + " and " + last
  }
}
