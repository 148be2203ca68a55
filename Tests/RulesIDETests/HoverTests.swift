import RulesIDE
import RulesSyntax
import Testing

@Suite struct HoverTests {
  func hover(_ marked: String) -> (Cursor, HoverInfo?) {
    let cursor = Cursor(marked)
    return (cursor, cursor.document.hover(at: cursor.offset))
  }

  @Test func requestResourceSizeShowsTypeAndNote() throws {
    let (cursor, info) = hover(
      storageFile("    match /{f} { allow write: if request.resource.si⎀ze < 1024; }"))
    let hover = try #require(info)
    #expect(cursor.text(hover.range) == "size")
    #expect(hover.markdown.contains("request.resource.size: int"))
    #expect(hover.markdown.contains("```rules"))
  }

  @Test func eachLevelOfAPathHasItsOwnHover() throws {
    let cursor = Cursor(
      storageFile("    match /{f} { allow read: if request.auth.token.email_verified == true⎀; }"))
    let document = cursor.document
    let cases: [(String, String)] = [
      ("request", "request: map"), ("auth", "request.auth: map or null"),
      ("token", "request.auth.token: map"), ("email_verified", "request.auth.token.email_verified: bool"),
    ]
    for (word, expected) in cases {
      let hover = try #require(document.hover(at: cursor.offset(of: word, plus: 1)), "\(word)")
      #expect(cursor.text(hover.range) == word)
      #expect(hover.markdown.contains(expected), "\(word): \(hover.markdown)")
    }
  }

  @Test func nestedTokenClaims() throws {
    let (cursor, info) = hover(
      storageFile(
        "    match /{f} { allow read: if request.auth.token.firebase.sign_in_prov⎀ider == 'phone'; }"))
    let hover = try #require(info)
    #expect(cursor.text(hover.range) == "sign_in_provider")
    #expect(hover.markdown.contains("request.auth.token.firebase.sign_in_provider: string"))
    #expect(hover.markdown.contains("anonymous"))
  }

  @Test func customClaimsAndArithmeticLets() throws {
    let cursor = Cursor(
      storageFile(
        "    function small() { let limit = 5 * 1024 * 1024; return request.resource.size < limit; }\n"
          + "    match /{f} { allow write: if small() && request.auth.token.admin == true; }"))
    let document = cursor.document
    let claim = try #require(document.hover(at: cursor.offset(of: "admin")))
    #expect(claim.markdown.contains("A custom claim"))
    #expect(claim.markdown.contains("request.auth.token.get('admin', default)"))
    let limit = try #require(document.hover(at: cursor.offset(of: "limit")))
    #expect(limit.markdown.contains("of type `int`"))
  }

  @Test func resourceFieldsAndProductionNotes() throws {
    let cursor = Cursor(
      storageFile(
        "    match /{f} { allow update: if resource.metadata.k == 'v' && request.resource.timeCreated == resource.timeCreated && request.time⎀ > resource.updated; }"
      ))
    let document = cursor.document
    let metadata = try #require(document.hover(at: cursor.offset(of: "metadata")))
    #expect(metadata.markdown.contains("resource.metadata: map or null"))
    let missing = try #require(document.hover(at: cursor.offset(of: "timeCreated")))
    #expect(missing.markdown.contains("no `timeCreated`"))
    let stored = try #require(document.hover(at: cursor.offset(of: "timeCreated", occurrence: 1)))
    #expect(stored.markdown.contains("resource.timeCreated: timestamp"))
    #expect(stored.markdown.contains("`request.resource` has no `timeCreated`"))
    let time = try #require(document.hover(at: cursor.offset))
    #expect(time.markdown.contains("request.time: timestamp"))
  }

  @Test func uploadMetadataNotesDifferFromStored() throws {
    let cursor = Cursor(
      storageFile("    match /{f} { allow create: if request.resource.metad⎀ata == null; }"))
    let hover = try #require(cursor.document.hover(at: cursor.offset))
    #expect(hover.markdown.contains("Null when the client sends none"))
  }

  @Test func builtinMethodsAndFunctionsShowSignatures() throws {
    let cursor = Cursor(
      storageFile(
        "    match /{f} { allow read: if request.auth.uid.matches('a.*') && request.time.date() == timestamp.date(2024, 1, 1) && firestore.get(/databases/(default)/documents/x/y) != null && int('1') == 1; }"
      ))
    let document = cursor.document
    let matches = try #require(document.hover(at: cursor.offset(of: "matches")))
    #expect(matches.markdown.contains("string.matches(string) -> bool"))
    #expect(!matches.markdown.contains("size"))
    let date = try #require(document.hover(at: cursor.offset(of: "date()")))
    #expect(date.markdown.contains("timestamp.date() -> timestamp"))
    let namespaceDate = try #require(document.hover(at: cursor.offset(of: "date(2024")))
    #expect(namespaceDate.markdown.contains("timestamp.date(int, int, int) -> timestamp"))
    let get = try #require(document.hover(at: cursor.offset(of: "get(")))
    #expect(get.markdown.contains("firestore.get(path) -> map or null"))
    #expect(get.markdown.contains("(default)"))
    let int = try #require(document.hover(at: cursor.offset(of: "int(")))
    #expect(int.markdown.contains("int(float | int | string) -> int"))
    let namespace = try #require(document.hover(at: cursor.offset(of: "timestamp.")))
    #expect(namespace.markdown.contains("timestamp.value("))
  }

