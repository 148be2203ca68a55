import RulesIDE
import RulesSyntax
import Testing

@Suite struct CompletionTests {
  func labels(_ marked: String) -> [String] {
    let cursor = Cursor(marked)
    return cursor.document.completions(at: cursor.offset).map(\.label)
  }

  func candidates(_ marked: String) -> (Cursor, [CompletionCandidate]) {
    let cursor = Cursor(marked)
    return (cursor, cursor.document.completions(at: cursor.offset))
  }

  @Test func requestResourceFieldsWhileTyping() throws {
    // Unfinished: no semicolon, no closing braces.
    let (cursor, found) = candidates(
      "rules_version = '2';\nservice firebase.storage {\n  match /b/{bucket}/o {\n    match /{f} {\n      allow write: if request.resource.con⎀"
    )
    let labels = found.map(\.label)
    #expect(labels.contains("contentType"))
    #expect(labels.contains("contentDisposition"))
    #expect(!labels.contains("size"))
    let contentType = try #require(found.first { $0.label == "contentType" })
    #expect(contentType.kind == .field)
    #expect(contentType.detail == "string")
    #expect(cursor.text(contentType.replacementRange) == "con")
    #expect(contentType.insertText == "contentType")
  }

  @Test func fieldsAfterEachRecord() {
    let request = labels(storageFile("    match /{f} { allow read: if request.⎀ }"))
    #expect(Set(["auth", "path", "time", "resource", "params", "method"]).isSubset(of: request))
    let upload = labels(storageFile("    match /{f} { allow read: if request.resource.⎀ }"))
    #expect(upload.contains("size") && upload.contains("metadata") && !upload.contains("timeCreated"))
    let stored = labels(storageFile("    match /{f} { allow read: if resource.⎀ }"))
    #expect(stored.contains("timeCreated") && stored.contains("updated"))
    let auth = labels(storageFile("    match /{f} { allow read: if request.auth.⎀ }"))
    #expect(auth.contains("uid") && auth.contains("token"))
    let token = labels(storageFile("    match /{f} { allow read: if request.auth.token.⎀ }"))
    #expect(Set(["email", "email_verified", "phone_number", "name", "sub", "firebase"]).isSubset(of: token))
    let firebase = labels(storageFile("    match /{f} { allow read: if request.auth.token.firebase.⎀ }"))
    #expect(firebase.contains("sign_in_provider") && firebase.contains("identities"))
    let metadata = labels(storageFile("    match /{f} { allow read: if request.resource.metadata.⎀ }"))
    #expect(metadata.contains("keys") && metadata.contains("size") && !metadata.contains("matches"))
  }

  @Test func methodsByReceiverType() {
    let string = labels(storageFile("    match /{f} { allow read: if request.auth.uid.⎀ }"))
    #expect(string.contains("matches") && string.contains("lower") && string.contains("size"))
    #expect(!string.contains("keys") && !string.contains("toMillis"))
    let time = labels(storageFile("    match /{f} { allow read: if request.time.⎀"))
    #expect(time.contains("toMillis") && !time.contains("matches"))
    let chained = labels(
      storageFile("    match /{f} { allow read: if request.resource.contentType.lower().⎀"))
    #expect(chained.contains("matches") && !chained.contains("keys"))
    let literal = labels(storageFile("    match /{f} { allow read: if 'a'.⎀"))
    #expect(literal.contains("split"))
    let wildcard = labels(storageFile("    match /{rest=**} { allow read: if rest.⎀"))
    #expect(wildcard == ["bind"])
  }

  @Test func unknownReceiverOffersEveryMethod() {
    let found = labels(
      storageFile("    function f(x) { return x.⎀ }\n    match /{f} { allow read: if f(1); }"))
    #expect(found.contains("matches") && found.contains("keys") && found.contains("toMillis"))
  }

  @Test func namespaceMembers() {
    #expect(labels(storageFile("    match /{f} { allow read: if math.⎀")).contains("abs"))
    let firestore = labels(storageFile("    match /{f} { allow read: if firestore.⎀"))
    #expect(firestore.sorted() == ["exists", "get"])
    #expect(labels(storageFile("    match /{f} { allow read: if hashing.sh⎀")) == ["sha256"])
    #expect(labels(storageFile("    match /{f} { allow read: if duration.⎀")).contains("value"))
    #expect(labels(storageFile("    match /{f} { allow read: if timestamp.⎀")).sorted() == ["date", "value"])
  }

