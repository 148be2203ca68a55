import RulesLint
import RulesSyntax
import Testing

/// One example of one catalogue rule, as a test argument.
struct ExampleCase: Sendable, CustomTestStringConvertible {
  let descriptor: RuleDescriptor
  let index: Int

  var example: RuleExample { descriptor.examples[index] }
  var testDescription: String {
    "\(descriptor.code) \(descriptor.name) example \(index + 1) (\(example.kind.rawValue))"
  }

  static let all: [ExampleCase] = RuleCatalogue.standard.descriptors.flatMap { descriptor in
    descriptor.examples.indices.map { ExampleCase(descriptor: descriptor, index: $0) }
  }

  static let failing: [ExampleCase] = all.filter { $0.example.kind == .fails }
  static let fixing: [ExampleCase] = all.filter { $0.example.fixed != nil }
}
