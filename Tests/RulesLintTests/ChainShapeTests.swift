import Foundation
import RulesSemantics
import RulesSyntax
import RulescheckTestSupport
import Testing

@testable import RulesLint

/// The auth-guard walk asks ``LintContext/chainShape(_:_:)`` at each member and index instead of
/// building the path: what it says must be what ``LintContext/accessPath(_:_:)`` says, whether
/// there is a path and whether it reads below `request.auth`, at every chain, read inside the
/// functions it reaches with their arguments bound.
@Suite struct ChainShapeTests {
  /// Compares the two at every identifier, member and index node of every condition, and of
  /// every body of the call instances the conditions' facts entered; returns how many chains
  /// were paths and how many of those read below `request.auth`.
  static func compare(_ context: LintContext, _ label: String) -> (paths: Int, belowAuth: Int) {
    var roots: [(RulesSyntax.Expression, Bindings)] = context.allows.compactMap { allow in
      allow.condition.map { ($0, Bindings()) }
    }
    // Reading the facts enters the call instances; their bodies are read with their bindings.
    for allow in context.allows { _ = context.facts(for: allow) }
    let instances = context.memo.state.withLock { $0.instances }
    for instance in instances {
      for body in instance.bodies { roots.append((body, instance.bindings)) }
    }
    var paths = 0
    var belowAuth = 0
    for (root, bindings) in roots {
      var pending = [root]
      while let node = pending.popLast() {
        node.forEachChildReversed { pending.append($0) }
        switch node.kind {
        case .member, .index, .identifier: break
        default: continue
        }
        let path = context.accessPath(node, bindings)
        let underAuth = path?.starts(with: "request", "auth") ?? false
        let expected = underAuth && (path?.members.count ?? 0) >= 2
        let shape = context.chainShape(node, bindings)
        #expect(
          shape.isPath == (path != nil) && shape.underAuth == underAuth
            && shape.fields == (path?.members.count ?? 0) && shape.belowAuth == expected,
          "\(label): \(context.text(node.range)) is \(path?.description ?? "no path")")
        if path != nil { paths += 1 }
        if expected { belowAuth += 1 }
      }
    }
    return (paths, belowAuth)
  }

  @Test("every file of the repository: the shape of each chain is its path's")
  func repositoryFiles() throws {
    let files = repositoryRulesFiles()
    #expect(files.count >= 10)
    var paths = 0
    var belowAuth = 0
    for file in files {
      let text = try String(contentsOf: file, encoding: .utf8)
      let checked = SemanticAnalyzer.analyze(RulesParser.parse(text, path: file.lastPathComponent))
      let found = Self.compare(LintContext(ruleset: checked, now: Date()), file.lastPathComponent)
      paths += found.paths
      belowAuth += found.belowAuth
    }
    // Not vacuous: both answers occur many times.
    #expect(belowAuth > 20 && paths > belowAuth + 20)
  }

  @Test("chains through parameters, lets, constant keys and non-paths")
  func madeUpChains() {
    let text = """
      rules_version = '2';
      service firebase.storage {
        match /b/{bucket}/o {
          function who(a) { return a.uid == 'x' && a['token'].admin == true; }
          function key() { return 'auth'; }
          function via(r) { let t = r.token; return t.email == 'e' && t[key()] == 1; }
          function notPath(n) { return n.size() > 1 && [request.auth][0].uid == 'u'; }
          match /f/{id} {
            allow read: if who(request.auth) && via(request.auth) && request[key()].uid == id;
            allow write: if notPath(id) && request.auth.uid.size() > 0 && request.resource.size < 5
              && request.auth == null && request.auth.token[id] == 1 && resource.metadata.owner == id;
          }
        }
      }
      """
    let checked = SemanticAnalyzer.analyze(SourceFile(path: "made-up.rules", text: text))
    #expect(!checked.hasErrors)
    let found = Self.compare(LintContext(ruleset: checked, now: Date()), "made-up.rules")
    #expect(found.belowAuth >= 8 && found.paths > found.belowAuth)
  }
}
