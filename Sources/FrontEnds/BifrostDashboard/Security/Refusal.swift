import Hummingbird

/// A request the dashboard turns away or cannot serve, shown as a short page with its reason
/// (never a stack trace).
public struct Refusal: Error, Sendable, Equatable {
    public let status: HTTPResponse.Status
    public let reason: String

    public init(_ status: HTTPResponse.Status, _ reason: String) {
        self.status = status
        self.reason = reason
    }

    /// The page that shows it.
    func response() -> Response {
        let page: HTML = """
        <!doctype html><html lang="en"><head><meta charset="utf-8"><title>\(status.code) · Bifrost</title>\
        <link rel="stylesheet" href="/assets/app.css"></head><body><main id="main"><h1>\(status.code) \(status.reasonPhrase)</h1>\
        <p class="error">\(reason)</p><p><a href="/">Back to the dashboard</a></p></main></body></html>
        """
        return Response.html(page, status: status)
    }
}

extension Response {
    /// An HTML page.
    static func html(_ page: HTML, status: HTTPResponse.Status = .ok) -> Response {
        Response(status: status, headers: [.contentType: "text/html; charset=utf-8"], body: .init(byteBuffer: ByteBuffer(string: page.rendered)))
    }

    /// A redirect after a form or a token exchange, so a reload never submits twice.
    static func seeOther(_ location: String) -> Response {
        Response(status: .seeOther, headers: [.location: location])
    }
}
