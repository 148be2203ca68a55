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
        walkBody(
          declaration.body, context: .service, scope: newScope(parent: scope), enclosing: nil, prefix: [])
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
    if let first = service {
      report(
        SemanticDiagnostics.multipleServices, "a rules file has one service declaration",
        at: declaration.name.range, notes: [DiagnosticNote("first declared here", range: first.name.range)])
    } else {
      service = declaration
    }
    let name = declaration.name.name
    guard name != "firebase.storage", !name.isEmpty else { return }
    let fix = Fix(
      "use 'firebase.storage'",
      edits: [TextEdit(range: declaration.name.range, replacement: "firebase.storage")])
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
    let full = prefix + block.pattern.segments
    checkPattern(block.pattern, prefix: prefix)
    let matchScope = newScope(parent: scope)
    for segment in block.pattern.segments {
      guard let name = segment.variableName, !name.isEmpty else { continue }
      if BuiltinCatalogue.globals[name] != nil {
        report(
          SemanticDiagnostics.reservedName, "wildcard '\(name)' hides the built-in '\(name)'",
          at: segment.nameRange ?? segment.range)
      }
      scopes[matchScope].variables[name] = .wildcard(isRecursive: segment.isRecursive, range: segment.range)
    }
    let depth = enclosing.map { matches[$0].depth + 1 } ?? 0
    matches.append(ResolvedMatch(block: block, fullPattern: full, parent: enclosing, depth: depth))
    let index = matches.count - 1
    matchOfScope[matchScope] = index
    if block.body.isEmpty && !block.pattern.segments.isEmpty {
      report(
        SemanticDiagnostics.emptyMatch, "match block is empty; it grants nothing", at: block.keywordRange)
    }
    walkBody(block.body, context: .match, scope: matchScope, enclosing: index, prefix: full)
  }

  /// Checks one match's own segments against the full pattern they extend (decisions.md §6).
  private mutating func checkPattern(_ pattern: PathPattern, prefix: [PathSegment]) {
    var names = Set(prefix.compactMap(\.variableName))
    var globCount = prefix.filter(\.isRecursive).count
    for segment in pattern.segments {
      if let name = segment.variableName, !name.isEmpty, !names.insert(name).inserted {
        report(
          SemanticDiagnostics.duplicateWildcard,
          "wildcard '\(name)' is already bound on this path", at: segment.nameRange ?? segment.range)
      }
      if segment.isRecursive {
        globCount += 1
        if globCount > 1 {
          report(
            SemanticDiagnostics.multipleRecursiveWildcards,
            "a match path may contain at most one recursive wildcard ({name=**})", at: segment.range)
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
    } else if let glob = prefix.last(where: \.isRecursive) {
      report(
        SemanticDiagnostics.globNotLast, FirebaseMessages.globNotLast, at: pattern.range,
        notes: [DiagnosticNote("the enclosing match already ends in a recursive wildcard", range: glob.range)]
      )
    }
  }

  private mutating func checkAllow(_ allow: AllowStatement) {
    for method in allow.methods {
      guard let known = method.method else {
        let names = AccessMethod.allCases.map(\.rawValue)
        let suggestion = Suggestions.closest(to: method.name, in: names)
        report(
          SemanticDiagnostics.unknownMethod,
          "unknown method '\(method.name)'; expected one of \(names.joined(separator: ", "))",
          at: method.range,
          notes: suggestion.map { [DiagnosticNote("did you mean '\($0)'?")] } ?? [],
          fixes: suggestion.map {
            [Fix("replace with '\($0)'", edits: [TextEdit(range: method.range, replacement: $0)])]
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
