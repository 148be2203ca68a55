import RulesSyntax

/// Where a statement list sits.
enum WalkContext {
  case file, service, match
}

extension Analysis {
  /// Walks a body: registers its functions in `scope`, then checks each statement in place.
  mutating func walkBody(
    _ statements: [Statement], context: WalkContext, scope: Int, enclosing: Int?, prefix: [PathSegment]
  ) {
    registerFunctions(statements, in: scope)
    for statement in statements {
      switch statement.kind {
      case .version:
        if context != .file {
          report(
            SemanticDiagnostics.misplacedStatement, "rules_version must be at the top level of the file",
            at: statement.range)
        }
      case .service(let declaration):
        if context != .file {
          report(
            SemanticDiagnostics.misplacedStatement, "'service' must be at the top level of the file",
            at: statement.range)
        }
        checkService(declaration, range: statement.range)
        let outerService = currentService
        currentService = declaration.name.name
        walkBody(
          declaration.body, context: .service, scope: newScope(parent: scope), enclosing: nil, prefix: [])
        currentService = outerService
      case .match(let block):
        if context == .file {
          report(
            SemanticDiagnostics.misplacedStatement, "'match' must be inside 'service firebase.storage'",
            at: block.keywordRange)
        }
        walkMatch(block, scope: scope, enclosing: enclosing, prefix: prefix)
      case .allow(let allow):
        if context != .match {
          report(
            SemanticDiagnostics.misplacedStatement, "'allow' must be inside a 'match' block",
            at: allow.keywordRange)
        }
        checkAllow(allow)
        if let condition = allow.condition { pendingConditions.append((condition, scope)) }
      case .function:
        break  // registered above, checked once every scope exists
      case .importDeclaration(let declaration):
        report(
          SemanticDiagnostics.importUnsupported, "'import' is not supported in Cloud Storage rules",
          at: declaration.keywordRange)
      case .missing:
        break
      }
    }
  }

  private mutating func checkService(_ declaration: ServiceDeclaration, range: SourceRange) {
    let name = declaration.name.name
    if let first = services[name] {
      report(
        SemanticDiagnostics.multipleServices,
        "service '\(name)' is declared twice (\(FirebaseMessages.duplicateService))",
        at: declaration.name.range, notes: [DiagnosticNote("first declared here", range: first.name.range)])
    } else {
      services[name] = declaration
    }
    if service == nil || (name == "firebase.storage" && service?.name.name != "firebase.storage") {
      service = declaration
    }
    if declaration.body.isEmpty && !name.isEmpty {
      report(
        SemanticDiagnostics.emptyService,
        "service block is empty (\(FirebaseMessages.emptyService))", at: declaration.name.range)
    }
    guard name != "firebase.storage", !name.isEmpty else { return }
    let fix = Fix(
      "use 'firebase.storage'",
      edits: [TextEdit(range: declaration.name.range, replacement: "firebase.storage")],
      applicability: .unsafe)
    if name == "cloud.firestore" {
      report(
        SemanticDiagnostics.wrongService,
        "this is a Firestore rules file (service cloud.firestore); rulescheck checks Cloud Storage rules (service firebase.storage)",
        at: declaration.name.range)
    } else {
      report(
        SemanticDiagnostics.wrongService,
        "unknown service '\(name)'; Cloud Storage rules declare 'service firebase.storage'",
        at: declaration.name.range, fixes: [fix])
    }
  }

  private mutating func walkMatch(_ block: MatchBlock, scope: Int, enclosing: Int?, prefix: [PathSegment]) {
    guard withinPathBudget(block, prefixCount: prefix.count) else { return }
    let full = prefix + block.pattern.segments
    checkPattern(block.pattern, prefix: prefix)
    let matchScope = newScope(parent: scope)
    for segment in block.pattern.segments {
      guard let name = segment.variableName, !name.isEmpty else { continue }
      checkVariableName(name, at: segment.nameRange ?? segment.range, kind: "wildcard")
      scopes[matchScope].variables[name] = .wildcard(isRecursive: segment.isRecursive, range: segment.range)
    }
    let depth = enclosing.map { matches[$0].depth + 1 } ?? 0
    matches.append(
      ResolvedMatch(block: block, fullPattern: full, parent: enclosing, depth: depth, service: currentService)
    )
    let index = matches.count - 1
    matchOfScope[matchScope] = index
    if block.body.isEmpty && !block.pattern.segments.isEmpty {
      report(
        SemanticDiagnostics.emptyMatch, "match block is empty (\(FirebaseMessages.emptyMatch))",
        at: block.keywordRange)
    }
    checkGlobChildren(block)
    walkBody(block.body, context: .match, scope: matchScope, enclosing: index, prefix: full)
  }

