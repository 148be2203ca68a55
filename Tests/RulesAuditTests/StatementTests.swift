import RulesAudit
import RulesEvaluator
import RulesSemantics
import Testing

@Suite("Audit statements")
struct StatementTests {
  @Test func ownerOnlyFolder() throws {
    let statements = Audits.statements(
      "match /users/{userId}/{file} { allow read, write: if request.auth != null && request.auth.uid == userId; }"
    )
    #expect(statements.count == 1)
    let statement = try #require(statements.first)
    #expect(statement.subject == .owner)
    #expect(statement.methods == [.get, .list, .create, .update, .delete])
    #expect(statement.exclusive)
    #expect(statement.grant != nil)
  }

  @Test func publicReadIsAnyone() throws {
    let statements = Audits.statements("match /public/{file} { allow read; }")
    let statement = try #require(statements.first(.anyone, .list, "public/{file}"))
    #expect(statement.methods == [.get, .list])
  }

  @Test func sharedFolderWritableByAnySignedInUserWhateverTheWildcardIsCalled() throws {
    let statements = Audits.statements(
      "match /groups/{groupId}/{f} { allow read, write: if request.auth != null; }")
    let statement = try #require(statements.first(.anySignedInUser, .delete, "groups/{groupId}/{f}"))
    #expect(statement.crossUser)
    // A group is not a user: the sentence says "any `groups/{groupId}/{f}`", not "another user's".
    #expect(!statement.folderHoldsUser)
    #expect(statement.methods == [.get, .list, .create, .update, .delete])
  }

  @Test(arguments: ["uid", "userId", "owner_uid", "authorId", "member"])
  func aFolderNamedForAUserHoldsOne(_ name: String) throws {
    let statements = Audits.statements(
      "match /files/{\(name)}/{f} { allow read, write: if request.auth != null; }")
    let statement = try #require(statements.first(.anySignedInUser, .delete, "files/{\(name)}/{f}"))
    #expect(statement.crossUser && statement.folderHoldsUser)
  }

  @Test func versionOneListIsSaidOnce() {
    let statements = Audits.statements(
      "match /a/{f} { allow read; } match /b/{f} { allow read; }", version: 1)
    let lists = statements.filter { $0.methods.contains(.list) }
    #expect(lists.count == 1)
    #expect(lists.first?.reasons == [.versionOneList])
    #expect(lists.first?.pattern == "")
  }

  @Test func deleteNeverGrantedWhenTheConditionReadsRequestResource() throws {
    let statements = Audits.statements(
      "match /uploads/{uid}/{f} { allow write: if request.auth.uid == uid && request.resource.size < 1024; }")
    let never = try #require(statements.first(.nobody, .delete, "uploads/{uid}/{f}"))
    #expect(never.reasons == [.readsRequestResourceOnDelete])
    #expect(statements.first(.owner, .create, "uploads/{uid}/{f}")?.qualifiers == [.sizeAtMost(1023)])
  }

  @Test func claimsGrantBeyondTheOwner() throws {
    let statements = Audits.statements(
      """
      match /docs/{uid}/{f} {
        allow read: if request.auth.uid == uid || request.auth.token.admin == true;
      }
      """)
    let owner = try #require(statements.first(.owner, .get, "docs/{uid}/{f}"))
    #expect(!owner.exclusive)
    #expect(statements.first(.claim(field: "admin", value: .bool(true)), .get, "docs/{uid}/{f}") != nil)
  }

  @Test func uidLiteralIsItsOwnSubject() {
    let statements = Audits.statements("match /ops/{f} { allow write: if request.auth.uid == 'ops-bot'; }")
    #expect(statements.first(.uid("ops-bot"), .create, "ops/{f}") != nil)
    #expect(!statements.contains { $0.subject == .anySignedInUser })
  }

