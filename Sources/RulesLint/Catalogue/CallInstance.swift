import RulesSyntax

/// One user function called with particular arguments: the unit the catalogue walks once per
/// file, whichever rule, `allow` or call site reaches it.
///
/// Two calls are the same instance when they call the same function with arguments that,
/// followed through parameters and `let` names, are the same expressions read in the same
/// instance: `h()` called twice, or `f(x)` and `f(y)` where `x` and `y` stand for one wildcard.
struct CallInstance: Sendable {
  let id: Int
  let function: Int
  /// The parameters bound to the arguments and every `let` to its value.
  let bindings: Bindings
  /// The `let` values, then the `return` expression (last); empty without a `return`.
  let bodies: [Expression]
  /// How many expression nodes the bodies hold: what walking them once costs.
  let size: Int

  struct Key: Hashable, TableKey {
    let function: Int
    let arguments: [BoundKey]

    var tableHash: Int {
      var hash = function
      for argument in arguments { hash = hash &* 0x100_0000_01B3 &+ argument.tableHash }
      return hash
    }
  }
}
