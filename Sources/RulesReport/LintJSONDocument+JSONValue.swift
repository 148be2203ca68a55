// The per-finding parts of `lint --format json`, rendered without the generic encoder (see
// `JSONValueRepresentable`); the JSON output tests check the result.

extension LintJSONDocument.DiagnosticEntry: JSONValueRepresentable {
  var jsonValue: JSONValue {
    .object(present: [
      ("code", .string(code)),
      ("name", .string(name)),
      ("severity", .string(severity)),
      ("message", .string(message)),
      ("blocksDeploy", .bool(blocksDeploy)),
      ("range", range.jsonValue),
      ("notes", notes.map { .array($0.map(\.jsonValue)) }),
      ("fix", fix.flatMap { try? JSONValueEncoder().encode($0) }),
    ])
  }
}

extension LintJSONDocument.Note: JSONValueRepresentable {
  var jsonValue: JSONValue { .object(present: [("message", .string(message)), ("range", range?.jsonValue)]) }
}

extension LintJSONDocument.Range: JSONValueRepresentable {
  var jsonValue: JSONValue { .object([.init("start", start.jsonValue), .init("end", end.jsonValue)]) }
}

extension LintJSONDocument.Location: JSONValueRepresentable {
  var jsonValue: JSONValue {
    .object([
      .init("line", .integer(line)), .init("column", .integer(column)), .init("offset", .integer(offset)),
    ])
  }
}
