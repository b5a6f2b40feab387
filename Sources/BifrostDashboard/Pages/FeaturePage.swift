import AppCore
import Foundation
import NIOCore

/// A page backed by one AppCore feature: a screen is the rendering of the feature's `State`, and
/// a click or a form is an `Action` sent to the page's own `Store`.
@MainActor
final class FeaturePage<Content: Screen>: DashboardPage {
    typealias State = Content.State
    let id: String
    let screen: Content
    let store: Store<State, Content.Action>
    private var secretShown: Int?

    /// Input the last form gave that could not be read; shown above the screen until the next form.
    private(set) var formError: String?
    /// The open render streams, ended when the page closes so their connections end too.
    private var streams: [Int: AsyncStream<Void>.Continuation] = [:]
    private var nextStream = 0

    init(id: String, screen: Content, store: Store<State, Content.Action>) {
        self.id = id
        self.screen = screen
        self.store = store
    }

    var path: String { screen.path }

    var section: Section { screen.section }

    var title: String { screen.title(store.state) }

    var next: String? { screen.leave(store.state) }

    func main(_ context: RenderContext, whole: Bool) -> HTML {
        let state = store.state
        if let showing = screen.secret(state) {
            if secretShown == showing { return "\(Format.alert(formError))\(screen.sealed(state, context))" }
            // Only a whole page counts as shown: a live update may reach a page the browser is leaving.
            if whole { secretShown = showing }
        }
        return "\(Format.alert(formError))\(screen.main(state, context))"
    }

    func perform(_ name: String, form fields: FormData) throws -> Bool {
        guard let form = Content.Form(rawValue: name) else { return false }
        do {
            let actions = try form.actions(fields, store.state)
            formError = nil
            for action in actions { store.send(action) }
        } catch let refusal as Refusal {
            // Input no form of the page could have sent: the request is refused, not the page's state.
            throw refusal
        } catch let error as FormError {
            formError = error.message
        } catch {
            formError = ErrorWording.text(for: error)
        }
        return true
    }

    func settle() async {
        await store.settle(leaving: screen.lasting, until: screen.ready, within: .seconds(120))
    }

    func homeChanged() { if let reload = screen.reload { store.send(reload) } }

    func renders(until closed: EventLoopFuture<Void>) -> AsyncStream<Void> {
        let changes = store.subscribe(\State.self)
        let (stream, continuation) = AsyncStream.makeStream(of: Void.self)
        let task = Task {
            var first = true
            for await _ in changes {
                // The first value is the state already on the page.
                if first { first = false; continue }
                continuation.yield()
            }
            continuation.finish()
        }
        nextStream += 1
        let number = nextStream
        streams[number] = continuation
        // Without this the stream's reader would hold the subscription (and the response its
        // connection) until a render that may never come.
        closed.whenComplete { _ in continuation.finish() }
        continuation.onTermination = { [weak self] _ in
            task.cancel()
            Task { @MainActor in self?.streams[number] = nil }
        }
        return stream
    }

    var openStreams: Int { streams.count }

    func download(_ name: String) -> Download? { screen.download(name, store.state) }

    func close() {
        store.cancelEffects()
        for continuation in streams.values { continuation.finish() }
    }
}

/// Input a form gave that the page cannot turn into an action, in the user's words.
struct FormError: Error, Sendable {
    let message: String
    init(_ message: String) { self.message = message }
}
