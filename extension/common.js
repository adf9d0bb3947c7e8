// Shared by the side panel and the options page: settings and calls to the public API.
// Every call sends the person's key as a bearer token; no cookies are involved.
"use strict";

const tk = {
  async settings() {
    return chrome.storage.local.get(["serverUrl", "apiKey"]);
  },

  /** "https://host/path/" -> "https://host/path"; "" for anything that is not http(s). */
  normaliseUrl(raw) {
    try {
      const url = new URL(String(raw).trim());
      if (url.protocol !== "http:" && url.protocol !== "https:") return "";
      return url.href.replace(/\/+$/, "");
    } catch (_) {
      return "";
    }
  },

  headers({ apiKey }, extra = {}) {
    return { Authorization: `Bearer ${apiKey}`, ...extra };
  },

  async errorMessage(res) {
    try {
      const data = await res.json();
      return (data.error && data.error.message) || res.statusText || `HTTP ${res.status}`;
    } catch (_) {
      return res.statusText || `HTTP ${res.status}`;
    }
  },

  /** A JSON call; throws an Error with the server's own message on failure. */
  async request(conf, method, path, body) {
    const opts = { method, headers: tk.headers(conf), credentials: "omit" };
    if (body !== undefined) {
      opts.headers["Content-Type"] = "application/json";
      opts.body = JSON.stringify(body);
    }
    let res;
    try {
      res = await fetch(conf.serverUrl + path, opts);
    } catch (e) {
      throw new Error(`Cannot reach ${conf.serverUrl}: ${e.message}`);
    }
    if (!res.ok) throw new Error(await tk.errorMessage(res));
    return res.status === 204 ? null : res.json();
  },

  /** Server-Sent Events from a fetch body, as {event, data} while they arrive. */
  async *events(res) {
    const reader = res.body.getReader();
    const decoder = new TextDecoder();
    let buffer = "";
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      // Normalise CRLF so one blank-line rule finds every event boundary.
      buffer += decoder.decode(value, { stream: true }).replace(/\r\n?/g, "\n");
      let cut;
      while ((cut = buffer.indexOf("\n\n")) >= 0) {
        const block = buffer.slice(0, cut);
        buffer = buffer.slice(cut + 2);
        let event = "message";
        const data = [];
        for (const line of block.split("\n")) {
          if (line.startsWith("event:")) event = line.slice(6).trim();
          else if (line.startsWith("data:")) data.push(line.slice(5).replace(/^ /, ""));
        }
        // Comment-only blocks (": ping") carry no data and are keep-alives.
        if (data.length) yield { event, data: JSON.parse(data.join("\n")) };
      }
    }
  },
};
