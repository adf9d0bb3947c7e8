// threadkeep web app: plain JavaScript, no build step. Talks to /v1 with the session cookie.
// Every text from the server is inserted with textContent, never as HTML.
"use strict";

const $ = (id) => document.getElementById(id);
const counted = (n, noun) => `${n} ${n === 1 ? noun : `${noun}s`}`; // "1 message", "2 messages"
const state = { conversationId: null, person: null, sending: false, widget: false };

// -- HTTP ------------------------------------------------------------------------------
async function api(method, path, body) {
  const opts = { method, credentials: "same-origin", headers: {} };
  if (body !== undefined) {
    opts.headers["Content-Type"] = "application/json";
    opts.body = JSON.stringify(body);
  }
  const res = await fetch(path, opts);
  if (res.status === 401 && !path.startsWith("/v1/session")) {
    showLogin();
    throw new Error("Please log in again.");
  }
  if (!res.ok) throw new Error(await errorMessage(res));
  if (res.status === 204) return null;
  return res.json();
}

async function errorMessage(res) {
  try {
    const data = await res.json();
    return (data.error && data.error.message) || res.statusText;
  } catch (_) {
    return res.statusText || `HTTP ${res.status}`;
  }
}

// Server-Sent Events from a fetch body: yields {event, data} as they arrive.
async function* readEvents(res) {
  const reader = res.body.getReader();
  const decoder = new TextDecoder();
  let buffer = "";
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    buffer += decoder.decode(value, { stream: true });
    let cut;
    while ((cut = buffer.search(/\r?\n\r?\n/)) >= 0) {
      const block = buffer.slice(0, cut);
      buffer = buffer.slice(cut).replace(/^\r?\n\r?\n/, "");
      let event = "message";
      const data = [];
      for (const line of block.split(/\r?\n/)) {
        if (line.startsWith("event:")) event = line.slice(6).trim();
        else if (line.startsWith("data:")) data.push(line.slice(5).trimStart());
      }
      if (data.length) yield { event, data: JSON.parse(data.join("\n")) };
    }
  }
}

// -- screens ---------------------------------------------------------------------------
function showLogin(anonymousAllowed) {
  state.conversationId = null;  // whoever logs in next starts from their own list
  $("app").hidden = true;
  $("login").hidden = false;
  $("visitor-start").hidden = !anonymousAllowed;
  $("login-key").focus();
}

async function showApp(person, via) {
  state.person = person;
  $("login").hidden = true;
  $("app").hidden = false;
  $("who").textContent = via === "visitor" ? "Guest" : person;
  $("memory-panel").hidden = via === "visitor";
  $("memory-toggle").hidden = via === "visitor";
  closeDrawers();
  await loadConversations();
  // A person who started typing while the list loaded keeps what they sent: opening a
  // conversation (or a new chat) now would wipe the message being answered.
  if (!state.sending && !state.conversationId) {
    const fromHash = new URLSearchParams(location.hash.slice(1)).get("c");
    if (fromHash) await openConversation(fromHash);
    else newChat();
  }
  if (via !== "visitor") await loadFacts();
  if (via !== "visitor") loadDigests().catch(() => {});
  $("input").focus();
}

async function boot() {
  const params = new URLSearchParams(location.search);
  state.widget = params.has("widget");
  document.body.classList.toggle("widget", state.widget);
  const info = await api("GET", "/v1/session");
  if (info.authenticated) return showApp(info.person, info.via);
  if (state.widget && info.anonymous_visitors) return startVisitor();
  showLogin(info.anonymous_visitors);
  // Only an admin session (opened at /admin with an admin key) gets the way to the console.
  const admin = await fetch("/v1/admin/whoami", { credentials: "same-origin" });
  $("admin-entry").hidden = !admin.ok;
}

