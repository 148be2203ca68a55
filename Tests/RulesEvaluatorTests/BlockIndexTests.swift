import RulesEvaluator
import RulesSemantics
import RulesSyntax
import Testing

/// A ruleset with many blocks tests only the blocks its index names for a path; the blocks
/// found matching must be exactly those that match when each block is decided alone, in
/// source order, whatever the path, method or rules version. Each block grants only to its own
/// uid, so the grant also names the block that decided.
@Suite struct BlockIndexTests {
  /// Patterns chosen to defeat a careless index: many literals at one position (indexed),
  /// literals shared by several blocks, wildcards and recursive wildcards before and at the
  /// indexed position, a shorter pattern, and two spellings of `é` (canonically equal, so one
  /// bucket, but different bytes, so different paths).
  static let patterns: [String] = {
    var patterns = (0..<24).map { "/f\($0)/{a}" }
    patterns += [
      "/f1/{a}/{b}", "/f2/{rest=**}", "/{any}/{b}", "/{all=**}", "/f3/x/{c=**}", "/f4",
      "/caf\u{E9}/{a}", "/cafe\u{301}/{a}", "/{any}/{b}/{c}", "/f5/{a}/sub", "/f1/{z}",
    ]
    return patterns
  }()

  static func source(_ patterns: [String], version: String) -> String {
    let blocks = patterns.enumerated().map { index, pattern in
      "    match \(pattern) { allow get, list, create: if request.auth.uid == 'u\(index)'; }"
    }
    return """
      rules_version = '\(version)';
      service firebase.storage {
        match /b/{bucket}/o {
      \(blocks.joined(separator: "\n"))
        }
      }
      """
  }

  static let paths: [String] = [
    "f0/x", "f1/x", "f1/x/y", "f2", "f2/a/b/c", "f3/x", "f3/x/y/z", "f4", "f4/x", "f5/a/sub", "f5/a/other",
    "f23/x", "f24/x", "zzz/x", "zzz/x/y", "caf\u{E9}/x", "cafe\u{301}/x", "f1", "", "a/b/c/d",
  ]

  /// Byte equality: `==` on `String` would take the two spellings of `é` for one.
  static func same(_ a: String, _ b: String) -> Bool { a.utf8.elementsEqual(b.utf8) }

  @Test(arguments: ["1", "2"], [RequestMethod.get, .list, .create])
  func matchesAsEachBlockAlone(version: String, method: RequestMethod) {
    let patterns = Self.patterns
    let whole = CompiledRuleset(source: Self.source(patterns, version: version))
    let alone = patterns.map { CompiledRuleset(source: Self.source([$0], version: version)) }
    let time = Timestamp(seconds: 1_700_000_000, nanos: 0)
    for path in Self.paths {
      let expected = alone.indices.filter { index in
        let decision = alone[index].decide(
          Request(method: method, bucket: "bk", path: path, auth: AuthContext(uid: "u0"), time: time),
          trace: true)
        return decision.trace.contains { Self.same($0.pattern, "/b/{bucket}/o" + patterns[index]) }
      }
      let traced = whole.decide(
        Request(method: method, bucket: "bk", path: path, auth: nil, time: time), trace: true)
      // The enclosing `/b/{bucket}/o` block matches the bucket root in both; it is not listed.
      let found = traced.trace.filter { !Self.same($0.pattern, "/b/{bucket}/o") }.map { trace in
        patterns.firstIndex { Self.same("/b/{bucket}/o" + $0, trace.pattern) } ?? -1
      }
      #expect(found == expected, "\(method) \(path) in version \(version)")
      // Without a trace (the fast path), the first matching block's owner is granted.
      for index in [expected.first, expected.last].compactMap({ $0 }) {
        let decision = whole.decide(
          Request(method: method, bucket: "bk", path: path, auth: AuthContext(uid: "u\(index)"), time: time))
        let grants = version == "1" && method == .list ? false : true
        #expect(decision.allowed == grants, "u\(index) \(method) \(path) in version \(version)")
      }
    }
  }
}
