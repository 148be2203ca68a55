import RulesIDE
import RulesSyntax
import Testing

@Suite struct NavigationTests {
  @Test func functionCallToDeclarationAndBack() throws {
    let cursor = Cursor(
      storageFile(
        """
            function isOwner(uid) { return request.auth.uid == uid; }
            match /a/{u} { allow read: if isOwner(u); }
            match /b/{u} { allow write: if isOwner(u) && isOwner('x'); }
        """))
    let document = cursor.document
    let declaration = cursor.offset(of: "isOwner")
    let definition = try #require(
      document.definition(at: cursor.offset(of: "isOwner", occurrence: 2, plus: 2)))
    #expect(definition.start == declaration)
    #expect(cursor.text(definition) == "isOwner")
    let calls = document.references(at: declaration, includeDeclaration: false)
    #expect(calls.map(\.start) == [1, 2, 3].map { cursor.offset(of: "isOwner", occurrence: $0) })
    #expect(document.references(at: declaration, includeDeclaration: true).count == 4)
  }

  @Test func parametersShadowWildcards() throws {
    let cursor = Cursor(
      storageFile(
        """
            match /users/{uid} {
              function owns(uid) { return request.auth.uid == uid; }
              allow read: if owns(uid) && uid != '';
            }
        """))
    let document = cursor.document
    let parameter = cursor.offset(of: "uid)")
    let inBody = cursor.offset(of: "== uid", plus: 3)
    #expect(document.definition(at: inBody)?.start == parameter)
    let wildcard = cursor.offset(of: "uid}")
    let inCondition = cursor.offset(of: "owns(uid", occurrence: 1, plus: 5)
    #expect(document.definition(at: inCondition)?.start == wildcard)
    let uses = document.references(at: wildcard, includeDeclaration: false)
    #expect(uses.map(\.start) == [inCondition, cursor.offset(of: "uid !=")])
  }

  @Test func nestedMatchesSeeOuterWildcardsAndInnerOnesShadow() throws {
    let cursor = Cursor(
      storageFile(
        """
            match /users/{uid} {
              match /files/{name} { allow read: if uid == request.auth.uid && name != ''; }
              match /again/{uid} { allow read: if uid == 'x'; }
            }
        """))
    let document = cursor.document
    #expect(document.definition(at: cursor.offset(of: "if uid", plus: 3))?.start == cursor.offset(of: "uid}"))
    #expect(document.definition(at: cursor.offset(of: "name !="))?.start == cursor.offset(of: "name}"))
    #expect(
      document.definition(at: cursor.offset(of: "if uid", occurrence: 1, plus: 3))?.start
        == cursor.offset(of: "uid}", occurrence: 1))
    let outer = document.references(at: cursor.offset(of: "uid}"), includeDeclaration: true)
    #expect(outer.map(\.start) == [cursor.offset(of: "uid}"), cursor.offset(of: "if uid", plus: 3)])
  }

  @Test func letBindingsAndFunctionsSeeTheirDeclaringMatchWildcards() throws {
    let cursor = Cursor(
      storageFile(
        """
            match /users/{uid} {
              function mine() { let id = uid; return request.auth.uid == id; }
              allow read: if mine();
            }
        """))
    let document = cursor.document
    #expect(document.definition(at: cursor.offset(of: "== id", plus: 3))?.start == cursor.offset(of: "id ="))
    #expect(document.definition(at: cursor.offset(of: "= uid", plus: 2))?.start == cursor.offset(of: "uid}"))
    #expect(document.references(at: cursor.offset(of: "id ="), includeDeclaration: false).count == 1)
  }

  @Test func callBeforeDeclarationAndCursorAtWordEnd() throws {
    let cursor = Cursor(
      storageFile("    match /{f} { allow read: if later(); }\n    function later() { return true; }"))
    let document = cursor.document
    #expect(
      document.definition(at: cursor.offset(of: "later(") + 5)?.start
        == cursor.offset(of: "later", occurrence: 1))
  }

  @Test func builtinsAndNothingHaveNoDefinition() {
    let cursor = Cursor(
      storageFile("    match /{f} { allow read: if request.auth != null && math.abs(1) == 1; }"))
    let document = cursor.document
    #expect(document.definition(at: cursor.offset(of: "request")) == nil)
    #expect(document.definition(at: cursor.offset(of: "abs")) == nil)
    #expect(document.references(at: 0, includeDeclaration: true).isEmpty)
  }

  @Test func multiByteTextKeepsRangesRight() throws {
    let cursor = Cursor(
      storageFile("    // ☕️ 𝄞\n    match /u/{uid} { allow read: if 'é' != uid; }"))
    let definition = try #require(cursor.document.definition(at: cursor.offset(of: "!= uid", plus: 4)))
    #expect(cursor.text(definition) == "uid")
  }
}