  @Test func userFunctionAtCallAndDeclaration() throws {
    let cursor = Cursor(
      storageFile(
        "    function isOwner(uid) { return request.auth.uid == uid; }\n    match /u/{userId} { allow read: if isOwner(userId); }"
      ))
    let document = cursor.document
    for offset in [cursor.offset(of: "isOwner"), cursor.offset(of: "isOwner", occurrence: 1, plus: 3)] {
      let hover = try #require(document.hover(at: offset))
      #expect(hover.markdown.contains("function isOwner(uid)"))
      #expect(hover.markdown.contains("Parameters: `uid`"))
      #expect(hover.markdown.contains("called once"))
    }
    let parameter = try #require(document.hover(at: cursor.offset(of: "uid;")))
    #expect(parameter.markdown.contains("(parameter) uid"))
  }

  @Test func wildcardsAtDeclarationAndUse() throws {
    let cursor = Cursor(
      storageFile(
        "    match /users/{uid}/{rest=**} { allow read: if request.auth.uid == uid && rest[0] == 'a'; }"))
    let document = cursor.document
    let declared = try #require(document.hover(at: cursor.offset(of: "uid}")))
    #expect(declared.markdown.contains("{uid}: string"))
    #expect(declared.markdown.contains("match /users/{uid}/{rest=**}"))
    #expect(cursor.text(declared.range) == "uid")
    let used = try #require(document.hover(at: cursor.offset(of: "== uid", plus: 4)))
    #expect(used.markdown.contains("{uid}: string"))
    let recursive = try #require(document.hover(at: cursor.offset(of: "rest[")))
    #expect(recursive.markdown.contains("{rest=**}: path"))
    #expect(recursive.markdown.contains("zero or more segments"))
  }

  @Test func letBindingShowsItsValueAndType() throws {
    let cursor = Cursor(
      storageFile(
        "    function big() { let limit = request.resource.size; return limit > 10; }\n    match /{f} { allow write: if big(); }"
      )
    )
    let document = cursor.document
    for offset in [cursor.offset(of: "limit"), cursor.offset(of: "limit >")] {
      let hover = try #require(document.hover(at: offset))
      #expect(hover.markdown.contains("let limit = request.resource.size"))
      #expect(hover.markdown.contains("of type `int`"))
    }
  }

  @Test func methodsAreWordedForTheVersion() throws {
    let body = "    match /{f} { allow read, list: if true; }"
    let two = Cursor(storageFile(body))
    let version2 = try #require(two.document.hover(at: two.offset(of: "read")))
    #expect(version2.markdown.contains("covers get, list"))
    let one = Cursor(storageFile(body, version: nil))
    let version1 = try #require(one.document.hover(at: one.offset(of: "read")))
    #expect(version1.markdown.contains("(version 1): covers get:"))
    let list1 = try #require(one.document.hover(at: one.offset(of: "list")))
    #expect(list1.markdown.contains("disallowed for rules_version"))
    let allow = try #require(one.document.hover(at: one.offset(of: "allow")))
    #expect(allow.markdown.contains("`read` is `get` (version 1)"))
  }

  @Test func keywordsHaveHovers() throws {
    let cursor = Cursor(storageFile("    match /{f} { allow read: if request.auth != null; }"))
    let document = cursor.document
    for (word, expected) in [
      ("rules_version", "version 2"), ("service", "firebase.storage"), ("match", "nested"),
      ("if", "condition"),
    ] {
      let hover = try #require(document.hover(at: cursor.offset(of: word, plus: 1)), "\(word)")
      #expect(hover.markdown.contains(expected), "\(word)")
    }
  }

  @Test func multiByteTextBeforeTheCursorKeepsOffsetsRight() throws {
    let (cursor, info) = hover(
      storageFile(
        "    // café ☕️ 𝄞 ünïcödé\n    match /{f} { allow read: if 'é☕️' == 'x' || request.resource.content⎀Type == 'a'; }"
      ))
    let hover = try #require(info)
    #expect(cursor.text(hover.range) == "contentType")
  }

  @Test func nothingOnCommentsAndWhitespace() {
    let (_, comment) = hover(storageFile("    // request⎀.resource\n    match /{f} { allow read; }"))
    #expect(comment == nil)
    let (_, string) = hover(storageFile("    match /{f} { allow read: if 'req⎀uest' == 'a'; }"))
    #expect(string == nil)
  }
}
