// threadkeep admin console: plain JS over the /v1/admin API, charts drawn as inline SVG.
// Nothing is loaded from elsewhere: the page must work on a server without internet access.
"use strict";

const $ = (id) => document.getElementById(id);
const counted = (n, noun) => `${n} ${n === 1 ? noun : `${noun}s`}`; // "1 turn", "2 turns"

async function call(method, path, body, headers = {}) {
  const opts = { method, credentials: "same-origin", headers: { ...headers } };
  if (body !== undefined) {
    opts.headers["Content-Type"] = "application/json";
    opts.body = JSON.stringify(body);
  }
  const res = await fetch(path, opts);
  if (!res.ok) {
    let msg = `${res.status}`;
    try { msg = (await res.json()).error.message; } catch (_) { /* not JSON */ }
    const err = new Error(msg);
    err.status = res.status;
    throw err;
  }
  return res.status === 204 ? null : res.json();
}

// One status line under the header: a success replaces any earlier error, and errors look
// like errors (role=alert reads them out; the class colours them).
function say(text) { status(text, "ok"); }
function fail(e) { status(`Error: ${e.message}`, "error"); }
function status(text, kind) {
  const el = $("admin-status");
  el.textContent = text;
  el.classList.toggle("error", kind === "error" && !!text);
  el.classList.toggle("ok", kind === "ok" && !!text);
  el.setAttribute("role", kind === "error" ? "alert" : "status");
}

// Timestamps as people read them, in the browser's time zone; the exact value stays in the tooltip.
const WHEN = new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "short" });
function when(iso) {
  if (!iso) return null;
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : WHEN.format(d);
}
function timeCell(row, iso) {
  const td = cell(row, when(iso));
  if (iso) td.title = iso;
  return td;
}

// Ratings as words with a drawn arrow: no emoji, which shows as an empty box without an emoji font.
function ratingLabel(value) { return value === "up" ? "▲ up" : "▼ down"; }

function cell(row, value) {
  const td = document.createElement("td");
  td.textContent = value === null || value === undefined ? "—" : String(value);
  row.appendChild(td);
  return td;
}

function fillTable(id, rows, render) {
  const body = $(id).querySelector("tbody");
  body.replaceChildren();
  for (const item of rows) {
    const tr = document.createElement("tr");
    render(tr, item);
    body.appendChild(tr);
  }
}

function pct(x) { return x === null || x === undefined ? "—" : `${(x * 100).toFixed(1)}%`; }