async function startVisitor() {
  // The visitor id lives in this browser only; it is what brings the guest back to their chat.
  const kept = localStorage.getItem("tk_visitor") || undefined;
  let res;
  try {
    res = await api("POST", "/v1/session/visitor", kept ? { visitor_id: kept } : {});
  } catch (e) {
    if (!kept) throw e;
    // The server no longer knows this id (or never made it): start a new visit.
    res = await api("POST", "/v1/session/visitor", {});
  }
  localStorage.setItem("tk_visitor", res.visitor_id);
  await showApp(res.person, "visitor");
  const list = await api("GET", "/v1/conversations?limit=1");
  if (list.conversations.length) await openConversation(list.conversations[0].id);
}

// -- conversations ----------------------------------------------------------------------
async function loadConversations(more = false) {
  const ul = $("conversation-list");
  const cursor = more ? ul.dataset.next : "";
  const query = `/v1/conversations?limit=50${cursor ? `&before=${encodeURIComponent(cursor)}` : ""}`;
  const data = await api("GET", query);
  if (!more) ul.replaceChildren();
  const old = ul.querySelector(".more");
  if (old) old.remove();
  for (const c of data.conversations) {
    const li = document.createElement("li");
    li.dataset.id = c.id;
    li.textContent = c.title || "Untitled";
    li.title = `${counted(c.message_count, "message")} · ${new Date(c.last_activity_at).toLocaleString()}`;
    li.classList.toggle("active", c.id === state.conversationId);
    if (c.id === state.conversationId) $("chat-title").textContent = li.textContent;  // as listed
    li.addEventListener("click", () => { closeDrawers(); openConversation(c.id); });
    ul.appendChild(li);
  }
  ul.dataset.next = data.next_before || "";
  if (data.next_before) {
    // Older conversations come a page at a time, newest activity first.
    const li = document.createElement("li");
    li.className = "more";
    li.textContent = "Older…";
    li.addEventListener("click", () => loadConversations(true));
    ul.appendChild(li);
  }
}

function setCurrent(conv) {
  state.conversationId = conv ? conv.id : null;
  history.replaceState(null, "", conv ? `#c=${conv.id}` : location.pathname + location.search);
  $("chat-title").textContent = conv ? conv.title || "Untitled" : "New chat";
  $("chat-actions").hidden = !conv;
  if (conv) {
    $("keep-warm").checked = !!conv.keep_warm;
    $("export-md").href = `/v1/conversations/${conv.id}/export?format=markdown`;
    $("export-json").href = `/v1/conversations/${conv.id}/export?format=json`;
  }
  for (const li of $("conversation-list").children) {
    li.classList.toggle("active", !!li.dataset.id && li.dataset.id === state.conversationId);
  }
}

async function openConversation(id) {
  try {
    const conv = await api("GET", `/v1/conversations/${encodeURIComponent(id)}`);
    setCurrent(conv);
    $("messages").replaceChildren();
    $("gauge").hidden = true;
    for (const m of conv.messages) addMessage(m.role, m.text, m);
    scrollDown();
  } catch (e) {
    newChat();
    showError(e.message);
  }
}

function newChat() {
  // Client-side only: dropping the id is all it takes; the next message opens a conversation.
  setCurrent(null);
  $("messages").replaceChildren();
  $("gauge").hidden = true;
  showError("");
  $("input").focus();
}

async function renameCurrent() {
  if (!state.conversationId) return;
  const title = prompt("New title", $("chat-title").textContent);
  if (!title) return;
  try {
    const conv = await api("PATCH", `/v1/conversations/${state.conversationId}`, { title });
    setCurrent(conv);
    await loadConversations();
  } catch (e) { showError(e.message); }
}

async function deleteCurrent() {
  if (!state.conversationId) return;
  if (!confirm("Delete this conversation and everything in it?")) return;
  try {
    await api("DELETE", `/v1/conversations/${state.conversationId}`);
    newChat();
    await loadConversations();
  } catch (e) { showError(e.message); }
}

async function toggleKeepWarm() {
  if (!state.conversationId) return;
  try {
    await api("PATCH", `/v1/conversations/${state.conversationId}`, { keep_warm: $("keep-warm").checked });
  } catch (e) { showError(e.message); }
}

