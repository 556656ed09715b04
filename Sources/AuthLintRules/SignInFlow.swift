import AuthLintSyntax

/// How a provider's sign-in looks in code, for the questions about one sign-in rather than a
/// whole target: where the request a handler answers is made (`scope: request`), and what code
/// belongs to one flow (`within: flow`). A provider's `flow:`; the engine knows no SDK name but
/// these.
public struct SignInFlow: Sendable {
    /// Names whose presence makes code the start of a flow: the request, the controller that
    /// performs it, the delegate method that takes its answer, the buttons.
    public var starts: [String] = []
    /// Calls whose closures make the request and take its answer
    /// (`SignInWithAppleButton(…) { request in … } onCompletion: { … }`).
    public var buttons: [Button] = []
    /// Delegate methods that take the answer, in a type that makes the request itself.
    public var delegates: [Delegate] = []
    /// Calls that make a request (`createRequest`), in the delegate's type.
    public var requestMakers: [String] = []

    public struct Button: Sendable, Hashable {
        /// The call (`SignInWithAppleButton`).
        public var call: String
        /// The argument that configures the request: a closure given its request, or a function
        /// named (`onRequest`); without it, the first trailing closure.
        public var request: String
        /// The argument whose closure takes the answer (`onCompletion`).
        public var completion: String
    }

    public struct Delegate: Sendable, Hashable {
        /// The method's name (`authorizationController`).
        public var method: String
        /// A label of its that tells it from the type's other methods of that name
        /// (`didCompleteWithAuthorization`).
        public var label: String
    }

    public init() {}

    /// This flow and `other`'s names together.
    func merged(with other: SignInFlow) -> SignInFlow {
        var merged = self
        merged.starts += other.starts.filter { !starts.contains($0) }
        merged.buttons += other.buttons.filter { !buttons.contains($0) }
        merged.delegates += other.delegates.filter { !delegates.contains($0) }
        merged.requestMakers += other.requestMakers.filter { !requestMakers.contains($0) }
        return merged
    }

    /// `flow:` of a provider file.
    static func read(_ node: YAMLReader) throws -> SignInFlow {
        let fields = try node.mapping("flow", allowed: ["starts", "buttons", "delegates", "request-makers"])
        var flow = SignInFlow()
        flow.starts = try fields["starts"]?.strings("starts") ?? []
        flow.requestMakers = try fields["request-makers"]?.strings("request-makers") ?? []
        flow.buttons =
            try fields["buttons"]?.list("buttons").map { item in
                let button = try item.mapping("a button", allowed: ["call", "request", "completion"])
                return Button(
                    call: try button.required("call").string("call"),
                    request: try button.required("request").string("request"),
                    completion: try button.required("completion").string("completion"))
            } ?? []
        flow.delegates =
            try fields["delegates"]?.list("delegates").map { item in
                let delegate = try item.mapping("a delegate", allowed: ["method", "label"])
                return Delegate(
                    method: try delegate.required("method").string("method"),
                    label: try delegate.required("label").string("label"))
            } ?? []
        return flow
    }
}
