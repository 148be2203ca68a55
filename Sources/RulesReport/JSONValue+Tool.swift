extension JSONValue {
  /// `{"name": "rulescheck", "version": "0.11.0"}`: which rulescheck wrote a document.
  public static let tool = JSONValue.object([
    .init("name", .string("rulescheck")), .init("version", .string(ToolVersion.current)),
  ])

  /// This object with ``tool`` as its last member `"tool"`, as every top-level JSON document
  /// rulescheck prints has it; any other value is returned as is.
  public func withTool() -> JSONValue {
    guard case .object(let members) = self else { return self }
    return .object(members + [.init("tool", .tool)])
  }
}
