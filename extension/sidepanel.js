// threadkeep side panel: a small client of the public API (POST /v1/messages, streamed).
// The conversation lives on the server; this page keeps only its id. Text from the server or
// from web pages is always inserted with textContent, never as HTML.
"use strict";

const $ = (id) => document.getElementById(id);
const MAX_SELECTION = 20000; // characters; a selection is context, not a document upload
const state = { conf: null, conversationId: null, pending: null, sending: false, contextField: null };

// -- settings and conversation id -------------------------------------------------------------
async function loadSettings() {
  const conf = await tk.settings();
  state.conf = conf.serverUrl && conf.apiKey ? conf : null;
  $("setup").hidden = Boolean(state.conf);
  state.contextField = null; // another server may accept other fields
}

async function setConversation(id) {
  state.conversationId = id;
  if (id) await chrome.storage.local.set({ conversationId: id });
  else await chrome.storage.local.remove("conversationId");
}

function showError(text) {
  $("error").textContent = text || "";
  $("error").hidden = !text;
}

// -- messages on screen --------------------------------------------------------------------
function addMessage(role, text, note) {
  const li = document.createElement("li");
  li.className = `msg ${role}`;
  if (note) {
    const small = document.createElement("div");
    small.className = "note";
    small.textContent = note;
    li.appendChild(small);
  }
  const body = document.createElement("div");
  body.className = "text";
  body.textContent = text;
  li.appendChild(body);
  $("messages").appendChild(li);
  li.scrollIntoView({ block: "end" });
  return li;
}

async function showHistory() {
  $("messages").replaceChildren();
  if (!state.conf || !state.conversationId) return;
  try {
    const conv = await tk.request(state.conf, "GET", `/v1/conversations/${encodeURIComponent(state.conversationId)}`);
    for (const m of conv.messages) {
      const li = addMessage(m.role, m.text);
      if (m.role === "assistant" && m.id) addThumbs(li, m.id, m.rating || null);
    }
  } catch (e) {
    // Deleted on the server (or another key): start afresh rather than fail every send.
    await setConversation(null);
  }
}

// -- the selection, for one message only -------------------------------------------------------
function showPending() {
  const ctx = state.pending;
  $("context").hidden = !ctx;
  $("context-text").textContent = ctx ? ctx.text : "";
  $("context-source").textContent = ctx && ctx.title ? ` — from “${ctx.title}”` : "";
}

async function setPending(ctx) {
  if (ctx && ctx.text.length > MAX_SELECTION) ctx = { ...ctx, text: ctx.text.slice(0, MAX_SELECTION) + " […]" };
  state.pending = ctx;
  showPending();
  // Session storage: the context menu hands selections over through it; cleared once used.
  if (ctx) await chrome.storage.session.set({ pendingContext: ctx });
  else await chrome.storage.session.remove("pendingContext");
}

async function pageTab() {
  const web = (t) => t && /^https?:/.test(t.url || "");
  const [active] = await chrome.tabs.query({ active: true, lastFocusedWindow: true });
  if (web(active)) return active;
  // The panel opened as a tab of its own (or no web page in front): the page used last.
  const tabs = (await chrome.tabs.query({})).filter(web);
  tabs.sort((a, b) => (b.lastAccessed || 0) - (a.lastAccessed || 0));
  return tabs[0] || null;
}

async function useSelection() {
  showError("");
  const tab = await pageTab();
  if (!tab) return showError("No web page is open to take a selection from.");
  let found;
  try {
    const [injection] = await chrome.scripting.executeScript({
      target: { tabId: tab.id, allFrames: false },
      func: () => ({ text: String(window.getSelection() || ""), url: location.href, title: document.title }),
    });
    found = injection && injection.result;
  } catch (e) {
    return showError(`Cannot read this page's selection: ${e.message}`);
  }
  if (!found || !found.text.trim()) return showError("Select some text on the page first.");
  await setPending({ text: found.text.trim(), url: found.url, title: found.title });
}

/** Whether the server's SendMessage takes a one-turn `context` string (checked once). */
async function serverTakesContext() {
  if (state.contextField !== null) return state.contextField;
  try {
    const res = await fetch(state.conf.serverUrl + "/openapi.json", { credentials: "omit" });
    const schema = (await res.json()).components.schemas.SendMessage.properties.context;
    const types = schema ? [schema.type, ...(schema.anyOf || []).map((s) => s.type)] : [];
    state.contextField = types.includes("string");
  } catch (_) {
    state.contextField = false;
  }
  return state.contextField;
}