  /// Counts the block's full path against ``AnalysisLimits/maximumResolvedPathSegments``: each
  /// block holds a copy of its full path, which repeats its parents' segments. Past the budget
  /// the block (and every later one) is left out, once reported.
  private mutating func withinPathBudget(_ block: MatchBlock, prefixCount: Int) -> Bool {
    guard !pathBudgetReached else { return false }
    resolvedPathSegments += prefixCount + block.pattern.segments.count
    guard resolvedPathSegments > budgets.resolvedPathSegments else { return true }
    pathBudgetReached = true
    report(
      SemanticDiagnostics.analysisLimit,
      "analysis limit reached: the full match paths of this file total more than "
        + "\(budgets.resolvedPathSegments) segments; this block and every later one are "
        + "left out (Firebase accepts at most 256 KiB of source and 100 segments per path, so no file it "
        + "accepts comes near this)", at: block.pattern.range)
    return false
  }

  /// Checks one match's own segments against the full pattern they extend (decisions.md §6),
  /// as Firebase's compiler does: a name twice in one path and a second glob (version 2) are
  /// compile errors; rebinding an enclosing match's wildcard is allowed (the inner binding
  /// wins), and so is a version 1 glob with child blocks (a compiler warning).
  private mutating func checkPattern(_ pattern: PathPattern, prefix: [PathSegment]) {
    let outer = Set(prefix.compactMap(\.variableName))
    var names: Set<String> = []
    var globCount = prefix.filter(\.isRecursive).count
    for segment in pattern.segments {
      if let name = segment.variableName, !name.isEmpty {
        let at = segment.nameRange ?? segment.range
        if !names.insert(name).inserted {
          report(
            SemanticDiagnostics.duplicateWildcard,
            "wildcard '\(name)' is bound twice in this path (\(FirebaseMessages.duplicateWildcard(name)))",
            at: at)
        } else if outer.contains(name) {
          report(
            SemanticDiagnostics.wildcardRebound,
            "wildcard '\(name)' of an enclosing match is bound again; inside this block '\(name)' is this segment",
            at: at)
        }
      }
      if segment.isRecursive {
        globCount += 1
        if globCount > 1 && version == .v2 {
          report(
            SemanticDiagnostics.multipleRecursiveWildcards, FirebaseMessages.onlyOneGlob, at: segment.range)
        }
      }
    }
    guard version == .v1, let last = pattern.segments.last else { return }
    if let glob = pattern.segments.first(where: \.isRecursive), glob != last {
      report(
        SemanticDiagnostics.globNotLast, FirebaseMessages.globNotLast, at: glob.range,
        notes: [
          DiagnosticNote(
            "rules_version 1 allows a recursive wildcard only at the end of the path; version 2 allows it anywhere"
          )
        ])
    }
  }

  /// Under version 1, a block ending in a glob should have no child blocks (a compiler warning,
  /// once per block, at the block).
  mutating func checkGlobChildren(_ block: MatchBlock) {
    guard version == .v1, block.pattern.segments.last?.isRecursive == true,
      block.body.contains(where: { if case .match = $0.kind { true } else { false } })
    else { return }
    report(
      SemanticDiagnostics.globWithChildren,
      "\(FirebaseMessages.globWithChildren) Under rules_version 1 the children's paths continue after the glob",
      at: block.keywordRange)
  }

  /// A wildcard, parameter or `let` name: Firebase's package names are compile errors, other
  /// built-in names only hide the built-in.
  mutating func checkVariableName(_ name: String, at range: SourceRange, kind: String) {
    // Every package is a global: most names are neither, and one look-up says so.
    guard BuiltinCatalogue.globalTable[NameKey(name)] != nil else { return }
    if RulesLimits.packageNames.contains(name) {
      report(SemanticDiagnostics.packageName, FirebaseMessages.packageAsVariable(name), at: range)
    } else {
      report(SemanticDiagnostics.reservedName, "\(kind) '\(name)' hides the built-in '\(name)'", at: range)
    }
  }

  private mutating func checkAllow(_ allow: AllowStatement) {
    for method in allow.methods {
      guard let known = method.method else {
        let names = AccessMethod.allCases.map(\.rawValue)
        let suggestion = Suggestions.closest(to: method.name, in: names)
        report(
          SemanticDiagnostics.unknownMethod,
          "\(FirebaseMessages.invalidMethod(method.name)) Expected one of \(names.joined(separator: ", ")); it grants nothing",
          at: method.range,
          notes: suggestion.map { [DiagnosticNote("did you mean '\($0)'?")] } ?? [],
          fixes: suggestion.map {
            [
              Fix(
                "replace with '\($0)'", edits: [TextEdit(range: method.range, replacement: $0)],
                applicability: .unsafe)
            ]
          } ?? [])
        continue
      }
      guard version == .v1 else { continue }
      if known == .list {
        report(
          SemanticDiagnostics.listRequiresVersion2,
          "'list' has no effect under rules_version 1; production refuses every list request: "
            + quotedVersionOneMessage, at: method.range)
      } else if known == .read && !reportedVersionOneRead {
        reportedVersionOneRead = true
        report(
          SemanticDiagnostics.listRequiresVersion2,
          "under rules_version 1 'read' grants get but not list; list requests fail with: "
            + quotedVersionOneMessage, at: method.range)
      }
    }
  }

  private var quotedVersionOneMessage: String {
    "\"" + FirebaseMessages.versionOneList.split(separator: "\n").joined(separator: " ") + "\""
  }
}
