// Options: the server URL and the person's API key, in chrome.storage.local (never synced).
"use strict";

const field = (id) => document.getElementById(id);

function setStatus(text, ok) {
  const el = field("status");
  el.textContent = text;
  el.className = ok ? "ok" : "bad";
}

async function load() {
  const { serverUrl, apiKey } = await tk.settings();
  field("server-url").value = serverUrl || "";
  field("api-key").value = apiKey || "";
}

function entered() {
  return { serverUrl: tk.normaliseUrl(field("server-url").value), apiKey: field("api-key").value.trim() };
}

field("settings").addEventListener("submit", async (ev) => {
  ev.preventDefault();
  const values = entered();
  if (!values.serverUrl) return setStatus("The server URL must start with http:// or https://", false);
  await chrome.storage.local.set(values);
  field("server-url").value = values.serverUrl;
  setStatus("Saved.", true);
});

field("test").addEventListener("click", async () => {
  const values = entered();
  if (!values.serverUrl) return setStatus("The server URL must start with http:// or https://", false);
  try {
    const me = await tk.request(values, "GET", "/v1/me");
    setStatus(`Connected as ${me.person}.`, true);
  } catch (e) {
    setStatus(e.message, false);
  }
});

load();
