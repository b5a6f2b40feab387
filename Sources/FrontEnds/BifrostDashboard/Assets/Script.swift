/// The dashboard's only script, served from /assets/app.js (the CSP allows no inline script):
/// live updates over server-sent events (while the tab is shown) and going where they say once a form's work is done,
/// copy buttons, reading an uploaded file into its form, showing that a submitted form is working, and switching
/// a form's parts in the page (the kind of transaction, a function's fields, what a key import takes, Max, the
/// nonce's warning) where without the script each is a form post.
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
      // A form's parts switch in the page; without the script the tabs and buttons post their forms.
      let chosenKind = null;
      const showCase = (select) => {
        for (const part of document.querySelectorAll("[data-case-of]")) {
          if (part.dataset.caseOf !== select.dataset.switch) continue;
          const shown = part.dataset.case === select.value;
          part.hidden = !shown;
          for (const field of part.querySelectorAll("input, textarea, select")) field.disabled = !shown;
        }
      };
      const chooseKind = (kind) => {
        const template = [...document.querySelectorAll("template[data-kind-fields]")].find((t) => t.dataset.kindFields === kind);
        const holder = document.getElementById("kind-fields");
        const chosen = holder && holder.closest("form").querySelector("input[name=kind]");
        if (!template || !chosen) return false;
        if (chosen.value !== kind) {
          holder.replaceChildren(template.content.cloneNode(true));
          chosen.value = kind;
        }
        for (const tab of document.querySelectorAll("[data-kind-tab]")) {
          const on = tab.dataset.kindTab === kind;
          tab.setAttribute("aria-pressed", on ? "true" : "false");
          tab.classList.toggle("selected", on);
        }
        const title = document.getElementById("kind-title");
        if (title) title.textContent = template.dataset.title;
        return true;
      };
      const enhance = () => {
        for (const part of document.querySelectorAll("[data-no-script]")) part.hidden = true;
        for (const select of document.querySelectorAll("select[data-switch]")) showCase(select);
        if (chosenKind) chooseKind(chosenKind);
      };
      document.addEventListener("click", (event) => {
        const tab = event.target.closest("[data-kind-tab]");
        if (tab && chooseKind(tab.dataset.kindTab)) {
          event.preventDefault();
          chosenKind = tab.dataset.kindTab;
          return;
        }
        const max = event.target.closest("[data-max], [data-max-from]");
        const row = max && max.closest(".amount-row");
        const field = row && row.querySelector("input[name=amount]");
        if (!field) return;
        let value = max.dataset.max;
        if (max.dataset.maxFrom) {
          const select = document.getElementById(max.dataset.maxFrom);
          const option = select && select.selectedOptions[0];
          value = option ? option.dataset.balance : "";
        }
        if (value) field.value = value;
      });
      document.addEventListener("change", (event) => {
        const target = event.target;
        if (target.matches("select[data-switch]")) showCase(target);
        if (!target.matches("select#function")) return;
        const template = [...document.querySelectorAll("template[data-function-fields]")].find((t) => t.dataset.functionFields === target.value);
        const holder = document.getElementById("function-fields");
        if (template && holder) holder.replaceChildren(template.content.cloneNode(true));
      });
      document.addEventListener("input", (event) => {
        const target = event.target;
        if (!target.matches("#nonce-input")) return;
        const typed = target.value.trim();
        for (const warning of document.querySelectorAll("[data-nonce-warning]")) warning.hidden = warning.dataset.nonceWarning !== typed;
      });
      enhance();
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
            enhance();
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
