import Foundation

/// Hostile inputs of a chosen size: the shapes that once hung rulescheck or exhausted its
/// memory (issue 10's table, F1–F10, and a few more), for `scripts/adversarial.sh` and the
/// scaling benchmark. Coverage-guided fuzzing rarely grows inputs this large.
struct AdversarialCase {
  /// A short name, such as `F4-inlining`.
  var name: String
  /// What it attacks.
  var summary: String
  /// Files to write, by name relative to the case's folder.
  var files: [(name: String, text: String)]
  /// The `rulescheck` arguments; file names are relative to the case's folder.
  var arguments: [String]
}

/// The shapes, each growing with `units`; ``baseUnits`` is the size issue 10 measured, and
/// ``units(forBytes:)`` the units that make the case's files about a given size.
enum AdversarialShape: CaseIterable {
  case letDoubling, replaceDoubling, yamlAliases, foldedLets, inlining, functionChain, fixes, toSet
  case suppressions, brokenMatches, findings, duplicateKeys, testMode, jsonNesting, yamlNesting
  case expressionNesting, oversized, listing, requestBatch, suiteCases, findingsSARIF, findingsAST

  /// The units at scale 1: the size the issue measured.
  var baseUnits: Int {
    switch self {
    case .letDoubling, .replaceDoubling: 1
    case .yamlAliases: 1
    case .foldedLets: 1
    case .inlining: 100
    case .functionChain: 4_000
    case .fixes: 7_000
    case .toSet: 20_000
    case .suppressions: 4_000
    case .brokenMatches: 10_000
    case .findings, .findingsSARIF, .findingsAST: 32_000
    case .duplicateKeys: 20_000
    case .testMode: 4_000
    case .jsonNesting, .yamlNesting, .expressionNesting: 1_000
    case .oversized: 10
    case .listing: 100_000
    case .requestBatch: 20_000
    case .suiteCases: 2_000
    }
  }

  /// The units that make this shape's files about `bytes` long (shapes grow about linearly).
  func units(forBytes bytes: Int) -> Int {
    guard self != .oversized else { return max(1, bytes >> 20) }
    let sample = make(units: baseUnits).files.reduce(0) { $0 + $1.text.utf8.count }
    return max(1, Int(Double(baseUnits) * Double(bytes) / Double(max(1, sample))))
  }

