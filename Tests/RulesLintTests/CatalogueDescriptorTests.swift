import RulesLint
import RulesSemantics
import RulesSyntax
import Testing

/// The catalogue's descriptors are complete and consistent.
@Suite struct CatalogueDescriptorTests {
  let descriptors = RuleCatalogue.standard.descriptors

  @Test func thereAreAtLeast25RulesWithUniqueCodesAndNames() {
    #expect(descriptors.count >= 25)
    #expect(Set(descriptors.map(\.code)).count == descriptors.count)
    #expect(Set(descriptors.map(\.name)).count == descriptors.count)
    #expect(descriptors.map(\.code) == descriptors.map(\.code).sorted())
  }

  @Test(arguments: RuleCatalogue.standard.descriptors.map(\.code))
  func descriptorIsComplete(_ code: String) throws {
    let descriptor = try #require(RuleCatalogue.standard.descriptor(code))
    #expect(code.count == 5 && code.hasPrefix("RC") && code.dropFirst(2).allSatisfy(\.isNumber))
    #expect(descriptor.name.allSatisfy { $0.isLowercase || $0.isNumber || $0 == "-" })
    #expect(
      !descriptor.name.hasPrefix("-") && !descriptor.name.hasSuffix("-") && !descriptor.name.contains("--"))
    #expect(descriptor.summary.first?.isUppercase == false && !descriptor.summary.hasSuffix("."))
    #expect(!descriptor.rationale.isEmpty && !descriptor.limitations.isEmpty)
    #expect(descriptor.examples.contains { $0.kind == .fails })
    #expect(descriptor.examples.contains { $0.kind == .passes })
    let fixedExamples = descriptor.examples.filter { $0.fixed != nil }
    if descriptor.isFixable {
      #expect(descriptor.examples.filter { $0.kind == .fails }.allSatisfy { $0.fixed != nil })
    } else {
      #expect(fixedExamples.isEmpty)
    }
    #expect(!SemanticDiagnostics.all.contains { $0.name == descriptor.name })
  }

  @Test func rulesAreFoundByCodeAnyCaseAndByName() {
    #expect(RuleCatalogue.standard.descriptor("rc301")?.name == "public-write")
    #expect(RuleCatalogue.standard.descriptor("public-write")?.code == "RC301")
    #expect(RuleCatalogue.standard.descriptor("Public-Write") == nil)
    #expect(RuleCatalogue.standard.descriptor("RC999") == nil)
  }

  @Test func markersAreRemovedAndRangesAreUTF8() {
    let example = RuleExample.fails("match /é/{x} { allow read: if ⟦true⟧ || ⟦⟧false; }")
    let (text, marked) = example.document
    #expect(!text.contains("⟦") && !text.contains("⟧"))
    let bytes = Array(text.utf8)
    #expect(marked.count == 2)
    #expect(String(decoding: bytes[marked[0].start..<marked[0].end], as: UTF8.self) == "true")
    #expect(marked[1].isEmpty)
    #expect(
      text.hasPrefix(
        "rules_version = '2';\nservice firebase.storage {\n  match /b/{bucket}/o {\n    match /é/"))
    #expect(!RuleExample.passes("match /a {}", version: .v1).document.text.contains("rules_version"))
  }
}