// -- messages ---------------------------------------------------------------------------
function addMessage(role, text, meta = {}) {
  const li = document.createElement("li");
  li.className = `msg ${role}`;
  li.dataset.role = role;
  const body = document.createElement("div");
  body.className = "text";
  body.textContent = text;
  li.appendChild(body);
  if (meta.id) li.dataset.id = meta.id;
  if (role === "assistant" && meta.id) addThumbs(li, meta.id, meta.rating || null);
  if (role === "user" && meta.status === "failed") markFailed(li, meta.id, "Not answered.");
  $("messages").appendChild(li);
  return li;
}

function addThumbs(li, messageId, rating) {
  li.dataset.id = messageId;
  const bar = document.createElement("div");
  bar.className = "meta";
  for (const [value, label] of [["up", "▲ Good"], ["down", "▼ Bad"]]) {
    const b = document.createElement("button");
    b.type = "button";
    b.className = `thumb thumb-${value}`;
    b.textContent = label;
    b.setAttribute("aria-label", value === "up" ? "Good answer" : "Bad answer");
    b.setAttribute("aria-pressed", String(rating === value));
    b.classList.toggle("on", rating === value);
    b.addEventListener("click", () => rate(li, messageId, value));
    bar.appendChild(b);
  }
  li.appendChild(bar);
}

async function rate(li, messageId, value) {
  const current = li.querySelector(".thumb.on");
  const clear = current && current.classList.contains(`thumb-${value}`);
  try {
    if (clear) await api("DELETE", `/v1/messages/${messageId}/feedback`);
    else await api("PUT", `/v1/messages/${messageId}/feedback`, { rating: value });
    for (const b of li.querySelectorAll(".thumb")) {
      const on = !clear && b.classList.contains(`thumb-${value}`);
      b.classList.toggle("on", on);
      b.setAttribute("aria-pressed", String(on));
    }
  } catch (e) { showError(e.message); }
}

function markFailed(li, messageId, why) {
  li.classList.add("failed");
  const bar = document.createElement("div");
  bar.className = "meta";
  bar.append(`${why} Your message is kept. `);
  const b = document.createElement("button");
  b.type = "button";
  b.className = "retry";
  b.textContent = "Retry";
  b.addEventListener("click", () => { bar.remove(); li.classList.remove("failed"); retry(li, messageId); });
  bar.appendChild(b);
  li.appendChild(bar);
}

async function send(text) {
  if (state.sending) return;
  state.sending = true;
  $("send").disabled = true;
  showError("");
  const mine = addMessage("user", text);
  try {
    const res = await fetch("/v1/messages", {
      method: "POST", credentials: "same-origin",
      headers: { "Content-Type": "application/json", Accept: "text/event-stream" },
      body: JSON.stringify({ text, conversation_id: state.conversationId, stream: true }),
    });
    if (!res.ok) {
      mine.remove();
      $("input").value = text;
      throw new Error(await errorMessage(res));
    }
    await streamAnswer(res, mine);
  } catch (e) {
    showError(e.message);
  } finally {
    state.sending = false;
    $("send").disabled = false;
  }
}

async function retry(userLi, messageId) {
  const res = await fetch(`/v1/messages/${messageId}/retry?stream=true`, { method: "POST", credentials: "same-origin" });
  if (!res.ok) return showError(await errorMessage(res));
  await streamAnswer(res, userLi);
}

async function streamAnswer(res, mine) {
  const answer = addMessage("assistant", "");
  answer.classList.add("streaming");
  const text = answer.querySelector(".text");
  for await (const { event, data } of readEvents(res)) {
    if (event === "conversation") {
      if (data.created) setCurrent({ id: data.conversation_id, title: "New chat" });  // titled by the list
    } else if (event === "message") {
      mine.dataset.id = data.message_id;
    } else if (event === "tool") {
      answer.dataset.tool = `${data.tool}: ${data.status}`;
    } else if (event === "delta") {
      text.textContent += data.text;
      scrollDown();
    } else if (event === "done") {
      text.textContent = data.text;
      addThumbs(answer, data.assistant_message_id, null);
      showGauge(data.report || {}, data.usage || {});
      scrollDown();  // the thumbs and the gauge take room: the answer's end stays in view
    } else if (event === "error") {
      answer.remove();
      markFailed(mine, data.user_message_id || mine.dataset.id, data.error);
    }
  }
  answer.classList.remove("streaming");
  await loadConversations();
  if (state.conversationId) setCurrent(await api("GET", `/v1/conversations/${state.conversationId}`));
  if (!$("memory-panel").hidden) setTimeout(loadFacts, 800);
}