function framed(ctx, question) {
  // The API has no one-turn context field yet, so the selection rides inside this one
  // message, fenced so the model can tell quoted page text from the person's own words.
  const attr = (s) => String(s || "").replace(/["<>\n]/g, " ");
  const body = ctx.text.replace(/<\/page_selection/gi, "<\\/page_selection");
  return `<page_selection title="${attr(ctx.title)}" url="${attr(ctx.url)}">\n${body}\n</page_selection>\n\n${question}`;
}

// -- sending and streaming -------------------------------------------------------------------
async function send(question) {
  if (state.sending || !question.trim()) return;
  if (!state.conf) return showError("Set the server URL and your API key in Settings first.");
  state.sending = true;
  $("send").disabled = true;
  showError("");
  const ctx = state.pending;
  const body = { text: question, conversation_id: state.conversationId, stream: true };
  if (ctx) {
    if (await serverTakesContext()) body.context = framed(ctx, "").trimEnd();
    else body.text = framed(ctx, question);
  }
  const mine = addMessage("user", question, ctx ? `with the selection from “${ctx.title || ctx.url}”` : "");
  try {
    let res;
    try {
      res = await fetch(state.conf.serverUrl + "/v1/messages", {
        method: "POST", credentials: "omit",
        headers: tk.headers(state.conf, { "Content-Type": "application/json", Accept: "text/event-stream" }),
        body: JSON.stringify(body),
      });
    } catch (e) {
      throw new Error(`Cannot reach ${state.conf.serverUrl}: ${e.message}`);
    }
    if (!res.ok) {
      mine.remove();
      $("input").value = question;
      throw new Error(await tk.errorMessage(res));
    }
    $("input").value = "";
    if (ctx) await setPending(null); // it was for this message only
    await streamAnswer(res);
  } catch (e) {
    showError(e.message);
  } finally {
    state.sending = false;
    $("send").disabled = false;
  }
}

async function streamAnswer(res) {
  const answer = addMessage("assistant", "");
  answer.classList.add("streaming");
  const text = answer.querySelector(".text");
  try {
    for await (const { event, data } of tk.events(res)) {
      if (event === "conversation") {
        await setConversation(data.conversation_id);
      } else if (event === "tool") {
        answer.dataset.tool = `${data.tool}: ${data.status}`;
      } else if (event === "delta") {
        text.textContent += data.text;
        answer.scrollIntoView({ block: "end" });
      } else if (event === "citations") {
        showCitations(answer, data.items || []);
      } else if (event === "done") {
        text.textContent = data.text;
        if (data.assistant_message_id) addThumbs(answer, data.assistant_message_id, null);
      } else if (event === "error") {
        answer.remove();
        showError(`${data.error} (your message is kept on the server)`);
      }
    }
  } finally {
    answer.classList.remove("streaming");
    delete answer.dataset.tool;
  }
}

// -- thumbs up/down beside every answer (PUT/DELETE /v1/messages/{id}/feedback) ---------------
function addThumbs(li, messageId, rating) {
  const bar = document.createElement("div");
  bar.className = "thumbs";
  for (const [value, label, name] of [["up", "▲ Good", "Good answer"], ["down", "▼ Bad", "Bad answer"]]) {
    const b = document.createElement("button");
    b.type = "button";
    b.className = `secondary thumb thumb-${value}`;
    b.textContent = label;
    b.title = name;
    b.setAttribute("aria-label", name);
    b.addEventListener("click", () => rate(bar, messageId, value));
    bar.appendChild(b);
  }
  showRating(bar, rating);
  li.appendChild(bar);
}

function showRating(bar, rating) {
  for (const b of bar.querySelectorAll(".thumb")) {
    const on = b.classList.contains(`thumb-${rating}`);
    b.classList.toggle("on", on);
    b.setAttribute("aria-pressed", String(on));
  }
}

async function rate(bar, messageId, value) {
  // Clicking the rating already given clears it.
  const current = bar.querySelector(".thumb.on");
  const clear = current && current.classList.contains(`thumb-${value}`);
  showError("");
  try {
    const path = `/v1/messages/${encodeURIComponent(messageId)}/feedback`;
    if (clear) await tk.request(state.conf, "DELETE", path);
    else await tk.request(state.conf, "PUT", path, { rating: value });
    showRating(bar, clear ? null : value);
  } catch (e) {
    showError(e.message);
  }
}

function showCitations(answer, items) {
  if (!items.length) return;
  const list = document.createElement("ul");
  list.className = "citations";
  for (const c of items) {
    const li = document.createElement("li");
    li.textContent = `[${c.key}] ${c.title}, part ${c.part}`;
    list.appendChild(li);
  }
  answer.appendChild(list);
}

async function newChat() {
  // The conversation stays on the server; dropping its id here is what makes the next message
  // open a new one.
  await setConversation(null);
  $("messages").replaceChildren();
  showError("");
  $("input").focus();
}

// -- wiring -------------------------------------------------------------------------------------
$("composer").addEventListener("submit", (ev) => {
  ev.preventDefault();
  send($("input").value);
});
$("input").addEventListener("keydown", (ev) => {
  if (ev.key === "Enter" && !ev.shiftKey && !ev.isComposing) {
    ev.preventDefault();
    $("composer").requestSubmit();
  }
});
$("new-chat").addEventListener("click", newChat);
$("use-selection").addEventListener("click", useSelection);
$("context-clear").addEventListener("click", () => setPending(null));
for (const id of ["open-settings", "setup-link"]) {
  $(id).addEventListener("click", (ev) => { ev.preventDefault(); chrome.runtime.openOptionsPage(); });
}

chrome.storage.onChanged.addListener(async (changes, area) => {
  if (area === "local" && (changes.serverUrl || changes.apiKey)) {
    await loadSettings();
    await showHistory();
  } else if (area === "session" && changes.pendingContext) {
    state.pending = changes.pendingContext.newValue || null;
    showPending();
  }
});

(async function start() {
  await loadSettings();
  state.conversationId = (await chrome.storage.local.get("conversationId")).conversationId || null;
  state.pending = (await chrome.storage.session.get("pendingContext")).pendingContext || null;
  showPending();
  await showHistory();
  document.body.dataset.ready = "true";
})();
