import RulesSyntax
import Testing

/// Conditions Firebase's compiler refuses though CEL reads them, each recorded against the
/// compiler: the marked range is where the diagnostic (blocking `firebase deploy`) must point.
@Suite struct FirebaseLexisTests {
  static let refused: [(String, String)] = [
    ("4⟦/⟧2 == 2", "RS007"),
    ("x.size()⟦/⟧2 == 2", "RS007"),
    ("4 ⟦/⟧(2) == 2", "RS007"),
    ("4⟦/⟧'a' == 2", "RS007"),
    ("- ⟦-⟧1 == 1", "RS007"),
    ("-⟦-⟧x == 1", "RS007"),
    ("-⟦!⟧true", "RS007"),
    ("1⟦--⟧1 == 2", "RS007"),
    ("⟦010⟧ == 8", "RS006"),
    ("⟦00⟧.5 == 0.5", "RS006"),
    ("⟦0x1F⟧ == 31", "RS006"),
    ("⟦1e3⟧ == 1000.0", "RS006"),
    ("b'⟦\\u00e9⟧' == b'a'", "RS005"),
    ("'⟦\\.⟧' == '.'", "RS005"),
  ]

  static let accepted: [String] = [
    "4 / 2 == 2", "4/ 2 == 2", "4/\t2 == 2", "4/[1] == 1", "4/!true", "4/\"a\" == 1",
    "-(-1) == 1", "1 - -1 == 2", "1 - - 1 == 2", "!!true", "! !true", "0 == 0.0", "0.05 > 0",
    "5. == 5.0", ".5 == 0.5", "-9223372036854775808 < 0", "b'\\xff\\101' != b'A'",
    "'\\101\\x41\\u0041' == 'AAA'",
  ]

  static func file(_ condition: String) -> String {
    "service firebase.storage { match /b/{b}/o { allow read: if \(condition); } }"
  }

  @Test(arguments: refused)
  func refusedAndReported(_ row: (String, String)) {
    let source = MarkedSource(Self.file(row.0))
    let parsed = source.parse()
    #expect(parsed.diagnosticSummary == expectedDiagnostics([row.1], source))
    #expect(parsed.diagnostics.allSatisfy { $0.blocksDeploy })
  }

  @Test(arguments: accepted)
  func acceptedWithoutDiagnostics(_ condition: String) {
    #expect(RulesParser.parse(Self.file(condition)).diagnosticSummary == [])
  }

  @Test func aDotAfterDigitsEndsTheNumber() {
    let parsed = RulesParser.parse(Self.file("1.size() == 1"))
    #expect(parsed.diagnostics.map(\.code).contains("RS007"))
  }
}
