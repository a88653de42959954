// The live page: follow /events, swap in the server's HTML for each new state, the clock's
// words each second. All text comes from the server already escaped; nothing here builds HTML.
"use strict";
(function () {
  let shown = Number(document.getElementById("panel").dataset.revision);
  let loading = null;
  const link = document.getElementById("link");

  async function show(revision) {
    if (revision === shown) return;
    if (loading) { loading.next = revision; return; }
    loading = {};
    try {
      const answer = await fetch("panel", { cache: "no-store" });
      if (answer.ok) {
        const html = await answer.text();
        const now = Number(answer.headers.get("X-Board-Revision"));
        document.getElementById("panel").outerHTML = html;
        shown = now;
      }
    } finally {
      const next = loading.next;
      loading = null;
      if (next !== undefined && next !== shown) show(next);
    }
  }

  const stream = new EventSource("events");
  stream.addEventListener("state", (e) => { link.hidden = true; show(JSON.parse(e.data).revision); });
  stream.addEventListener("clock", (e) => {
    const clock = JSON.parse(e.data);
    const countdown = document.getElementById("countdown");
    if (countdown && clock && clock.countdown) countdown.textContent = clock.countdown;
  });
  stream.addEventListener("error", () => { link.hidden = false; });

  // Actions (only with board serve --allow-actions): the token arrives once in the address.
  const form = document.getElementById("act");
  if (!form) return;
  const params = new URLSearchParams(location.search);
  if (params.has("token")) {
    sessionStorage.setItem("board-token", params.get("token"));
    params.delete("token");
    history.replaceState(null, "", location.pathname + (params.toString() ? "?" + params : ""));
  }
  const answer = document.getElementById("answer");
  async function send(command) {
    answer.textContent = "…";
    try {
      const reply = await fetch("action", {
        method: "POST", cache: "no-store",
        headers: { "Content-Type": "application/json",
                   "X-Board-Token": sessionStorage.getItem("board-token") || "" },
        body: JSON.stringify({ command: command }),
      });
      const data = await reply.json();
      answer.textContent = data.output !== undefined ? data.output : data.error;
    } catch (err) {
      answer.textContent = String(err);
    }
  }
  form.addEventListener("submit", (e) => {
    e.preventDefault();
    const input = document.getElementById("command");
    if (input.value.trim()) send(input.value);
  });
  for (const button of form.querySelectorAll("button[data-command]")) {
    button.addEventListener("click", () => send(button.dataset.command));
  }
})();
