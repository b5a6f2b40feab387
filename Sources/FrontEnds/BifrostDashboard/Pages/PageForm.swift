/// The forms of one screen, by the name in their address (`/p/ID/do/NAME`). A screen renders each
/// form under its case (`RenderContext.form`) and its page reads the post back under the same
/// case, so a form renamed or dropped on one side is a compile error on the other.
protocol PageForm<State, Action>: RawRepresentable<String>, Sendable {
    associatedtype State
    associatedtype Action
    /// The feature's actions this form sends with `fields`, in order; throws a `FormError` for a
    /// field it cannot read, and a `Refusal` for input that no form of the page sends.
    func actions(_ fields: FormData, _ state: State) throws -> [Action]
}
