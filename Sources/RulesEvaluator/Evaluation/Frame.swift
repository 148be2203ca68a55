/// A user function's activation: its parameters then its `let`s, each evaluated at most once,
/// on first read (decisions.md §20: arguments and `let`s are lazy). The slots live on the
/// evaluation's stack (``Evaluation/slots``) from `base`, so a call allocates nothing of its own.
struct Frame {
  enum Slot {
    /// An argument, to evaluate in the caller's frame (nil: the condition's top level).
    case argument(NodeRef, Frame?)
    /// A `let`, to evaluate in this frame.
    case binding(NodeRef)
    case evaluating
    case done(Value)
  }

  /// Where the frame's first slot is on the stack.
  let base: Int
  /// How many slots it has.
  let count: Int
}

/// Firestore documents for `firestore.get` and `firestore.exists`, by full path such as
/// `/databases/(default)/documents/users/alice` (paths and field names compare as bytes, so
/// `users/\u{e9}` and `users/e\u{301}` are two documents). Nothing goes to the network.
public struct FirestoreDocuments: Sendable {
  public var documents: [MapKey: [MapKey: Value]]

  public init(_ documents: [MapKey: [MapKey: Value]] = [:]) {
    self.documents = documents
  }
}