  @Test func namesInScopeRespectNesting() {
    let text = storageFile(
      """
          function outer() { return true; }
          match /users/{uid} {
            function inner(a) { let b = a; return b; }
            match /{file} { allow read: if ⎀ }
          }
          match /other/{x} { function elsewhere() { return true; } allow read: if outer(); }
      """)
    let found = labels(text)
    for name in ["uid", "file", "inner", "outer", "request", "resource", "math", "int", "true"] {
      #expect(found.contains(name), "\(name)")
    }
    #expect(found.contains("bucket"))
    #expect(!found.contains("x") && !found.contains("elsewhere") && !found.contains("a"))
  }

  @Test func wildcardsAndFunctionsInUnfinishedText() {
    let found = labels(
      "rules_version = '2';\nservice firebase.storage {\n  function signedIn() { return request.auth != null; }\n"
        + "  match /b/{bucket}/o {\n    match /users/{uid} {\n      allow read: if si⎀")
    #expect(found.contains("signedIn"))
    let wildcard = labels(
      "service firebase.storage {\n  match /b/{bucket}/o {\n    match /users/{uid} {\n      allow read: if request.auth.uid == u⎀"
    )
    #expect(wildcard.contains("uid"))
  }

  @Test func parametersAndEarlierLetsInsideAFunction() {
    let found = labels(
      storageFile("    function f(param) { let first = 1; let second = ⎀; let third = 3; return second; }"))
    #expect(found.contains("param") && found.contains("first"))
    #expect(!found.contains("third"))
  }

  @Test func methodsAfterAllow() {
    let after = labels(storageFile("    match /{f} { allow ⎀"))
    #expect(Set(after) == Set(["read", "write", "get", "list", "create", "update", "delete"]))
    let more = labels(storageFile("    match /{f} { allow read, ⎀"))
    #expect(!more.contains("read") && more.contains("write"))
    let (_, versioned) = candidates(storageFile("    match /{f} { allow ⎀", version: nil))
    #expect(versioned.first { $0.label == "read" }?.detail == "get")
    #expect(labels(storageFile("    match /{f} { allow read: ⎀")) == ["if"])
  }

  @Test func statementKeywordsFitTheBlock() {
    let file = labels("⎀")
    #expect(file.contains("rules_version = '2';") && file.contains("service firebase.storage"))
    let service = labels("service firebase.storage {\n  ⎀\n}")
    #expect(service.contains("match") && !service.contains("allow"))
    let match = labels(storageFile("    ⎀"))
    #expect(match.contains("allow") && match.contains("match") && match.contains("function"))
    #expect(!match.contains("request"))
    let function = labels(storageFile("    function f() {\n      ⎀\n    }"))
    #expect(function.sorted() == ["let", "return"])
    let afterMissingSemicolon = labels(
      storageFile("    match /{f} {\n      allow read: if true\n      al⎀\n    }"))
    #expect(afterMissingSemicolon == ["allow"])
    #expect(labels("rules_version = ⎀") == ["'2'"])
    #expect(labels("service ⎀") == ["firebase.storage"])
  }

  @Test func typeNamesAfterIs() {
    let found = labels(storageFile("    match /{f} { allow read: if request.resource.size is ⎀"))
    #expect(found.contains("int") && found.contains("string") && found.contains("number"))
  }

  @Test func multiByteTextBeforeTheCursor() throws {
    let (cursor, found) = candidates(
      storageFile("    // ☕️ 𝄞 é\n    match /{f} { allow read: if 'ü' != '𝄞' && request.resource.siz⎀"))
    let size = try #require(found.first { $0.label == "size" })
    #expect(cursor.text(size.replacementRange) == "siz")
  }

  @Test func nothingInCommentsOrStrings() {
    #expect(labels(storageFile("    // request.⎀")).isEmpty)
    #expect(labels(storageFile("    match /{f} { allow read: if 'request.⎀' == 'a'; }")).isEmpty)
  }
}
