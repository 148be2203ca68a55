import RulesLint
import RulesSyntax
import Testing

/// Messages that list the write methods a statement grants name only those its condition can
/// grant: `request.resource` is null on a delete, so a condition that must read a field of it
/// never grants delete (issue 13).
@Suite struct GrantedMethodsTests {
  struct Case: Sendable, CustomTestStringConvertible {
    let condition: String
    /// The methods the RC303 and RC307 messages name.
    let spoken: String
    var testDescription: String { condition }
  }

  static let cases: [Case] = [
    Case(condition: "request.auth != null", spoken: "create, update and delete"),
    Case(condition: "request.auth != null && request.resource.size < 1024", spoken: "create and update"),
    Case(
      condition: "request.auth != null && request.resource.contentType.matches('image/.*')",
      spoken: "create and update"),
    Case(condition: "request.auth != null && small(request.resource)", spoken: "create and update"),
    Case(condition: "request.auth != null && !(request.resource.size > 1024)", spoken: "create and update"),
    // `error || true` is true: the other side may grant the delete.
    Case(
      condition: "request.auth != null && (request.resource.size < 9 || resource.size < 9)",
      spoken: "create, update and delete"),
    Case(
      condition: "request.resource == null || request.resource.size < 1024",
      spoken: "create, update and delete"),
    Case(
      condition: "request.auth != null && (request.resource == null ? true : request.resource.size < 9)",
      spoken: "create, update and delete"),
  ]

  private func messages(_ condition: String, pattern: String) -> [String] {
    let text = """
      rules_version = '2';
      service firebase.storage {
        match /b/{bucket}/o {
          function small(r) { return r.size < 1024; }
          match \(pattern) {
            allow write: if \(condition);
          }
        }
      }
      """
    return LintRunner().lint(SourceFile(path: "a.rules", text: text)).diagnostics
      .filter { $0.id.code == "RC303" || $0.id.code == "RC307" }.map(\.message)
  }

  @Test(arguments: cases)
  func ownerNotCheckedNamesWhatIsGranted(_ item: Case) throws {
    let message = try #require(messages(item.condition, pattern: "/users/{userId}/{f}").first)
    #expect(message.contains("can \(item.spoken) in every {userId} folder"), "\(message)")
  }

  @Test(arguments: cases)
  func recursiveWriteAtRootNamesWhatIsGranted(_ item: Case) throws {
    let message = try #require(messages(item.condition, pattern: "/{allPaths=**}").first)
    #expect(message.hasPrefix("\(item.spoken) is granted on"), "\(message)")
  }
}
