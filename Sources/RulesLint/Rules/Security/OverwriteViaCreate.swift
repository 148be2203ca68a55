import RulesSemantics
import RulesSyntax

/// Flags `allow update` that is stricter than `create` (or `if false`) while `create` is open
/// to existing objects: uploads over an existing name are `create`s.
struct OverwriteViaCreate: LintRule {
  static let descriptor = RuleDescriptor(
    code: "RC308", name: "overwrite-via-create", category: .security, defaultSeverity: .warning,
    summary: "denying update does not stop overwrites",
    rationale: """
      Uploading to a name that already exists is a `create`, never an `update`; `update` is \
      only a metadata change. So `allow update: if false;` (or an `update` condition stricter \
      than the `create` one) does not make files immutable: anyone allowed to create can \
      replace an existing file. To forbid overwrites, add `resource == null` to the `create` \
      condition (`resource` is the existing object, null for a new name).
      """,
    examples: [
      .fails(
        """
        match /receipts/{userId}/{fileName} {
          allow create: if request.auth.uid == userId;
          allow ⟦update⟧: if false;
        }
        """),
      .fails(
        """
        match /docs/{fileName} {
          allow create: if request.auth != null;
          allow ⟦update⟧, delete: if request.auth != null && request.auth.token.admin == true;
        }
        """),
      .passes(
        """
        match /receipts/{userId}/{fileName} {
          allow create: if request.auth.uid == userId && resource == null;
          allow update: if false;
        }
        """),
      .passes(
        """
        match /receipts/{userId}/{fileName} {
          allow update: if false;
        }
        """),
    ],
    limitations: """
      Compares statements in the same block only. "Stricter" means the update condition's \
      `&&` terms include all of the create condition's terms and more, compared as text. A \
      create condition that reads `resource` at all is taken to handle overwrites.
      """)

  func check(_ context: LintContext, report: inout RuleReport) {
    for allows in context.allowsByMatch where !allows.isEmpty {
      let creates = allows.filter { allow in
        guard allow.methods.contains(.create), !context.neverGrants(allow) else { return false }
        guard allow.condition != nil else { return true }
        return !context.facts(for: allow).reads { $0.root == .global("resource") }
      }
      guard let create = creates.first else { continue }
      // Read once, and only if an update asks.
      lazy var createTerms = create.condition.map { Set(terms($0, context)) }
      lazy var createLengths = create.condition.flatMap { distinctLengths($0, context) }
      for allow in allows where allow.methods.contains(.update) && !allow.methods.contains(.create) {
        guard isStricter(allow, than: { createTerms }, lengths: { createLengths }, context),
          let range = allow.namesRange(granting: [.update])
        else {
          continue
        }
        let line = context.source.lineIndex.line(of: create.range.start)
        report.report(
          "this does not stop overwrites: uploading over an existing file is a create, granted on line \(line); add resource == null to the create condition",
          at: range, notes: [DiagnosticNote("create is granted here", range: create.range)])
      }
    }
  }

  /// Whether `update` grants less than a create whose condition has the terms `createTerms`
  /// gives (nil: no condition), asked only when they decide.
  /// - Parameter lengths: how many distinct lengths the create condition's terms have without
  ///   whitespace, nil when it has no condition or a term is not ASCII: no more than the
  ///   distinct terms (equal terms have equal lengths), and found without building their texts.
  private func isStricter(
    _ update: LintAllow, than createTerms: () -> Set<String>?, lengths: () -> Int?, _ context: LintContext
  ) -> Bool {
    if context.neverGrants(update) { return true }
    guard let updateCondition = update.condition else { return false }
    // A strict superset has more terms: an update with as many or fewer is not one, whatever
    // they say. Told first from the lengths when they suffice.
    let updateCount = termCount(updateCondition)
    if let lengths = lengths(), updateCount <= lengths { return false }
    guard let createTerms = createTerms() else { return true }
    guard updateCount > createTerms.count else { return false }
    return createTerms.isStrictSubset(of: Set(terms(updateCondition, context)))
  }

  /// How many distinct lengths the terms of `expression` have without whitespace (each term's
  /// text as ``terms(_:_:)`` reads it), counted by bytes; nil when a term is not ASCII.
  private func distinctLengths(_ expression: Expression, _ context: LintContext) -> Int? {
    let bytes = context.source.bytes
    // Sorted at the end to count the distinct ones: a condition has few terms, which a set
    // would hash and allocate for.
    var lengths: [Int] = []
    lengths.reserveCapacity(8)
    var pending = [expression]
    pending.reserveCapacity(8)
    while let next = pending.popLast() {
      if case .binary(.logicalAnd, let left, let right) = next.kind {
        pending.append(right)
        pending.append(left)
        continue
      }
      let lower = max(0, min(next.range.start, bytes.count))
      let upper = max(lower, min(next.range.end, bytes.count))
      // Counted over the buffer: a slice's iterator checks each index.
      let length = bytes.withUnsafeBufferPointer { buffer -> Int? in
        var length = 0
        for byte in UnsafeBufferPointer(rebasing: buffer[lower..<upper]) {
          guard byte < 0x80 else { return nil }
          if !LintContext.isASCIIWhitespace(byte) { length += 1 }
        }
        return length
      }
      guard let length else { return nil }
      lengths.append(length)
    }
    lengths.sort()
    return lengths.indices.count { $0 == 0 || lengths[$0] != lengths[$0 - 1] }
  }

  /// How many `&&` terms `expression` has (``terms(_:_:)`` without their text).
  private func termCount(_ expression: Expression) -> Int {
    var count = 0
    var pending = [expression]
    while let next = pending.popLast() {
      if case .binary(.logicalAnd, let left, let right) = next.kind {
        pending.append(right)
        pending.append(left)
      } else {
        count += 1
      }
    }
    return count
  }

  /// The `&&` terms of `expression` as text without spaces, found without recursion.
  private func terms(_ expression: Expression, _ context: LintContext) -> [String] {
    var found: [String] = []
    var pending = [expression]
    while let next = pending.popLast() {
      if case .binary(.logicalAnd, let left, let right) = next.kind {
        pending.append(right)
        pending.append(left)
      } else {
        found.append(context.textWithoutWhitespace(next.range))
      }
    }
    return found
  }
}
