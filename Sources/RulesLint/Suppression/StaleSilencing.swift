import RulesSyntax

/// Which RC900 findings the directives that name RC900 silence, and which of those targets
/// silence nothing.
///
/// A finding about directive `d` is silenced by an RC900 target of any other directive that
/// covers its line. Each line's targets are marked used at most twice over (all but one
/// directive's, then that one's), so the work is linear in findings plus targets.
struct StaleSilencing {
  /// A target naming RC900: its directive's index and its position in the directive.
  private struct Target: Hashable {
    let directive: Int
    let position: Int
  }

  /// The RC900 targets covering one line (0: the whole file), grouped by directive.
  private struct Slot {
    var byDirective: [Int: [Int]] = [:]
    var order: [Int] = []
    /// Nil: none marked yet; `.some(nil)`: all marked; `.some(d)`: all but directive `d`'s.
    var markedAllBut: Int?? = nil
  }

  private var slots: [Int: Slot] = [:]
  /// Every RC900 target, in directive order.
  private var registered: [Target] = []
  private var used: Set<Target> = []

  init(_ directives: [SuppressionDirective], lookup: (String) -> DiagnosticID?) {
    for (index, directive) in directives.enumerated() {
      let line = directive.scope == .file ? 0 : directive.line
      for (position, target) in directive.targets.enumerated()
      where lookup(target.key) == SuppressionPass.unusedID {
        var slot = slots[line] ?? Slot()
        if slot.byDirective[index] == nil { slot.order.append(index) }
        slot.byDirective[index, default: []].append(position)
        slots[line] = slot
        registered.append(Target(directive: index, position: position))
      }
    }
  }

  /// Whether an RC900 finding on `line` about directive `about` (nil: about a comment that
  /// is no directive) is silenced; the targets that silence it are marked used.
  mutating func silence(line: Int, about: Int?) -> Bool {
    var silenced = false
    for key in line == 0 ? [0] : [0, line] {
      guard var slot = slots[key], slot.order.count > 1 || slot.order.first != about else { continue }
      silenced = true
      switch slot.markedAllBut {
      case .some(.none):
        continue
      case .some(.some(let left)):
        guard left != about else { continue }
        mark(slot, directive: left)
        slot.markedAllBut = .some(nil)
      case .none:
        for directive in slot.order where directive != about { mark(slot, directive: directive) }
        let aboutHasTargets = about.map { slot.byDirective[$0] != nil } ?? false
        slot.markedAllBut = aboutHasTargets ? .some(about) : .some(nil)
      }
      slots[key] = slot
    }
    return silenced
  }

  /// A finding, built by `make`, for each RC900 target that silenced nothing, in directive order.
  func unusedTargets(
    _ directives: [SuppressionDirective],
    make: (SuppressionDirective, SuppressionDirective.Target) -> Diagnostic
  ) -> [Diagnostic] {
    registered.filter { !used.contains($0) }.map { target in
      let directive = directives[target.directive]
      return make(directive, directive.targets[target.position])
    }
  }

  private mutating func mark(_ slot: Slot, directive: Int) {
    for position in slot.byDirective[directive] ?? [] {
      used.insert(Target(directive: directive, position: position))
    }
  }
}