// -- boot and sections ---------------------------------------------------------------------
async function boot() {
  try {
    await call("GET", "/v1/admin/whoami");
  } catch (e) {
    if (e.status === 403) { $("admin-forbidden").hidden = false; return; }
    $("admin-login").hidden = false;
    return;
  }
  $("admin-app").hidden = false;
  const wanted = (location.hash.match(/^#(\w+)/) || [])[1] || "tools";
  show(wanted);
}

const loaders = {
  tools: loadTools, keepwarm: loadWarm, retention: loadRetention, identities: loadPeople,
  keys: loadKeys, surfaces: loadSurfaces, cache: loadCache, reasks: loadReasks,
  feedback: loadFeedback, digests: loadPeople,
};

function show(name) {
  if (!loaders[name]) name = "tools";
  for (const s of document.querySelectorAll(".admin main section")) s.classList.toggle("shown", s.id === `section-${name}`);
  for (const b of document.querySelectorAll("#admin-nav button[data-section]")) b.classList.toggle("active", b.dataset.section === name);
  history.replaceState(null, "", `#${name}`);
  say("");
  // data-loaded tells a person (and the browser tests) that the form shows the server's values:
  // editing before that would be overwritten when the values arrive.
  const section = $(`section-${name}`);
  section.removeAttribute("data-loaded");
  loaders[name]().then(() => { section.dataset.loaded = "1"; }).catch(fail);
}

// -- tools ---------------------------------------------------------------------------------
async function loadTools() {
  const t = await call("GET", "/v1/admin/tools");
  $("web-search-enabled").checked = !!t.web_search.enabled;
  $("web-search-provider").value = t.web_search.provider || "searxng";
  $("web-search-url").value = t.web_search.url || "";
}

async function saveTools() {
  const body = { web_search: { enabled: $("web-search-enabled").checked, provider: $("web-search-provider").value,
    url: $("web-search-url").value.trim() || null } };
  await call("PUT", "/v1/admin/tools", body);
  say("Tool catalogue saved.");
}

// -- keep-warm -----------------------------------------------------------------------------
let warmSettings = null;

async function loadWarm() {
  warmSettings = await call("GET", "/v1/admin/keep-warm");
  $("warm-enabled").checked = !!warmSettings.enabled;
  $("warm-max-sessions").value = warmSettings.max_sessions;
  $("warm-max-minutes").value = warmSettings.max_warm_minutes;
  const q = warmSettings.quiet_hours || {};
  $("warm-quiet-start").value = q.start || "";
  $("warm-quiet-end").value = q.end || "";
  $("warm-quiet-tz").value = q.tz || "";
  const { sessions } = await call("GET", "/v1/admin/keep-warm/sessions");
  fillTable("warm-sessions", sessions, (tr, s) => {
    cell(tr, s.conversation_id.slice(0, 8)); cell(tr, s.person); cell(tr, s.channel);
    cell(tr, s.state).className = `state-${s.state}`; cell(tr, s.reason); cell(tr, s.pings);
    timeCell(tr, s.last_activity_at);
  });
}

async function saveWarm() {
  const body = { ...(warmSettings || {}) };
  body.enabled = $("warm-enabled").checked;
  body.max_sessions = Number($("warm-max-sessions").value);
  body.max_warm_minutes = Number($("warm-max-minutes").value);
  const start = $("warm-quiet-start").value.trim();
  const end = $("warm-quiet-end").value.trim();
  const tz = $("warm-quiet-tz").value.trim();
  body.quiet_hours = start && end ? { start, end, tz: tz || "UTC" } : null;
  warmSettings = await call("PUT", "/v1/admin/keep-warm", body);
  say("Keep-warm settings saved.");
}

// -- retention and content policy ----------------------------------------------------------
async function loadRetention() {
  const r = await call("GET", "/v1/admin/retention");
  $("retention-enabled").checked = r.enabled;
  $("retention-days").value = r.days;
  $("content-enabled").checked = (await call("GET", "/v1/admin/content-policy")).enabled;
}

async function saveRetention() {
  await call("PUT", "/v1/admin/retention", { enabled: $("retention-enabled").checked, days: Number($("retention-days").value) });
  say("Retention policy saved.");
}

async function saveContent() {
  await call("PUT", "/v1/admin/content-policy", { enabled: $("content-enabled").checked });
  say("Content policy saved.");
}

// -- people and identities -----------------------------------------------------------------
async function loadPeople() {
  const { people } = await call("GET", "/v1/admin/people");
  const list = $("people-list");
  list.replaceChildren(...people.map((p) => Object.assign(document.createElement("option"), { value: p })));
}

async function showIdentities() {
  const person = $("identity-person").value.trim();
  if (!person) return;
  const { identities } = await call("GET", `/v1/admin/people/${encodeURIComponent(person)}/identities`);
  fillTable("identities", identities, (tr, i) => {
    cell(tr, i.channel); cell(tr, i.external_id);
    const b = Object.assign(document.createElement("button"), { type: "button", textContent: "Unlink", className: "unlink" });
    b.addEventListener("click", () => call("DELETE", `/v1/admin/identities/${encodeURIComponent(i.channel)}/${encodeURIComponent(i.external_id)}`)
      .then(showIdentities).then(() => say("Unlinked.")).catch(fail));
    tr.appendChild(document.createElement("td")).appendChild(b);
  });
}

async function linkIdentity() {
  const linked = await call("POST", "/v1/admin/identities", { person: $("identity-person").value.trim(),
    channel: $("identity-channel").value, external_id: $("identity-external").value.trim() });
  // An identity that had its own person merges that person into this one (pending).
  const m = linked && linked.merge;
  say(m ? `Linked. ${m.source} was merged into ${m.into} (${counted(m.counts.conversations || 0, "conversation")}); `
        + `merge ${m.id} is pending: POST /v1/admin/merges/${m.id}/undo or /confirm.` : "Linked.");
  await showIdentities();
}

// -- API keys ------------------------------------------------------------------------------
async function loadKeys() {
  const { keys } = await call("GET", "/v1/admin/keys");
  fillTable("keys", keys, (tr, k) => {
    tr.dataset.prefix = k.prefix;
    cell(tr, k.prefix); cell(tr, k.scope); cell(tr, k.person); cell(tr, k.name); timeCell(tr, k.created_at); timeCell(tr, k.last_used_at);
    const b = Object.assign(document.createElement("button"), { type: "button", textContent: "Revoke", className: "revoke danger" });
    b.addEventListener("click", () => {
      if (!confirm(`Revoke ${k.prefix}…?`)) return;
      call("DELETE", `/v1/admin/keys/${encodeURIComponent(k.id)}`).then(loadKeys).then(() => say("Revoked.")).catch(fail);
    });
    tr.appendChild(document.createElement("td")).appendChild(b);
  });
}

async function createKey() {
  const scope = $("key-scope").value;
  const body = { scope, name: $("key-name").value.trim() || null };
  if (scope === "person") body.person = $("key-person").value.trim();
  const made = await call("POST", "/v1/admin/keys", body);
  const once = $("key-once");
  once.hidden = false;
  once.textContent = `New ${made.scope} key (shown once): ${made.key}`;
  await loadKeys();
  say(`Created a ${made.scope} key; copy it now, it is not shown again.`);
}

// -- surfaces ------------------------------------------------------------------------------
async function loadSurfaces() {
  const { surfaces } = await call("GET", "/v1/admin/surfaces");
  fillTable("surfaces", surfaces, (tr, s) => {
    tr.dataset.surface = s.surface;
    cell(tr, s.surface);
    cell(tr, s.configured ? "configured" : `not configured (${s.missing.join(", ")})`);
    timeCell(tr, s.last_event_at); timeCell(tr, s.last_answer_at); cell(tr, s.last_error);
  });
}

// -- charts (inline SVG) -------------------------------------------------------------------
const SVG = "http://www.w3.org/2000/svg";
const COLORS = ["#3b6ea5", "#d9822b", "#5a9e4b", "#b8434a", "#7d5ba6", "#888"];

function svgEl(tag, attrs, text) {
  const el = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v);
  if (text !== undefined) el.textContent = text;
  return el;
}

// Grouped bars: labels along x, one bar per series in each group. series: [{name, values}].
function barChart(target, labels, series, { format = (v) => String(v), max = null } = {}) {
  const w = 460, h = 220, left = 50, bottom = 40, top = 20;
  const svg = svgEl("svg", { viewBox: `0 0 ${w} ${h}`, width: "100%", role: "img", class: "chart" });
  const all = series.flatMap((s) => s.values);
  const top_ = max ?? Math.max(1e-9, ...all);
  const groupW = (w - left - 10) / Math.max(1, labels.length);
  const barW = Math.max(2, groupW / (series.length + 1));
  svg.appendChild(svgEl("line", { x1: left, y1: h - bottom, x2: w - 5, y2: h - bottom, stroke: "#999" }));
  svg.appendChild(svgEl("text", { x: 2, y: top, "font-size": 10 }, format(top_)));
  labels.forEach((label, i) => {
    series.forEach((s, j) => {
      const v = s.values[i] || 0;
      const bh = (h - bottom - top) * (v / top_);
      const rect = svgEl("rect", { x: left + i * groupW + j * barW, y: h - bottom - bh, width: barW - 1, height: Math.max(0, bh),
        fill: COLORS[j % COLORS.length], "data-series": s.name, "data-value": v });
      rect.appendChild(svgEl("title", {}, `${s.name} ${label}: ${format(v)}`));
      svg.appendChild(rect);
    });
    svg.appendChild(svgEl("text", { x: left + i * groupW + 2, y: h - bottom + 14, "font-size": 9 }, String(label).slice(-10)));
  });
  series.forEach((s, j) => {
    svg.appendChild(svgEl("rect", { x: left + j * 120, y: h - 14, width: 10, height: 10, fill: COLORS[j % COLORS.length] }));
    svg.appendChild(svgEl("text", { x: left + 14 + j * 120, y: h - 5, "font-size": 10 }, s.name));
  });
  if (!labels.length) svg.appendChild(svgEl("text", { x: w / 2 - 30, y: h / 2, "font-size": 12 }, "no data"));
  $(target).replaceChildren(svg);
}

// -- cache dashboard -----------------------------------------------------------------------
async function loadCache() {
  const days = Number($("cache-period").value);
  const since = days ? `?since=${encodeURIComponent(new Date(Date.now() - days * 86400e3).toISOString())}` : "";
  const r = await call("GET", `/v1/admin/cache-report${since}`);
  const money = (v) => `$${Number(v).toFixed(4)}`;
  $("cache-summary").textContent = `${counted(r.turns, "turn")}, ${counted(r.pings, "ping")}; cached share ${pct(r.cached_share)} of input tokens; ` +
    `cost ${money(r.cost)} vs ${money(r.cost_without_cache)} without the cache; ${counted(r.rewrites, "rewrite")} (${r.rewrites_under_ttl} under the TTL).`;
  $("cache-note").textContent = r.note || "";
  $("cache-note").hidden = !r.note;
  const labels = Object.keys(r.days);
  const hitShare = labels.map((d) => {
    const day = r.days[d];
    const turns = Object.entries(day).filter(([k]) => !k.startsWith("cost") && k !== "ping_cost").reduce((a, [, v]) => a + v, 0);
    return turns ? (day.hit || 0) / turns : 0;
  });
  barChart("chart-share", labels, [{ name: "turns that hit", values: hitShare }], { format: pct, max: 1 });
  const causes = Object.entries(r.causes).filter(([k]) => k !== "hit");
  barChart("chart-causes", causes.map(([k]) => k), [
    { name: "turns", values: causes.map(([, v]) => v) },
    { name: "under the TTL", values: causes.map(([k]) => r.under_ttl_causes[k] || 0) }]);
  barChart("chart-cost", labels, [
    { name: "with cache", values: labels.map((d) => r.days[d].cost || 0) },
    { name: "without cache", values: labels.map((d) => r.days[d].cost_without_cache || 0) }], { format: money });
  barChart("chart-warm", ["keep-warm"], [
    { name: "spent on pings", values: [r.keep_warm_spend] }, { name: "saved", values: [r.keep_warm_savings] }], { format: money });
}

// -- re-asks -------------------------------------------------------------------------------
async function loadReasks() {
  const r = await call("GET", "/v1/admin/reasks");
  const days = Object.entries(r.by_day);
  barChart("chart-reasks", days.map(([d]) => d), [{ name: "re-ask rate", values: days.map(([, v]) => v.rate) }], { format: pct });
  fillTable("reasks-days", days, (tr, [d, v]) => { cell(tr, d); cell(tr, v.answers); cell(tr, v.questions); cell(tr, v.reasks); cell(tr, pct(v.rate)); });
  fillTable("reasks-configs", Object.entries(r.by_config), (tr, [c, v]) => { cell(tr, c); cell(tr, v.answers); cell(tr, v.reasks); cell(tr, pct(v.rate)); });
}

// -- feedback ------------------------------------------------------------------------------
function rateRows(id, entries) {
  fillTable(id, entries, (tr, [k, v]) => {
    cell(tr, k);
    cell(tr, `${v.up} up`).className = "rating-up";
    cell(tr, `${v.down} down`).className = "rating-down";
    cell(tr, `${pct(v.up_rate)} up`);
  });
}

async function loadFeedback() {
  const r = await call("GET", "/v1/admin/feedback");
  $("feedback-totals").textContent = `${counted(r.totals.total, "rated answer")}, ${pct(r.totals.up_rate)} thumbs up. ` +
    (r.content_allowed ? "Admins may read rated conversations." : "Content policy: counts only (conversation text hidden).");
  rateRows("feedback-days", Object.entries(r.by_day));
  rateRows("feedback-surfaces", Object.entries(r.by_surface));
  rateRows("feedback-search", Object.entries(r.by_search).map(([k, v]) => [k === "searched" ? "searched knowledge" : "no search", v]));
  fillTable("feedback-rated", r.rated, (tr, x) => {
    timeCell(tr, x.rated_at); cell(tr, x.person); cell(tr, x.channel);
    cell(tr, ratingLabel(x.rating)).className = `rating-${x.rating}`;
    cell(tr, x.searched_knowledge ? "yes" : "no");
    const b = Object.assign(document.createElement("button"), { type: "button", textContent: "Open", className: "open-rated" });
    b.addEventListener("click", () => openRated(x.conversation_id).catch(fail));
    tr.appendChild(document.createElement("td")).appendChild(b);
  });
}

async function openRated(id) {
  const c = await call("GET", `/v1/admin/feedback/conversations/${encodeURIComponent(id)}`);
  const box = $("feedback-conversation");
  const list = document.createElement("ol");
  list.className = "rated-messages";
  for (const m of c.messages) {
    const li = document.createElement("li");
    const text = m.text === null ? Object.assign(document.createElement("span"), { className: "hidden-text", textContent: "[text hidden by the content policy]" })
      : Object.assign(document.createElement("span"), { className: "text", textContent: m.text });
    li.append(`${m.role}${m.rating ? ` (${ratingLabel(m.rating)})` : ""}: `, text);
    list.appendChild(li);
  }
  const h = Object.assign(document.createElement("h3"), { textContent: `Conversation of ${c.person} (${c.channel})` });
  box.replaceChildren(h, list);
}

// -- digests -------------------------------------------------------------------------------
async function runDigest() {
  const body = { period: $("digest-period").value };
  if (!$("digest-start").value) {
    $("digest-start").focus();
    throw new Error(`pick a day in the ${body.period} to build; nothing was queued.`);
  }
  body.start = $("digest-start").value;
  if ($("digest-person").value.trim()) body.person = $("digest-person").value.trim();
  const r = await call("POST", "/v1/admin/digests/run", body);
  const who = body.person ? `for ${body.person}` : "for everyone";
  say(`Digests of ${r.start} – ${r.end} ${who} ${r.queued ? "queued" : "were already queued"}: ` +
      "the background job builds them next; people read them in the web app.");
}

// -- wiring --------------------------------------------------------------------------------
function onSubmit(id, fn) {
  $(id).addEventListener("submit", (ev) => { ev.preventDefault(); say(""); fn().catch(fail); });
}

$("admin-login-form").addEventListener("submit", async (ev) => {
  ev.preventDefault();
  const key = $("admin-key").value.trim();
  try {
    await call("POST", "/v1/admin/session", undefined, { Authorization: `Bearer ${key}` });
    $("admin-key").value = "";
    $("admin-login").hidden = true;
    await boot();
  } catch (e) {
    $("admin-login-error").textContent = e.status === 403 ? "That key is not an admin key." : e.message;
  }
});
async function logout() { await fetch("/v1/session", { method: "DELETE", credentials: "same-origin" }); location.reload(); }
$("admin-logout").addEventListener("click", logout);
$("forbidden-logout").addEventListener("click", logout);
for (const b of document.querySelectorAll("#admin-nav button[data-section]")) b.addEventListener("click", () => show(b.dataset.section));
onSubmit("tools-form", saveTools);
onSubmit("warm-form", saveWarm);
onSubmit("retention-form", saveRetention);
$("content-enabled").addEventListener("change", () => saveContent().catch(fail));
onSubmit("identity-form", linkIdentity);
$("identity-show").addEventListener("click", () => showIdentities().catch(fail));
onSubmit("key-form", createKey);
onSubmit("cache-form", loadCache);
onSubmit("digest-form", runDigest);
boot();
