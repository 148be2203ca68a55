import Foundation
import RulesTesting
import RulescheckTestSupport
import Testing

@Suite("Suite size and alias limits")
struct SuiteLimitTests {
  /// Nine levels of ten aliases after the suite's own keys: 10⁹ nodes from about 560 bytes.
  static let bomb = (1..<9).reduce(
    "rules: storage.rules\ncases: []\na0: &a0 [x, x, x, x, x, x, x, x, x, x]\n"
  ) { text, level in
    text + "a\(level): &a\(level) [" + Array(repeating: "*a\(level - 1)", count: 10).joined(separator: ", ")
      + "]\n"
  }

  @Test func anAliasBombIsRefusedWhereItPassesTheNodeLimit() {
    #expect(Self.bomb.utf8.count < 600)
    #expect(
      throws: SuiteError(
        file: "bomb.yaml", location: SuiteLocation(line: 8, column: 45),
        message: "document has more than 1,000,000 YAML nodes with aliases expanded (the YAML node limit)")
    ) {
      try Fixtures.parse(Self.bomb, path: "bomb.yaml")
    }
  }

  @Test func deepYAMLIsRefusedWhereItPassesTheDepthLimit() {
    let text =
      "rules: storage.rules\ncases: " + String(repeating: "[", count: 300)
      + String(repeating: "]", count: 300) + "\n"
    #expect(
      throws: SuiteError(
        file: "deep.yaml", location: SuiteLocation(line: 2, column: 263),
        message: "YAML nested more than 256 levels deep with aliases expanded (the YAML depth limit)")
    ) {
      try Fixtures.parse(text, path: "deep.yaml")
    }
  }

  @Test func deepJSONIsRefusedByTheJSONReader() {
    let text =
      "{\"rules\": \"storage.rules\", \"cases\": " + String(repeating: "[", count: 600)
      + String(repeating: "]", count: 600) + "}"
    #expect(
      throws: SuiteError(
        file: "deep.json", location: SuiteLocation(line: 1, column: 548),
        message: "malformed JSON: JSON nested deeper than 512 levels (the limit on JSON nesting)")
    ) {
      try Fixtures.parse(text, path: "deep.json")
    }
  }

  @Test func anOversizedSuiteFileIsRefusedUnread() throws {
    let directory = try TemporaryDirectory()
    let file = try directory.write("big.rules-test.yaml", "")
    let handle = try FileHandle(forWritingTo: file)
    try handle.truncate(atOffset: 17 << 20)
    try handle.close()
    #expect(
      throws: SuiteError(
        file: file.path,
        message:
          "cannot read the suite: file is 17,825,792 bytes, more than the limit of 16 MiB for suite files")
    ) {
      try TestPlan.read(file.path, now: Fixtures.now)
    }
  }

  @Test func anOversizedRulesFileIsRefusedWhereTheSuiteNamesIt() throws {
    let directory = try TemporaryDirectory()
    let rules = try directory.write("storage.rules", "")
    let handle = try FileHandle(forWritingTo: rules)
    try handle.truncate(atOffset: 2 << 20)
    try handle.close()
    let file = try directory.write("s.rules-test.yaml", "rules: storage.rules\ncases: []\n")
    let error = #expect(throws: TestInputError.self) { try TestPlan.load([file.path], now: Fixtures.now) }
    #expect(
      error?.description
        == "\(file.path):1:8: cannot read the rules file \(rules.path): file is 2,097,152 bytes, more than "
        + "the limit of 1 MiB for rules files (Firebase's own limit for a rules source is 256 KiB)")
  }
}
