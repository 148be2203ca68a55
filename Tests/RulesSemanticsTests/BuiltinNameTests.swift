import RulesSemantics
import RulesSyntax
import Testing

/// Invariants of the built-in name tables that the checks rely on.
@Suite("Built-in names")
struct BuiltinNameTests {
  /// `checkVariableName` asks the globals first and the packages only for a global.
  @Test("every package name is a global")
  func packagesAreGlobals() {
    #expect(RulesLimits.packageNames.isSubset(of: Set(BuiltinCatalogue.globals.keys)))
  }

  @Test("a parameter named after a package is refused; one named after another global only hides it")
  func packageAndGlobalNames() {
    let source = """
      rules_version = '2';
      service firebase.storage {
        match /b/{bucket}/o {
          function f(math, request) { return true; }
          match /x { allow read: if f(1, 2); }
        }
      }
      """
    let checked = SemanticAnalyzer.analyze(SourceFile(path: "names.rules", text: source))
    let codes = checked.diagnostics.map(\.code)
    #expect(codes.contains(SemanticDiagnostics.packageName.code))
    #expect(codes.contains(SemanticDiagnostics.reservedName.code))
  }
}
