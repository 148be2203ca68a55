import RulesSyntax
import Testing

@testable import RulesAudit

@Suite("Reading chains without allocating")
struct ExpressionReadingTests {
  /// Every sub-expression of the condition `source`.
  func expressions(_ source: String) throws -> [Expression] {
    let file = RulesParser.parse(
      "service firebase.storage { match /b/{bucket}/o { allow read: if " + source + "; } }")
    let condition = try #require(Self.condition(in: file.statements))
    var found: [Expression] = []
    var pending = [condition]
    while let expression = pending.popLast() {
      found.append(expression)
      expression.forEachChild { pending.append($0) }
    }
    return found
  }

  /// The first `allow` condition in `statements` and the blocks under them.
  static func condition(in statements: [Statement]) -> Expression? {
    for statement in statements {
      switch statement.kind {
      case .allow(let allow): return allow.condition
      case .service(let service): if let found = condition(in: service.body) { return found }
      case .match(let match): if let found = condition(in: match.body) { return found }
      default: continue
      }
    }
    return nil
  }

  static let conditions = [
    "request.auth.token.admin == true && request.auth.token['firebase']['sign_in_provider'] == 'x'",
    "request.resource.metadata.owner == request.auth.uid || resource.metadata['owner'] == 'bob'",
    "request.resource.size < 5 * 1024 && resource.size > 0 && request.time < resource.timeCreated",
    "f(x).a.b == a[1].b && a.b.c.d.e.f.g.h.i.j.k.l.m.n.o.p.q == a.b.c.d.e.f.g.h.i.j.k.l.m.n.o.p.q.r",
    "firestore.get(/databases/(default)/documents/users/$(request.auth.uid)).data.role == 'admin'",
    "request.resource.contentType.matches('image/.*') && request['resource']['metadata'].k == 1",
  ]

  @Test(arguments: conditions)
  func headAndPatternsAgreeWithTheChain(_ source: String) throws {
    for expression in try expressions(source) {
      let chain = ExpressionReading.chain(expression)
      let head = ExpressionReading.head(expression)
      #expect(head?.count == chain?.count)
      #expect(head?.first == chain?.first)
      #expect(head?.second == chain.flatMap { $0.count > 1 ? $0[1] : nil })
      #expect(head?.third == chain.flatMap { $0.count > 2 ? $0[2] : nil })
      if let chain {
        #expect(ExpressionReading.isChain(expression, chain))
        #expect(!ExpressionReading.isChain(expression, chain + ["x"]))
        let base = Array(chain.dropLast())
        let onMetadata = base == ["request", "resource"] || base == ["resource"]
        #expect(ExpressionReading.isMetadataField(expression, "size") == (onMetadata && chain.last == "size"))
        let keyBase = Array(chain.dropLast(2))
        let isKey =
          chain.count >= 3 && chain[chain.count - 2] == "metadata"
          && (keyBase == ["request", "resource"] || keyBase == ["resource"])
        #expect(ExpressionReading.metadataKey(expression) == (isKey ? chain.last : nil))
      } else {
        #expect(ExpressionReading.metadataKey(expression) == nil)
        #expect(!ExpressionReading.isMetadataField(expression, "size"))
      }
    }
  }
}

@Suite("Regex syntax in literals")
struct RegexSyntaxTests {
  @Test(arguments: [
    "image/png", "image/.*", "image/(png|jpe?g)", "text/plain\r\n", "a\\b", "x^y", "cost$", "[abc]",
    "image/p\u{301}ng", "(\u{301}", "é+", "*", "",
  ])
  func agreesWithReadingCharacters(_ text: String) {
    #expect(Walker.hasRegexSyntax(text) == text.contains { "*+?|()[]\\^$".contains($0) })
  }
}

@Suite("User wildcard names")
struct UserWildcardTests {
  @Test(arguments: [
    "uid", "UID", "userId", "user_id", "owner_uid", "authorId", "member", "Uploader_UID", "id", "fileName",
    "users", "accountid", "creatoruid", "x_user", "ÜserId", "",
  ])
  func agreesWithTheSuffixRule(_ name: String) {
    let key = String(name.lowercased().filter { $0 != "_" })
    let expected =
      key == "uid"
      || ["uid", "id", ""].contains { suffix in
        key.hasSuffix(suffix) && UserWildcard.owners.contains(String(key.dropLast(suffix.count)))
      }
    #expect(UserWildcard.names(name) == expected)
    #expect(UserWildcard.key(name) == key)
  }

  /// The byte-wise key of an ASCII name is the characters' one, for every ASCII byte.
  @Test func asciiKeysAreTheCharactersKeys() {
    let every = String(decoding: (1...127).map { UInt8($0) }, as: UTF8.self)
    for name in [every, "A_Z", "__", "Owner_ID_", "longer_than_fifteen_bytes_UserId"] {
      #expect(UserWildcard.key(name) == String(name.lowercased().filter { $0 != "_" }), "\(name)")
    }
  }
}
