// The per-finding parts of a SARIF log, rendered without the generic encoder (see
// `JSONValueRepresentable`); `SARIFRendererTests` and the schema test check the output.

extension SARIFLog.Result: JSONValueRepresentable {
  var jsonValue: JSONValue {
    .object(present: [
      ("ruleId", .string(ruleId)),
      ("ruleIndex", .integer(ruleIndex)),
      ("level", .string(level)),
      ("message", message.jsonValue),
      ("locations", .array(locations.map(\.jsonValue))),
      ("relatedLocations", relatedLocations.map { .array($0.map(\.jsonValue)) }),
      ("fixes", fixes.flatMap { try? JSONValueEncoder().encode($0) }),
      ("properties", .object([.init("blocksDeploy", .bool(properties.blocksDeploy))])),
    ])
  }
}

extension SARIFLog.Message: JSONValueRepresentable {
  var jsonValue: JSONValue { .object([.init("text", .string(text))]) }
}

extension SARIFLog.Location: JSONValueRepresentable {
  var jsonValue: JSONValue {
    .object(present: [
      ("id", id.map(JSONValue.integer)),
      ("physicalLocation", physicalLocation.jsonValue),
      ("message", message?.jsonValue),
    ])
  }
}

extension SARIFLog.PhysicalLocation: JSONValueRepresentable {
  var jsonValue: JSONValue {
    .object([.init("artifactLocation", artifactLocation.jsonValue), .init("region", region.jsonValue)])
  }
}

extension SARIFLog.ArtifactLocation: JSONValueRepresentable {
  var jsonValue: JSONValue { .object([.init("uri", .string(uri))]) }
}

extension SARIFLog.Region: JSONValueRepresentable {
  var jsonValue: JSONValue {
    .object([
      .init("startLine", .integer(startLine)), .init("startColumn", .integer(startColumn)),
      .init("endLine", .integer(endLine)), .init("endColumn", .integer(endColumn)),
      .init("byteOffset", .integer(byteOffset)), .init("byteLength", .integer(byteLength)),
    ])
  }
}
