/// The length and first three names of a chain (``ExpressionReading/chain(_:)``), read without
/// allocating the chain.
struct ChainHead {
  /// How many names the chain has.
  var count: Int
  /// The root identifier.
  var first: String
  /// The second and third names, when the chain is that long.
  var second: String?
  var third: String?

  /// Whether the chain starts with `first` and `second`.
  func starts(_ first: String, _ second: String) -> Bool {
    self.first == first && self.second == second
  }
}