  func make(units: Int) -> AdversarialCase {
    switch self {
    case .letDoubling:
      // F1: `let s(i+1) = s(i) + ... + s(i)` (8 copies, 10 lets) in `units` functions:
      // gigabyte strings without caps.
      return rulesCase(
        "F1-let-concat", "let chains concatenating a string with itself", functions: units,
        body: { f in
          "let s0 = 'ab\(f)'; "
            + (1...10).map { i in
              "let s\(i) = " + Array(repeating: "s\(i - 1)", count: 8).joined(separator: " + ") + ";"
            }.joined(separator: " ") + " return s10.size() > 0;"
        })
    case .replaceDoubling:
      // F1: `s0.replace('', s0)` squares the length at each step.
      return rulesCase(
        "F1-replace", "replace('', s) chains", functions: units,
        body: { f in
          "let s0 = 'abcd\(f)'; "
            + (1...8).map { "let s\($0) = s\($0 - 1).replace('', s\($0 - 1));" }.joined(separator: " ")
            + " return s8.size() > 0;"
        })
    case .yamlAliases:
      // F2: 9 levels of 10 aliases (more levels with units).
      var text = "a0: &a0 [x, x, x, x, x, x, x, x, x, x]\n"
      for level in 1...(8 + units) {
        text +=
          "a\(level): &a\(level) [" + Array(repeating: "*a\(level - 1)", count: 10).joined(separator: ", ")
          + "]\n"
      }
      text += "rules: storage.rules\ncases: []\n"
      return AdversarialCase(
        name: "F2-yaml-aliases", summary: "YAML alias bomb in a suite",
        files: [("bomb.rules-test.yaml", text), ("storage.rules", Self.simpleRules)],
        arguments: ["test", "bomb.rules-test.yaml"])
    case .foldedLets:
      // F3: `let s(i+1) = s(i) + ... + s(i)`, 8 copies, 10 lets per function.
      var functions = ""
      for f in 0..<units * 5 {
        let lets = (1...10).map { i in
          "let s\(i) = " + Array(repeating: "s\(i - 1)", count: 8).joined(separator: " + ") + ";"
        }
        functions +=
          "    function f\(f)() { let s0 = 'a'; \(lets.joined(separator: " ")) return s10 == ''; }\n"
      }
      return lint(
        "F3-folded-lets", "let folding repeated at every use",
        Self.wrap(functions + "    match /x/{id} { allow read: if f0(); }\n"), ["lint"])
    case .inlining:
      // F4: a helper calling a helper twice, 12 deep, used by `units` allows.
      var text = "    function h0(x) { return request.auth.uid == x; }\n"
      for depth in 1...12 {
        text += "    function h\(depth)(x) { return h\(depth - 1)(x) && h\(depth - 1)(x + 'a'); }\n"
      }
      for index in 0..<units {
        text += "    match /p\(index)/{id} { allow read: if h12(id); }\n"
      }
      return lint(
        "F4-inlining", "helpers calling helpers twice, used by many allows", Self.wrap(text), ["lint"])
    case .functionChain:
      // F5: `units` functions, each calling the previous.
      var text = "    function f0() { return request.auth != null; }\n"
      for index in 1..<units { text += "    function f\(index)() { return f\(index - 1)(); }\n" }
      text += "    match /x/{id} { allow read: if f\(units - 1)(); }\n"
      return lint("F5-function-chain", "a long chain of function calls", Self.wrap(text), ["lint"])
    case .fixes:
      // F6: `units` one-line fixes (RC106 redundant method).
      let text = (0..<units).map { "    match /m\($0)/{f} { allow read, get: if request.auth != null; }\n" }
        .joined()
      return lint(
        "F6-fix-diff", "thousands of fixes shown as a diff", Self.wrap(text), ["lint", "--fix", "--diff"])
    case .toSet:
      // F7: a `units`-element list made a set and compared.
      let list = (0..<units).map(String.init).joined(separator: ",")
      let text = """
            match /s/{id} {
              allow read: if '\(list)'.split(',').toSet().hasAll('\(list)'.split(','));
            }

        """
      return AdversarialCase(
        name: "F7-toSet", summary: "toSet() and hasAll() of a large list",
        files: [("storage.rules", Self.wrap(text))],
        arguments: ["simulate", "storage.rules", "--method", "get", "--path", "s/x"])
    case .suppressions:
      // F8: `units` lines, each with a disable-line comment.
      let text = (0..<units).map {
        "    match /d\($0)/{f} { allow read: if true; } // rulescheck:disable-line RC101\n"
      }.joined()
      return lint("F8-suppressions", "many suppression comments", Self.wrap(text), ["lint"])
    case .brokenMatches:
      // F9: `units` broken `match /a<i> x {}` lines.
      let text = (0..<units).map { "    match /a\($0) x {}\n" }.joined()
      return lint("F9-broken-matches", "many syntax errors to recover from", Self.wrap(text), ["lint"])
    case .findings, .findingsSARIF, .findingsAST:
      // F10: `units` findings (one per public `allow write`) rendered as JSON or SARIF, or the
      // file's AST as JSON.
      let rules = Self.wrap((0..<units).map { "match /\($0){allow write;}\n" }.joined())
      let (name, arguments): (String, [String]) =
        switch self {
        case .findingsSARIF: ("F10-findings-sarif", ["lint", "--format", "sarif"])
        case .findingsAST: ("F10-dump-ast-json", ["dump-ast", "--ranges", "--format", "json"])
        default: ("F10-findings-json", ["lint", "--format", "json"])
        }
      return lint(name, "tens of thousands of findings, or a large AST, as JSON", rules, arguments)
    case .duplicateKeys:
      // A JSON object with `units` distinct keys (duplicate checks must hash).
      let keys = (0..<units).map { "\"k\($0)\":\"v\"" }.joined(separator: ",")
      return AdversarialCase(
        name: "json-keys", summary: "a JSON object with many keys",
        files: [
          ("storage.rules", Self.simpleRules),
          ("requests.jsonl", "{\"method\":\"get\",\"path\":\"a/b\",\"resource\":{\"metadata\":{\(keys)}}}\n"),
        ],
        arguments: ["simulate", "storage.rules", "--requests", "requests.jsonl"])
    case .testMode:
      // The test-mode rule, once per `allow`.
      let text = (0..<units).map {
        "    match /t\($0)/{f} { allow read, write: if request.time < timestamp.date(2020, 1, 1); }\n"
      }.joined()
      return lint("test-mode-findings", "many test-mode findings", Self.wrap(text), ["lint"])
    case .jsonNesting:
      let text =
        "{\"method\":\"get\",\"path\":\"a/b\",\"resource\":{\"metadata\":{\"k\":"
        + String(repeating: "[", count: units * 10) + String(repeating: "]", count: units * 10) + "}}}\n"
      return AdversarialCase(
        name: "json-nesting", summary: "deeply nested JSON in a request batch",
        files: [("storage.rules", Self.simpleRules), ("requests.jsonl", text)],
        arguments: ["simulate", "storage.rules", "--requests", "requests.jsonl"])
    case .yamlNesting:
      let text =
        "rules: storage.rules\ncases:\n  - name: deep\n    request: "
        + String(repeating: "[", count: units * 10) + String(repeating: "]", count: units * 10) + "\n"
      return AdversarialCase(
        name: "yaml-nesting", summary: "deeply nested YAML in a suite",
        files: [("deep.rules-test.yaml", text), ("storage.rules", Self.simpleRules)],
        arguments: ["test", "deep.rules-test.yaml"])
    case .expressionNesting:
      let text =
        "    match /n/{id} { allow read: if " + String(repeating: "(", count: units * 10) + "true"
        + String(repeating: ")", count: units * 10) + "; }\n"
      return lint("expression-nesting", "deeply nested parentheses", Self.wrap(text), ["lint"])
    case .oversized:
      // A rules file of `units` MiB.
      let line = "    // " + String(repeating: "x", count: 1_016) + "\n"
      let text = String(repeating: line, count: units * 1_024)
      return lint("oversized-file", "a rules file of \(units) MiB", Self.wrap(text), ["lint"])
    case .listing:
      // `units` names: a flat folder, deep trees and names the backend filters out.
      var text = ""
      for index in 0..<units {
        switch index % 4 {
        case 0: text += "flat/object-\(index).dat\n"
        case 1:
          text +=
            "tree/" + Array(repeating: "d", count: index % 40 + 1).joined(separator: "/") + "/f\(index)\n"
        case 2: text += "flat//empty-segment-\(index)\n"
        default: text += "flat/folder-\(index % 1_000)/\n"
        }
      }
      return AdversarialCase(
        name: "listing", summary: "a large listing, listed whole",
        files: [("storage.rules", Self.simpleRules), ("objects.txt", text)],
        arguments: [
          "list", "storage.rules", "--objects", "objects.txt", "--prefix", "flat", "--all", "--uid", "u",
        ])
    case .requestBatch:
      // `units` requests, each on a long path.
      let path = (0..<60).map { "s\($0)" }.joined(separator: "/")
      let text = (0..<units).map {
        "{\"method\":\"get\",\"path\":\"\(path)/f\($0)\",\"auth\":{\"uid\":\"u\($0 % 9)\"}}\n"
      }.joined()
      return AdversarialCase(
        name: "request-batch", summary: "a large batch of requests on long paths",
        files: [("storage.rules", Self.simpleRules), ("requests.jsonl", text)],
        arguments: ["simulate", "storage.rules", "--requests", "requests.jsonl", "--format", "json"])
    case .suiteCases:
      // `units` cases sharing one anchored request (aliases expanded once per case).
      var text = "rules: storage.rules\ncases:\n"
      text += "  - {name: case 0, request: &base {method: get, path: a/b, auth: {uid: u}}, expect: allow}\n"
      for index in 1..<max(2, units) {
        text += "  - {name: case \(index), request: *base, expect: allow}\n"
      }
      return AdversarialCase(
        name: "suite-cases", summary: "a suite of many cases with aliases",
        files: [("many.rules-test.yaml", text), ("storage.rules", Self.simpleRules)],
        arguments: ["test", "many.rules-test.yaml"])
    }
  }

  private static let simpleRules = """
    rules_version = '2';
    service firebase.storage {
      match /b/{bucket}/o {
        match /{allPaths=**} { allow read: if request.auth != null; }
      }
    }

    """

  private static func wrap(_ body: String) -> String {
    "rules_version = '2';\nservice firebase.storage {\n  match /b/{bucket}/o {\n" + body + "  }\n}\n"
  }

  private func lint(
    _ name: String, _ summary: String, _ rules: String, _ arguments: [String]
  ) -> AdversarialCase {
    AdversarialCase(
      name: name, summary: summary, files: [("storage.rules", rules)],
      arguments: arguments + ["storage.rules"])
  }

  private func rulesCase(
    _ name: String, _ summary: String, functions: Int, body: (Int) -> String
  ) -> AdversarialCase {
    var text = ""
    for index in 0..<functions { text += "    function f\(index)() { \(body(index)) }\n" }
    text +=
      "    match /x/{id} { allow read: if " + (0..<functions).map { "f\($0)()" }.joined(separator: " || ")
      + "; }\n"
    return AdversarialCase(
      name: name, summary: summary, files: [("storage.rules", Self.wrap(text))],
      arguments: ["simulate", "storage.rules", "--method", "get", "--path", "x/y"])
  }
}
