import StorageBucket

/// The `rulescheck list --format json` document of `cli.md`.
public enum ListingJSON {
  /// `allowed`, `prefix`, `prefixes`, `items`, `nextPageToken`, `error`, `warnings`, `tool`: the arrays
  /// are empty and `error` is `{status, message}` when the list was denied or refused;
  /// `warnings` are the rules' static findings that do not stop a deploy (``RunFindings``).
  public static func document(_ outcome: ListOutcome, warnings: RunFindings? = nil) -> JSONValue {
    let page = (try? outcome.result.get()) ?? ListPage()
    let error: JSONValue =
      outcome.error.map { error in
        .object([
          .init("status", .number(String(outcome.status ?? 400))), .init("message", .string(error.message)),
        ])
      } ?? .null
    return .object([
      .init("allowed", .bool(outcome.listed)),
      .init("prefix", .string(outcome.folder)),
      .init("prefixes", .array(page.prefixes.map(JSONValue.string))),
      .init("items", .array(page.items.map(JSONValue.string))),
      .init("nextPageToken", page.nextPageToken.map(JSONValue.string) ?? .null),
      .init("error", error),
      .init("warnings", warnings?.json ?? .array([])),
      .init("tool", .tool),
    ])
  }
}
