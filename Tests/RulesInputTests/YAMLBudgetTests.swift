import RulesInput
import Testing

@Suite struct YAMLBudgetTests {
  /// Nine levels of ten aliases, each level ten copies of the one before: 10⁹ nodes.
  static let bomb = (1..<9).reduce("a0: &a0 [x, x, x, x, x, x, x, x, x, x]\n") { text, level in
    text + "a\(level): &a\(level) [" + Array(repeating: "*a\(level - 1)", count: 10).joined(separator: ", ")
      + "]\n"
  }

  @Test func anAliasBombStopsAtTheAliasThatPassesTheNodeLimit() {
    #expect(Self.bomb.utf8.count < 600)
    // Level 6 holds 10⁶ + … nodes: its fourth alias (column 45) takes the count past 10⁶.
    #expect(
      throws: YAMLBudgetError(
        line: 6, column: 45,
        message: "document has more than 1,000,000 YAML nodes with aliases expanded (the YAML node limit)")
    ) {
      try YAMLBudget().check(Self.bomb)
    }
  }

  @Test func anAliasAsAMappingKeyCountsItsExpansion() {
    // Composing hashes mapping keys: an aliased key would be hashed as a whole copy.
    let text = Self.bomb.split(separator: "\n").prefix(7).joined(separator: "\n") + "\nk: {? *a6 : 1}\n"
    #expect(throws: YAMLBudgetError.self) { try YAMLBudget().check(text) }
  }

  @Test func nodesAreCountedWithEachAliasExpanded() throws {
    // The mapping, two keys, the sequence and its two scalars, and the alias's three again.
    let text = "a: &x [1, 2]\nb: *x\n"
    try YAMLBudget(maximumNodes: 9).check(text)
    #expect(throws: YAMLBudgetError.self) { try YAMLBudget(maximumNodes: 8).check(text) }
  }

  @Test func nestingIsLimitedWhereItPassesTheLimit() {
    let text = String(repeating: "[", count: 300) + String(repeating: "]", count: 300)
    #expect(
      throws: YAMLBudgetError(
        line: 1, column: 257,
        message: "YAML nested more than 256 levels deep with aliases expanded (the YAML depth limit)")
    ) {
      try YAMLBudget().check(text)
    }
    let limit = String(repeating: "[", count: 256) + String(repeating: "]", count: 256)
    #expect(throws: Never.self) { try YAMLBudget().check(limit) }
  }

  @Test func nestingCountsTheDepthAnAliasBrings() throws {
    let deep = String(repeating: "[", count: 200) + String(repeating: "]", count: 200)
    // The root mapping, 55 sequences and the alias's 200 levels: 256 in all.
    let text =
      "a: &d \(deep)\nb: " + String(repeating: "[", count: 55) + "*d" + String(repeating: "]", count: 55)
      + "\n"
    try YAMLBudget(maximumDepth: 300).check("a: &d \(deep)\nb: *d\n")
    try YAMLBudget(maximumDepth: 256).check(text)
    #expect(throws: YAMLBudgetError.self) { try YAMLBudget(maximumDepth: 255).check(text) }
  }

  @Test func malformedOrEmptyYAMLIsLeftToTheComposer() throws {
    try YAMLBudget().check("")
    try YAMLBudget().check("a: [1, 2\nb: *missing\n")
    try YAMLBudget().check("a: *missing\n")
  }
}
