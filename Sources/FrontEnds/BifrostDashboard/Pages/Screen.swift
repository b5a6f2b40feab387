/// A dashboard screen over one AppCore feature: how its state renders, and how its forms become
/// the feature's actions. A `FeaturePage` runs it against the page's own store.
protocol Screen {
    associatedtype State: Equatable & Sendable
    associatedtype Action: Sendable
    associatedtype Form: PageForm<State, Action>
    /// Where a fresh copy of the page starts.
    var path: String { get }
    var section: Section { get }
    func title(_ state: State) -> String
    /// The screen's content, inside the layout.
    func main(_ state: State, _ context: RenderContext) -> HTML
    /// What to send when the home changes, if the screen shows stored or chain data.
    var reload: Action? { get }
    /// Where to go once the state is done with this page.
    func leave(_ state: State) -> String?
    /// The file named `name` (a link's last path segment) that the state offers for download.
    func download(_ name: String, _ state: State) -> Download?
    /// Effects that run as long as the page (observations), not counted when settling.
    var lasting: Int { get }
    /// Whether the state has what the page needs to show, beyond its effects having finished.
    func ready(_ state: State) -> Bool
    /// Names the showing of a secret the state holds (a new recovery phrase), nil when none: each
    /// showing is rendered on one whole page only; a reload, or a later live update, gets `sealed`.
    func secret(_ state: State) -> Int?
    /// What stands in for a secret already shown.
    func sealed(_ state: State, _ context: RenderContext) -> HTML
}

extension Screen {
    var reload: Action? { nil }
    func leave(_ state: State) -> String? { nil }
    func download(_ name: String, _ state: State) -> Download? { nil }
    var lasting: Int { 0 }
    func ready(_ state: State) -> Bool { true }
    func secret(_ state: State) -> Int? { nil }
    func sealed(_ state: State, _ context: RenderContext) -> HTML { .empty }
}
