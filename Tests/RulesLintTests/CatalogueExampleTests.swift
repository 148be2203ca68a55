import RulesLint
import RulesSyntax
import Testing

/// Runs every example of every catalogue rule, plus free variants of each failing one.
@Suite struct CatalogueExampleTests {
  @Test(arguments: ExampleCase.all)
  func reportsExactlyTheMarkedRanges(_ item: ExampleCase) {
    let (text, marked) = item.example.document
    let parsed = RulesParser.parse(text, path: "example.rules")
    #expect(!parsed.hasSyntaxErrors, "the example has syntax errors: \(parsed.diagnostics.map(\.message))")
    let findings = ExampleLint.findings(of: item.descriptor, in: text)
    switch item.example.kind {
    case .fails:
      #expect(!marked.isEmpty, "a failing example marks what is reported with ⟦…⟧")
      #expect(
        findings.map(\.range).sorted { ($0.start, $0.end) < ($1.start, $1.end) } == marked,
        "reported \(findings.map { Self.excerpt($0.range, text) }), marked \(marked.map { Self.excerpt($0, text) })"
      )
    case .passes:
      #expect(marked.isEmpty, "a passing example marks nothing")
      #expect(
        findings.isEmpty, "reported \(findings.map { "\(Self.excerpt($0.range, text)): \($0.message)" })")
    }
    for finding in findings {
      #expect(finding.severity == item.descriptor.defaultSeverity)
      #expect(finding.fixes.isEmpty != item.descriptor.isFixable, "only fixable rules carry fixes")
      for fix in finding.fixes {
        #expect(
          item.descriptor.fix.applicabilities.contains(fix.applicability),
          "a \(fix.applicability) fix from a rule whose fixes are \(item.descriptor.fix.label)")
      }
    }
  }

  /// The descriptor's fix safety is exactly the applicabilities its examples' fixes have:
  /// `.safe` rules produce safe fixes only, `.sometimes` rules both kinds.
  @Test(arguments: RuleCatalogue.standard.descriptors.map(\.code))
  func fixSafetyAgreesWithTheExamplesFixes(_ code: String) throws {
    let descriptor = try #require(RuleCatalogue.standard.descriptor(code))
    var produced: Set<Applicability> = []
    for example in descriptor.examples where example.kind == .fails {
      let findings = ExampleLint.findings(of: descriptor, in: example.document.text)
      produced.formUnion(findings.flatMap(\.fixes).map(\.applicability))
    }
    #expect(produced == descriptor.fix.applicabilities, "\(code) declares fix: \(descriptor.fix.label)")
    if descriptor.isFixable {
      #expect(descriptor.fix.reason?.isEmpty == false, "a fixable rule says why its fix is safe or not")
    }
  }

  @Test(arguments: ExampleCase.failing)
  func disableFileCommentSilencesIt(_ item: ExampleCase) {
    let (text, _) = item.example.document
    let suppressed = "// rulescheck:disable-file \(item.descriptor.code) -- test\n" + text
    let findings = ExampleLint.findings(suppressed, enabling: item.descriptor)
    #expect(!findings.contains { $0.code == item.descriptor.code })
    #expect(
      !findings.contains { $0.code == "RC900" && $0.range.start < suppressed.utf8.count - text.utf8.count })
  }

  @Test(arguments: ExampleCase.failing)
  func disableNextLineCommentSilencesIt(_ item: ExampleCase) {
    let (text, marked) = item.example.document
    let comment = "// rulescheck:disable-next-line \(item.descriptor.name) -- test"
    let (suppressed, _) = ExampleLint.insertingLine(comment, before: marked, in: text)
    let findings = ExampleLint.findings(suppressed, enabling: item.descriptor)
    #expect(!findings.contains { $0.code == item.descriptor.code })
    if item.descriptor.code != "RC900" {
      #expect(!findings.contains { $0.code == "RC900" }, "every inserted suppression is used")
    }
  }

  @Test(arguments: ExampleCase.failing)
  func multiByteCommentLineShiftsTheRanges(_ item: ExampleCase) {
    let (text, marked) = item.example.document
    let prefix = "// 🔥 règles — ünïcödé ✓\n"
    let shift = prefix.utf8.count
    let findings = ExampleLint.findings(of: item.descriptor, in: prefix + text)
    let expected = marked.map { SourceRange(start: $0.start + shift, end: $0.end + shift) }
    #expect(findings.map(\.range).sorted { ($0.start, $0.end) < ($1.start, $1.end) } == expected)
    let original = SourceFile(path: "a.rules", text: text).lineIndex
    let shifted = SourceFile(path: "b.rules", text: prefix + text).lineIndex
    for range in marked {
      let before = original.location(of: range.start)
      let after = shifted.location(of: range.start + shift)
      #expect(after.line == before.line + 1 && after.column == before.column)
    }
  }

  @Test(arguments: ExampleCase.fixing)
  func fixProducesTheFixedExampleAndIsStable(_ item: ExampleCase) throws {
    let rule = try #require(RuleCatalogue.standard.rule(item.descriptor.code))
    let runner = ExampleLint.runner(for: item.descriptor, catalogue: RuleCatalogue(rules: [rule]))
    let (text, _) = item.example.document
    let once = runner.fix(SourceFile(path: "example.rules", text: text), applying: .unsafe)
    let expected = try #require(item.example.fixedDocument)
    #expect(once.fixed.text(SourceRange(start: 0, end: once.fixed.bytes.count)) == expected)
    let twice = runner.fix(once.fixed, applying: .unsafe)
    #expect(!twice.changed, "fixing twice changes nothing")
    #expect(ExampleLint.findings(of: item.descriptor, in: expected).isEmpty)
    // Safe fixes alone: a rule with unsafe fixes only changes nothing.
    let safeOnly = runner.fix(SourceFile(path: "example.rules", text: text))
    if item.descriptor.fix.applicabilities == [.unsafe] {
      #expect(!safeOnly.changed, "--fix without --unsafe-fixes applies no unsafe fix")
    } else if item.descriptor.fix.applicabilities == [.safe] {
      #expect(safeOnly.fixed.bytes == once.fixed.bytes)
    }
  }

  private static func excerpt(_ range: SourceRange, _ text: String) -> String {
    let bytes = Array(text.utf8)
    guard range.start <= range.end, range.end <= bytes.count else { return "\(range)" }
    return "\(range) '\(String(decoding: bytes[range.start..<range.end], as: UTF8.self))'"
  }
}
