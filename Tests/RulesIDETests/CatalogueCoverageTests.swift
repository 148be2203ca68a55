import RulesSemantics
import Testing

@testable import RulesIDE

/// The IDE's documentation covers what the checker knows, so a field or built-in added there
/// cannot go without a hover.
@Suite struct CatalogueCoverageTests {
  @Test func everyRecordFieldIsDocumentedUnderEveryPath() {
    let paths: [(String, RecordShape)] = [
      ("request", .request), ("request.auth", .auth), ("request.auth.token", .token),
      ("resource", .storedObject), ("request.resource", .uploadedObject),
      (FieldCatalogue.firestoreDocumentPath, .firestoreDocument),
    ]
    for (path, shape) in paths {
      for field in BuiltinCatalogue.fields(of: shape).keys {
        #expect(FieldCatalogue.byPath["\(path).\(field)"] != nil, "\(path).\(field)")
      }
      let documented = Set((FieldCatalogue.childrenByParent[path] ?? []).map(\.name))
      let known = Set(BuiltinCatalogue.fields(of: shape).keys)
      if shape != .token { #expect(documented == known, "\(path)") }
    }
  }

  @Test func everyBuiltinHasASentence() {
    for function in BuiltinFunctionID.allCases {
      #expect(BuiltinDocumentation.functions[function.description] != nil, "\(function)")
    }
    for method in BuiltinMethodID.allCases {
      #expect(BuiltinDocumentation.methods[method.rawValue] != nil, "\(method)")
    }
  }
}