// The context gauge: how full the last request was, and what was compacted to fit.
function showGauge(report, usage) {
  const gauge = $("gauge");
  const parts = [];
  let percent = null;
  if (report.ceiling && report.total_tokens !== undefined) {
    percent = Math.min(100, Math.round((100 * report.total_tokens) / report.ceiling));
    const shown = percent === 0 && report.total_tokens > 0 ? "<1" : String(percent);
    parts.push(`Context ${shown}% full (${report.total_tokens.toLocaleString()} of ${report.ceiling.toLocaleString()} tokens)`);
  } else if (usage.input_tokens !== undefined) {
    parts.push(`Request: ${(usage.input_tokens + (usage.cache_read_tokens || 0)).toLocaleString()} tokens`);
  }
  if (usage.cache_read_tokens) parts.push(`${usage.cache_read_tokens.toLocaleString()} from cache`);
  if (report.compaction && report.compaction.messages) {
    parts.push(`${counted(report.compaction.messages, "older message")} compacted`);
  }
  if (report.summary_cursor) parts.push(`${counted(report.summary_cursor, "message")} folded into the summary`);
  if (report.facts_used) parts.push(`${counted(report.facts_used, "fact")} used`);
  if (report.segments && typeof report.segments.history === "number" && !report.ceiling) {
    parts.push(`${counted(report.segments.history, "earlier message")} sent verbatim`);
  }
  $("gauge-fill").style.width = percent === null ? "0" : `${percent}%`;
  $("gauge-fill").classList.toggle("high", percent !== null && percent > 80);
  $("gauge-text").textContent = parts.join(" · ");
  gauge.hidden = parts.length === 0;
}

// -- facts ------------------------------------------------------------------------------
async function loadFacts() {
  let data;
  try { data = await api("GET", "/v1/me/facts"); } catch (e) { return; }
  const ul = $("facts");
  ul.replaceChildren();
  $("facts-empty").hidden = data.facts.length > 0;
  for (const f of data.facts) {
    const li = document.createElement("li");
    li.dataset.id = f.id;
    const row = document.createElement("div");
    row.className = "row";
    const label = document.createElement("span");
    label.className = "fact-text";
    label.textContent = f.text;
    const actions = document.createElement("span");
    const hist = document.createElement("button");
    hist.type = "button";
    hist.className = "link fact-history";
    hist.textContent = "history";
    hist.addEventListener("click", () => toggleHistory(li, f.id));
    const forget = document.createElement("button");
    forget.type = "button";
    forget.className = "link fact-forget";
    forget.textContent = "forget";
    forget.addEventListener("click", async () => {
      // Forgetting is undoable ("Undo last change"), but ask first: one stray tap loses a fact.
      if (!confirm(`Forget “${f.text}”?`)) return;
      try { await api("DELETE", `/v1/me/facts/${f.id}`); await loadFacts(); } catch (e) { showError(e.message); }
    });
    actions.append(hist, " ", forget);
    row.append(label, actions);
    li.appendChild(row);
    ul.appendChild(li);
  }
}

async function toggleHistory(li, factId) {
  const open = li.querySelector(".history");
  if (open) return open.remove();
  const data = await api("GET", `/v1/me/facts/${factId}/history`);
  const ol = document.createElement("ol");
  ol.className = "history";
  for (const v of data.versions) {
    const item = document.createElement("li");
    const when = new Date(v.at).toLocaleString();
    item.textContent = v.op === "add" ? `${when}: learned “${v.new_value}”`
      : v.op === "update" ? `${when}: “${v.old_value}” → “${v.new_value}”`
      : `${when}: ${v.op}`;
    ol.appendChild(item);
  }
  li.appendChild(ol);
}

