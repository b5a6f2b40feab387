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

    /// The page that shows it, styled as the dashboard is (its stylesheet needs no session), saying
    /// what happened in words and what to do next; the status code is small print.
    func response() -> Response {
        let page: HTML = """
        <!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">\
        <title>\(headline) · Bifrost</title><link rel="stylesheet" href="/assets/app.css"><link rel="icon" href="/assets/icon.svg"></head>\
        <body><header><a class="brand" href="/"><img src="/assets/icon.svg" alt="">Bifrost</a></header><main id="main"><section class="refusal">\
        <h1>\(headline)</h1><p class="error" role="alert">\(reason)</p><p>\(next)</p><p class="status">HTTP \(status.code) \(status.reasonPhrase)</p>\
        </section></main></body></html>
        """
        return Response.html(page, status: status)
    }

    /// The refusal in a few words.
    var headline: String {
        switch status.code {
        case 401: "Open the dashboard from its link"
        case 403: "This request was refused"
        case 404: "Nothing here"
        case 421: "Wrong address for this dashboard"
        case 413: "Too large"
        default: status.code >= 500 ? "Something went wrong" : "This request was refused"
        }
    }

    /// What the user can do about it.
    var next: HTML {
        switch status.code {
        case 401: "Run <code>bifrost dashboard</code> in a terminal: it opens your browser with a one-time link, or prints it with <code>--no-open</code>. Each link opens one browser session."
        case 421: "Use the link <code>bifrost dashboard</code> printed, at 127.0.0.1 or localhost."
        default: "<a class=\"button\" href=\"/\">Back to the dashboard</a>"
        }
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
