import RulesLint
import RulesSyntax
import Testing

/// RC308 tells an update with no more terms than the create's distinct terms from the terms'
/// lengths, before it builds their texts: a create whose terms repeat, or differ only in
/// whitespace, or share a length, or are not ASCII, must be judged as by the texts.
@Suite struct OverwriteTermsTests {
  static let descriptor = RuleCatalogue.standard.descriptor("RC308")!

  static func flagged(create: String, update: String) -> Bool {
    let text = """
      rules_version = '2';
      service firebase.storage {
        match /b/{bucket}/o {
          match /f/{userId}/{name} {
            allow create: if \(create);
            allow update: if \(update);
          }
        }
      }
      """
    return !ExampleLint.findings(of: descriptor, in: text).isEmpty
  }

  @Test(arguments: [
    // Repeated create terms: one distinct term, so a two-term update can be stricter.
    ("request.auth != null && request.auth != null", "request.auth != null && userId == 'u'", true),
    // The same term written with other whitespace is one term.
    ("request.auth!=null && request.auth != null", "request.auth != null && userId == 'u'", true),
    // Two distinct terms of one length: a two-term update is not stricter.
    ("request.auth.uid == 'a' && request.auth.uid == 'b'", "request.auth.uid == 'a' && name == 'x'", false),
    // A strict superset with more terms is stricter.
    ("request.auth != null && name == 'x'", "request.auth != null && name == 'x' && userId == 'u'", true),
    // As many terms, not stricter.
    ("request.auth != null && name == 'x'", "request.auth != null && userId == 'u'", false),
    // Not ASCII: the texts decide.
    ("name == 'é' && name == 'é'", "name == 'é' && userId == 'u'", true),
    ("name == 'é' && name == 'ü'", "name == 'é' && userId == 'u'", false),
  ])
  func updateStricterThanCreate(create: String, update: String, expected: Bool) {
    #expect(Self.flagged(create: create, update: update) == expected, "create: \(create); update: \(update)")
  }
}