async function undoFact() {
  try {
    const res = await api("POST", "/v1/me/facts/undo", {});
    if (!res.undone) showError("Nothing to undo.");
    await loadFacts();
  } catch (e) { showError(e.message); }
}

// -- digests (weekly/monthly, written by a background job) ------------------------------
async function loadDigests() {
  const { digests } = await api("GET", "/v1/me/digests");
  const box = $("digests");
  box.replaceChildren();
  $("digests-empty").hidden = digests.length > 0;
  for (const d of digests) {
    const card = document.createElement("details");
    card.className = "digest";
    const head = document.createElement("summary");
    head.textContent = `${d.period === "week" ? "Week" : "Month"} of ${d.start} · ${counted(d.conversations, "conversation")}`;
    card.appendChild(head);
    const parts = [["Recurring topics", d.topics.map((t) => `${t.topic} (${counted(t.conversations, "conversation")})`)],
      ["Decisions", d.decisions.map((x) => x.text)], ["Open items", d.open_items.map((x) => x.text)]];
    for (const [title, lines] of parts) {
      if (!lines.length) continue;
      const h = document.createElement("h4");
      h.textContent = title;
      const ul = document.createElement("ul");
      for (const line of lines) ul.appendChild(Object.assign(document.createElement("li"), { textContent: line }));
      card.append(h, ul);
    }
    box.appendChild(card);
  }
}

// -- drawers (narrow screens: the sidebar and the memory panel slide over the chat) -------
function openDrawer(name) {
  closeDrawers();
  $("app").classList.add(`show-${name}`);
  $(name === "sidebar" ? "menu-toggle" : "memory-toggle").setAttribute("aria-expanded", "true");
}

function closeDrawers() {
  $("app").classList.remove("show-sidebar", "show-memory");
  for (const id of ["menu-toggle", "memory-toggle"]) $(id).setAttribute("aria-expanded", "false");
}

// -- wiring -----------------------------------------------------------------------------
function showError(message) { $("chat-error").textContent = message; }
function scrollDown() { const m = $("messages"); m.scrollTop = m.scrollHeight; }

$("login-form").addEventListener("submit", async (ev) => {
  ev.preventDefault();
  $("login-error").textContent = "";
  try {
    const res = await api("POST", "/v1/session", { key: $("login-key").value.trim() });
    $("login-key").value = "";
    await showApp(res.person, "session");
  } catch (e) { $("login-error").textContent = e.message; }
});
$("visitor-start").addEventListener("click", () => startVisitor().catch((e) => { $("login-error").textContent = e.message; }));
$("logout").addEventListener("click", async () => {
  await api("DELETE", "/v1/session");
  state.conversationId = null;
  history.replaceState(null, "", location.pathname + location.search);
  boot();
});
$("new-chat").addEventListener("click", () => { closeDrawers(); newChat(); });
$("menu-toggle").addEventListener("click", () => openDrawer("sidebar"));
$("memory-toggle").addEventListener("click", () => openDrawer("memory"));
$("scrim").addEventListener("click", closeDrawers);
document.addEventListener("keydown", (ev) => { if (ev.key === "Escape") closeDrawers(); });
$("rename").addEventListener("click", renameCurrent);
$("delete").addEventListener("click", deleteCurrent);
$("keep-warm").addEventListener("change", toggleKeepWarm);
$("undo-fact").addEventListener("click", undoFact);
$("composer").addEventListener("submit", (ev) => {
  ev.preventDefault();
  const text = $("input").value;
  if (!text.trim()) return;
  $("input").value = "";
  send(text);
});
$("input").addEventListener("keydown", (ev) => {
  if (ev.key === "Enter" && !ev.shiftKey) { ev.preventDefault(); $("composer").requestSubmit(); }
});

boot().catch((e) => { document.body.textContent = `threadkeep could not start: ${e.message}`; });
