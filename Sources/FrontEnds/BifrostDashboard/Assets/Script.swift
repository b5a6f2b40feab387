/// The dashboard's only script, served from /assets/app.js (the CSP allows no inline script):
/// live updates over server-sent events (while the tab is shown) and going where they say once a form's work is done,
/// copy buttons, reading an uploaded file into its form, and showing that a submitted form is working.
enum Script {
    static let source = #"""
    "use strict";
    (() => {
      const body = document.body;
      const page = body.dataset.page;
      document.addEventListener("click", (event) => {
        const button = event.target.closest("[data-copy]");
        if (!button) return;
        const done = () => { button.textContent = "Copied"; };
        if (navigator.clipboard) navigator.clipboard.writeText(button.dataset.copy).then(done, done); else done();
      });
      document.addEventListener("change", (event) => {
        const input = event.target;
        if (!input.matches("input[type=file][data-into]")) return;
        const target = document.getElementById(input.dataset.into);
        const file = input.files && input.files[0];
        if (target && file) file.text().then((text) => { target.value = text; });
      });
      let submitting = false;
      document.addEventListener("submit", (event) => {
        const form = event.target;
        submitting = true;
        form.classList.add("working");
        for (const button of form.querySelectorAll("button")) button.disabled = true;
      });
      if (!page) return;
      let waiting = false;
      const editing = () => {
        const active = document.activeElement;
        return active && active.closest("#main form") && active.matches("input, textarea, select");
      };
      // A press on a button or link must land on the element it started on: a page replaced
      // between pointerdown and pointerup loses the click, so an update waits for the release.
      let pressing = false;
      const render = () => {
        // A page being typed into is not replaced under the user's hands; it updates on leaving the field.
        if (submitting) return;
        if (editing() || pressing) { waiting = true; return; }
        waiting = false;
        fetch("/p/" + page + "/main", { credentials: "same-origin" })
          .then((response) => (response.ok ? response.text() : null))
          .then((html) => {
            if (html === null || submitting) return;
            // The user may have started typing, or pressing, while the page was fetched: keep it.
            if (editing() || pressing) { waiting = true; return; }
            document.getElementById("main").innerHTML = html;
            body.dataset.renders = String(Number(body.dataset.renders || "0") + 1);
          })
          .catch(() => {});
      };
      document.addEventListener("focusout", () => { if (waiting) setTimeout(() => { if (!editing()) render(); }, 50); });
      document.addEventListener("pointerdown", () => { pressing = true; }, true);
      const release = () => {
        // After the click that follows the release has run.
        setTimeout(() => {
          pressing = false;
          if (waiting && !editing()) render();
        }, 0);
      };
      document.addEventListener("pointerup", release, true);
      document.addEventListener("pointercancel", release, true);
      // A browser keeps six connections per host: a hidden tab gives its stream back, and catches
      // up with one render when it is shown again, so many open tabs never starve a new one.
      let events = null;
      const connect = () => {
        if (events) return;
        // A form answers at once and its work goes on: the stream says when the page changed
        // (from the revision this page shows) and where to go once the work is done with it.
        events = new EventSource("/live/" + page + "?since=" + encodeURIComponent(body.dataset.revision || ""));
        events.addEventListener("render", (event) => { body.dataset.revision = event.data; render(); });
        events.addEventListener("leave", (event) => {
          const to = event.data;
          if (!to.startsWith("/") || to.startsWith("//")) return;
          disconnect();
          window.location.assign(to);
        });
      };
      const disconnect = () => { if (events) { events.close(); events = null; } };
      document.addEventListener("visibilitychange", () => { if (document.hidden) disconnect(); else { connect(); render(); } });
      window.addEventListener("pagehide", disconnect);
      if (!document.hidden) connect();
    })();
    """#
}
