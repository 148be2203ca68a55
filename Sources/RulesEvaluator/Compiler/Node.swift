import RulesSemantics
import RulesSyntax

/// A compiled expression: names resolved to slots, constants folded into values.
///
/// `id` numbers the nodes of one ruleset densely, for traces and coverage.
struct Node: Sendable {
  let kind: Kind
  let range: SourceRange
  let id: Int

  indirect enum Kind: Sendable {
    case constant(Value)
    /// Wildcard `slot` of the matched block's bindings.
    case wildcard(slot: Int)
    /// Slot `slot` of the current function frame (parameters first, then `let`s).
    case local(slot: Int)
    /// The whole `request` map, built on demand.
    case request
    /// `request.<field>`, read without building the map.
    case requestField(RequestField)
    case resource
    case member(Node, String)
    case index(Node, Node)
    case range(Node, Node?, Node?)
    case unary(UnaryOperator, Node)
    case binary(BinaryOperator, Node, Node)
    case logicalAnd(Node, Node)
    case logicalOr(Node, Node)
    case ternary(Node, Node, Node)
    case isType(Node, String)
    case list([Node])
    case map([(Node, Node)])
    case path([PathPart])
    /// A user function, by index.
    case callFunction(Int, [Node])
    /// A built-in function, resolved when compiling.
    case callBuiltin(BuiltinFunctionID, [Node])
    /// A built-in method, resolved by name when compiling; the receiver's runtime type picks
    /// the implementation.
    case callMethod(Node, BuiltinMethodID, [Node])
    /// A call of a name no function or method has, with the receiver of a method call: it
    /// evaluates to `Function not found` (decisions.md §21: such a file deploys and runs).
    case callUnknown(Node?, String, [Node])
    case firestoreGet(Node)
    case firestoreExists(Node)
    /// A name that resolves to nothing: evaluating it is this error.
    case failure(EvaluationError)
  }

  enum PathPart: Sendable {
    case text(String)
    case interpolation(Node)
  }
}

/// The fields of `request` a compiled node reads directly.
enum RequestField: String, Sendable {
  case auth, path, time, resource, params, method
}

/// A compiled user function; a class, so that a call reads it without copying its fields.
final class CompiledFunction: Sendable {
  let name: String
  let parameterNames: [String]
  let parameterCount: Int
  /// The `let` values in order; slot of let `i` is `parameterCount + i`.
  let lets: [Node]
  let body: Node
  let slotCount: Int

  init(name: String, parameterNames: [String], lets: [Node], body: Node) {
    self.name = name
    self.parameterNames = parameterNames
    self.parameterCount = parameterNames.count
    self.lets = lets
    self.body = body
    self.slotCount = parameterNames.count + lets.count
  }
}