  @Test func firestoreDependenceIsSaidNotGuessed() throws {
    let body = """
      match /teams/{team}/{f} {
        allow read: if firestore.get(/databases/(default)/documents/teams/$(team)).data.members[request.auth.uid] == true;
      }
      """
    let statements = Audits.statements(body)
    let statement = try #require(statements.first(.undetermined, .get, "teams/{team}/{f}"))
    #expect(statement.unknowns == [.firestoreDocument("teams/{team}")])
    // A fixture settles it: the owner alice is a member of team "alice".
    let documents = FirestoreDocuments([
      "/databases/(default)/documents/teams/alice": ["members": .map(["alice": .bool(true)])]
    ])
    let settled = Audits.statements(body, options: Audits.options(firestore: documents))
    let owner = try #require(
      settled.first(.someSignedInUsers, .get, "teams/{team}/{f}")
        ?? settled.first(.owner, .get, "teams/{team}/{f}"))
    #expect(owner.unknowns.isEmpty)
  }

  @Test func timeDependenceIsSaidUntilTheTimeIsGiven() throws {
    let body = "match /promo/{f} { allow read: if request.time < timestamp.date(2030, 1, 1); }"
    let statement = try #require(Audits.statements(body).first(.anyone, .get, "promo/{f}"))
    #expect(statement.unknowns == [.time])
    let given = try #require(
      Audits.statements(body, options: Audits.options(timeIsGiven: true)).first(.anyone, .get, "promo/{f}"))
    #expect(given.unknowns.isEmpty)
  }

  @Test func contentTypeAndSizeQualifyAnUpload() throws {
    let statements = Audits.statements(
      """
      match /avatars/{uid}/{f} {
        allow create: if request.auth.uid == uid && request.resource.size < 5 * 1024 * 1024
          && request.resource.contentType.matches('image/.*');
      }
      """)
    let statement = try #require(statements.first(.owner, .create, "avatars/{uid}/{f}"))
    #expect(statement.qualifiers.contains(.sizeAtMost(5 * 1024 * 1024 - 1)))
    #expect(statement.qualifiers.contains(.contentTypes(["image/*"])))
  }

  @Test func aContentTypeNamedAsALiteralIsNotAWholeMediaType() throws {
    let statements = Audits.statements(
      "match /p/{f} { allow create: if request.resource.contentType == 'image/png'; }")
    let statement = try #require(statements.first(.anyone, .create, "p/{f}"))
    #expect(statement.qualifiers == [.contentTypes(["image/png"])])
  }

  @Test func broadBlockUndoingANarrowOneIsSeenOnTheNarrowPattern() throws {
    let statements = Audits.statements(
      """
      match /avatars/{uid}/{f} { allow read, write: if request.auth.uid == uid; }
      match /{all=**} { allow read, write: if true; }
      """)
    let statement = try #require(statements.first(.anyone, .delete, "avatars/{uid}/{f}"))
    #expect(statement.grant != nil)
  }

  @Test func methodsNoAllowNamesGetNoStatement() {
    let statements = Audits.statements("match /a/{f} { allow get: if false; }")
    #expect(statements.map(\.methods) == [[.get]])
    #expect(statements.first?.subject == .nobody)
    #expect(statements.first?.reasons == [])
  }

  @Test func overwritesAreSaidWhereUpdateAndDeleteAreNeverGranted() throws {
    let body = """
      match /invoices/{uid}/{f} {
        allow create: if request.auth.uid == uid;
        allow update, delete: if false;
      }
      """
    let create = try #require(Audits.statements(body).first(.owner, .create, "invoices/{uid}/{f}"))
    #expect(create.qualifiers == [.overwritesDespiteNoUpdate])
    let guarded = body.replacingOccurrences(of: "== uid;", with: "== uid && resource == null;")
    let onlyNew = try #require(Audits.statements(guarded).first(.owner, .create, "invoices/{uid}/{f}"))
    #expect(onlyNew.qualifiers == [.onlyNewObjects])
  }

  @Test func aFileNameWildcardIsNotAnotherUsersFolder() throws {
    let statements = Audits.statements("match /images/{imageId} { allow get: if request.auth != null; }")
    let statement = try #require(statements.first(.anySignedInUser, .get, "images/{imageId}"))
    #expect(!statement.crossUser)
  }

  /// A claim or uid a function compares with its parameter is probed with the constant the
  /// caller passes, however deep (`isAdmin()` → `hasRole('admin')` → `token.role == role`).
  @Test func claimsAndUidsPassedToFunctionsAreProbed() throws {
    let statements = Audits.statements(
      """
      function hasRole(role) { return request.auth != null && request.auth.token.role == role; }
      function isAdmin() { return hasRole('admin'); }
      function isUser(id) { return request.auth.uid == id; }
      match /reports/{file} {
        allow delete: if isAdmin();
        allow update: if isUser('ops-bot');
      }
      """)
    #expect(
      statements.first(.claim(field: "role", value: .string("admin")), .delete, "reports/{file}") != nil)
    #expect(statements.first(.uid("ops-bot"), .update, "reports/{file}") != nil)
    #expect(!statements.contains { $0.subject == .nobody })
  }

  /// A parameter compared with a claim but called with something other than a constant adds
  /// no identity, and one function called with many constants is walked once per constant.
  @Test func onlyConstantArgumentsAddIdentities() throws {
    let body = """
      function hasRole(role) { return request.auth.token.role == role; }
      match /a/{file} { allow delete: if hasRole(file); }
      match /b/{file} { allow delete: if hasRole('x') || hasRole('y') || hasRole('x'); }
      """
    let matrix = Audits.matrix(body)
    let claims = matrix.identities.compactMap { identity -> String? in
      if case .claim(let field, let value) = identity { return "\(field)=\(value.text)" }
      return nil
    }
    #expect(claims == ["role='x'", "role='y'"])
  }
}
