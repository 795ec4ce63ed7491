/// The model type names an app registers, for the scaffold. Needs the model reader;
/// until it is merged, the types must be named with `--type`.
public enum RegisteredModelTypes {
    public struct Unavailable: Error, ActionableError {
        public var category: ErrorCategory { .usage }
        public var message: String { "this build cannot read model sources yet: name the model types with --type Item --type Tag" }
    }

    public static func find(modelPaths: [String]) throws -> [String] {
        throw Unavailable()
    }
}
