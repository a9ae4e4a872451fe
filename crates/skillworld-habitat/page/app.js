// The habitat page: sign in with a token, browse skills by lifecycle,
// open a skill's details, act on it (admin), watch the curator (admin) and
// preview an agent's catalog. Everything shown comes from the HAB-1 API
// with the signed-in token; nothing is kept across sign-ins (the token
// lives in sessionStorage, and signing out reloads the page).

import { renderMarkdown } from "/page/markdown.js";
import { renderJobs } from "/page/jobs.js";
import { renderProposals } from "/page/proposals.js";

const TOKEN_KEY = "skillworld.token";
const PAGE_SIZE = 24;
const RECENT_DAYS = 7;
const DAY_MS = 86_400_000;

const $ = (id) => document.getElementById(id);
const enc = encodeURIComponent;

/** The signed-in caller: `{token, kind, agent}`. */
let session = null;
/** Admin only: the agents of the world, `[{name, enabled, tools, bindings}]`. */
let agents = [];

const list = { lifecycle: "active", layer: "", origin: "", keyword: "", offset: 0, total: 0, seq: 0 };

// ---------------------------------------------------------------- helpers

/** An element with attributes and children; text children become text nodes. */
function h(tag, attrs = {}, ...children) {
  const element = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === undefined || value === null || value === false) continue;
    if (key === "class") element.className = value;
    else if (key.startsWith("on")) element.addEventListener(key.slice(2), value);
    else element.setAttribute(key, value === true ? "" : value);
  }
  for (const child of children.flat()) {
    if (child === undefined || child === null || child === false) continue;
    element.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return element;
}

function when(ms) {
  if (ms === null || ms === undefined) return "never";
  return `${new Date(ms).toISOString().slice(0, 16).replace("T", " ")} UTC`;
}

function recentlyUsed(item) {
  return item.last_used_at != null && Date.now() - item.last_used_at < RECENT_DAYS * DAY_MS;
}

class ApiError extends Error {
  constructor(status, body) {
    super(body?.error?.message ?? `HTTP ${status}`);
    this.status = status;
    this.code = body?.error?.code;
    this.body = body;
  }
}

async function api(path, { method = "GET", text = false, token = session?.token, body } = {}) {
  const headers = { Authorization: `Bearer ${token}` };
  if (body !== undefined) headers["Content-Type"] = "application/json";
  const response = await fetch(path, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
    cache: "no-store",
    credentials: "omit",
  });
  if (!response.ok) {
    let body = null;
    try {
      body = await response.json();
    } catch {
      // Not JSON: the status says enough.
    }
    if (response.status === 401 && session && token === session.token) {
      signOut();
    }
    throw new ApiError(response.status, body);
  }
  return text ? response.text() : response.json();
}

function isAdmin() {
  return session?.kind === "admin";
}

/** Arrow keys, Home and End move between the tabs of a tablist; moving selects. */
function tablist(element, onSelect) {
  const tabs = () => [...element.querySelectorAll('[role="tab"]')];
  const select = (tab, focus) => {
    for (const other of tabs()) {
      const chosen = other === tab;
      other.setAttribute("aria-selected", String(chosen));
      other.tabIndex = chosen ? 0 : -1;
    }
    if (focus) tab.focus();
    onSelect(tab);
  };
  element.addEventListener("click", (event) => {
    const tab = event.target.closest('[role="tab"]');
    if (tab) select(tab, false);
  });
  element.addEventListener("keydown", (event) => {
    const all = tabs();
    const at = all.indexOf(document.activeElement);
    if (at < 0) return;
    const next = {
      ArrowRight: (at + 1) % all.length,
      ArrowLeft: (at - 1 + all.length) % all.length,
      Home: 0,
      End: all.length - 1,
    }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    select(all[next], true);
  });
  return { select: (tab) => select(tab, false) };
}

function debounce(fn, ms) {
  let timer;
  return (...args) => {
    clearTimeout(timer);
    timer = setTimeout(() => fn(...args), ms);
  };
}

// ------------------------------------------------------------ signing in

async function signIn(token) {
  const who = await api("/api/v1/whoami", { token });
  session = { token, kind: who.kind, agent: who.agent };
  sessionStorage.setItem(TOKEN_KEY, token);
  $("sign-in").hidden = true;
  $("views").hidden = false;
  $("who").hidden = false;
  $("who-text").textContent = isAdmin()
    ? "Signed in as admin"
    : `Signed in as agent ${who.agent}${who.kind === "agent_read_only" ? " (read-only)" : ""}`;
  for (const button of document.querySelectorAll("[data-admin]")) button.hidden = !isAdmin();
  if (isAdmin()) {
    agents = (await api("/api/v1/agents")).agents;
  }
  const layers = $("filter-layer");
  for (const name of isAdmin() ? agents.map((a) => a.name) : [who.agent]) {
    layers.append(h("option", { value: name }, `Agent: ${name}`));
  }
  const catalogAgents = $("catalog-agent");
  for (const name of isAdmin() ? agents.map((a) => a.name) : [who.agent]) {
    catalogAgents.append(h("option", { value: name }, name));
  }
  showView("skills");
  loadSkills();
}

function signOut() {
  sessionStorage.removeItem(TOKEN_KEY);
  session = null;
  // A fresh page: no listing, drawer or catalog of this token survives.
  location.replace(location.pathname);
}

// ------------------------------------------------------------------ views

function showView(name) {
  for (const button of $("views").querySelectorAll("button")) {
    if (button.dataset.view === name) button.setAttribute("aria-current", "page");
    else button.removeAttribute("aria-current");
  }
  for (const view of ["skills", "catalog", "proposals", "curator"]) {
    $(`view-${view}`).hidden = view !== name;
  }
  if (name === "catalog") loadCatalog();
  if (name === "proposals") loadProposals();
  if (name === "curator") loadCurator();
}

// ------------------------------------------------------------ skill list

async function loadSkills() {
  const seq = ++list.seq;
  const params = new URLSearchParams({
    lifecycle: list.lifecycle,
    limit: String(PAGE_SIZE),
    offset: String(list.offset),
  });
  if (list.layer) params.set("layer", list.layer);
  if (list.origin) params.set("origin", list.origin);
  if (list.keyword) params.set("keyword", list.keyword);
  const cards = $("cards");
  cards.setAttribute("aria-busy", "true");
  $("list-status").textContent = "Loading…";
  let page;
  try {
    page = await api(`/api/v1/skills?${params}`);
  } catch (error) {
    if (seq === list.seq) {
      $("list-status").textContent = `Could not list skills: ${error.message}`;
      cards.removeAttribute("aria-busy");
    }
    return;
  }
  if (seq !== list.seq) return; // A newer request is under way.
  list.total = page.total;
  cards.replaceChildren(...page.items.map(card));
  cards.removeAttribute("aria-busy");
  const pages = Math.max(1, Math.ceil(page.total / PAGE_SIZE));
  const current = Math.floor(list.offset / PAGE_SIZE) + 1;
  $("list-status").textContent =
    page.total === 0
      ? `No ${list.lifecycle} skills match.`
      : `${page.total} ${list.lifecycle} skill${page.total === 1 ? "" : "s"}`;
  showListEmpty(page.total === 0);
  $("page-info").textContent = `Page ${current} of ${pages}`;
  $("prev-page").disabled = list.offset === 0;
  $("next-page").disabled = list.offset + PAGE_SIZE >= page.total;
  cards.dataset.loaded = String(seq);
}

/** What to do when a list comes back empty, by what was asked for. */
function emptyAdvice() {
  if (list.keyword || list.origin || (list.layer && list.layer !== "private" && list.layer !== "commons")) {
    return ["Nothing matches these filters.", "Clear the search, or pick All layers and Any origin."];
  }
  if (list.lifecycle === "stale") {
    return ["No stale skills.", "A skill goes stale when it has not been used for the curator's stale_after_days; the Curator tab shows the settings and a dry run."];
  }
  if (list.lifecycle === "archived") {
    return ["No archived skills.", "The curator archives skills that stayed stale long enough; an admin can also archive one from its details."];
  }
  if (list.layer === "private") {
    return ["No private skills yet.", "An agent's own skills appear here once imported (skillworld import DIR --agent NAME, with the server stopped) or written by the agent through its skill tools."];
  }
  return ["No skills yet.", "Import a folder of skills: skillworld import worlds/examples --commons (with the server stopped), or install a bundle over the API (docs/habitat.md)."];
}

function showListEmpty(empty) {
  const box = $("list-empty");
  box.hidden = !empty;
  document.querySelector("#skill-results .pager").hidden = empty;
  if (!empty) return;
  const [what, next] = emptyAdvice();
  box.replaceChildren(h("p", {}, h("strong", {}, what)), h("p", { class: "hint" }, next));
}

function statusBadge(item) {
  if (item.scan === "blocked") return h("span", { class: "badge blocked" }, "blocked");
  const readiness = item.readiness ?? "ready";
  return h("span", { class: `badge ${readiness}` }, readiness);
}

function whereOf(item) {
  return item.agent ? `agent ${item.agent}` : "commons";
}

/** A card: six fields at most (name, description, layer with origin and trust level, status, recent use). */
function card(item) {
  const key = `${item.agent ?? ""}/${item.name}`;
  const article = h(
    "article",
    {
      class: "card",
      tabindex: "0",
      "data-key": key,
      "data-name": item.name,
      "aria-label": `${item.name}, ${whereOf(item)}`,
    },
    h("h3", {}, item.name),
    h("p", { class: "desc" }, item.description),
    h(
      "p",
      { class: "meta" },
      h("span", { class: "where" }, whereOf(item)),
      " · ",
      h("span", { class: "origin" }, item.origin),
      " · ",
      h("span", { class: `trust trust-${item.trust}`, title: "trust level" }, item.trust),
    ),
    h(
      "p",
      { class: "badges" },
      statusBadge(item),
      item.enabled ? null : h("span", { class: "badge off" }, "disabled"),
      recentlyUsed(item) ? h("span", { class: "badge recent" }, "recently used") : null,
    ),
  );
  article.addEventListener("click", () => openDrawer(item, article));
  article.addEventListener("keydown", (event) => {
    if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      openDrawer(item, article);
    }
    const step = { ArrowDown: 1, ArrowRight: 1, ArrowUp: -1, ArrowLeft: -1 }[event.key];
    if (step) {
      const all = [...document.querySelectorAll("#cards .card")];
      const next = all[all.indexOf(article) + step];
      if (next) {
        event.preventDefault();
        next.focus();
      }
    }
  });
  return h("li", {}, article);
}

// ----------------------------------------------------------------- drawer

const drawer = { item: null, view: null, base: "", opener: null, tab: "overview" };
const DRAWER_TABS = [
  ["overview", "Overview"],
  ["body", "Body"],
  ["tools", "Tools"],
  ["lessons", "Lessons"],
  ["security", "Security"],
  ["revisions", "Revisions"],
  ["files", "Files"],
  ["secrets", "Secrets"],
];
let drawerTabs;

function skillBase(item) {
  const layer = item.agent ? `agents/${enc(item.agent)}` : "commons";
  return `/api/v1/${layer}/skills/${enc(item.name)}`;
}

async function openDrawer(item, opener) {
  drawer.item = item;
  drawer.base = skillBase(item);
  drawer.opener = opener;
  drawer.view = null;
  $("drawer-title").textContent = item.name;
  $("drawer-message").textContent = "";
  $("drawer-actions").replaceChildren();
  $("drawer-panel").replaceChildren(h("p", {}, "Loading…"));
  $("drawer").hidden = false;
  $("drawer-backdrop").hidden = false;
  $("main").inert = true;
  document.querySelector("header.top").inert = true;
  $("drawer-close").focus();
  drawerTabs.select($("drawer-tab-overview"));
  try {
    drawer.view = await api(drawer.base);
  } catch (error) {
    $("drawer-panel").replaceChildren(h("p", { class: "error" }, `Could not open the skill: ${error.message}`));
    return;
  }
  if (drawer.item !== item) return;
  renderActions();
  renderTab();
}

function closeDrawer() {
  if ($("drawer").hidden) return;
  $("drawer").hidden = true;
  $("drawer-backdrop").hidden = true;
  $("main").inert = false;
  document.querySelector("header.top").inert = false;
  const key = drawer.opener?.dataset.key;
  // The list may have been redrawn meanwhile: find the card again.
  const target =
    (drawer.opener?.isConnected && drawer.opener) ||
    [...document.querySelectorAll("#cards .card")].find((c) => c.dataset.key === key) ||
    document.querySelector("#cards .card") ||
    $("main");
  drawer.item = null;
  target.focus();
}

function renderActions() {
  const actions = $("drawer-actions");
  actions.replaceChildren();
  if (!isAdmin() || !drawer.view) return;
  const view = drawer.view;
  const act = (label, action) => h("button", { type: "button", "data-action": action, onclick: () => skillAction(action) }, label);
  actions.append(
    view.enabled ? act("Disable", "disable") : act("Enable", "enable"),
    view.pinned ? act("Unpin", "unpin") : act("Pin", "pin"),
    view.lifecycle === "archived" ? act("Restore", "restore") : act("Archive", "archive"),
  );
  if (view.lifecycle === "stale") actions.append(act("Restore", "restore"));
}

async function skillAction(action, force = false) {
  const message = $("drawer-message");
  message.textContent = `${action}…`;
  try {
    drawer.view = await api(`${drawer.base}/${action}${force ? "?force=true" : ""}`, { method: "POST" });
  } catch (error) {
    if (error.status === 409 && error.code === "bound_skill" && !force) {
      const bound = error.body.error.bound_agents ?? [];
      const yes = await confirmDialog(
        `Archive ${drawer.item.name}?`,
        h(
          "div",
          {},
          h("p", {}, "This skill is bound to these agents; archiving takes it away from them:"),
          h("ul", { id: "bound-agents" }, bound.map((agent) => h("li", {}, agent))),
        ),
        "Archive anyway",
      );
      if (yes) return skillAction(action, true);
      message.textContent = "Not archived.";
      return;
    }
    message.textContent = `Could not ${action}: ${error.message}`;
    return;
  }
  const done = { enable: "Enabled", disable: "Disabled", pin: "Pinned", unpin: "Unpinned", archive: "Archived", restore: "Restored" };
  message.textContent = `${done[action] ?? action}.`;
  renderActions();
  renderTab();
  loadSkills();
}

/** A modal question; resolves true for yes. Escape or Cancel says no. */
function confirmDialog(title, body, yesLabel) {
  const dialog = $("confirm");
  const previous = document.activeElement;
  $("confirm-title").textContent = title;
  $("confirm-body").replaceChildren(body);
  $("confirm-yes").textContent = yesLabel;
  dialog.hidden = false;
  $("drawer").inert = true;
  $("confirm-no").focus();
  return new Promise((resolve) => {
    const finish = (answer) => {
      dialog.hidden = true;
      $("drawer").inert = false;
      dialog.removeEventListener("keydown", onKey);
      $("confirm-yes").onclick = null;
      $("confirm-no").onclick = null;
      previous?.focus();
      resolve(answer);
    };
    const onKey = (event) => {
      if (event.key === "Escape") {
        event.stopPropagation();
        finish(false);
      }
      trapTab(event, dialog);
    };
    dialog.addEventListener("keydown", onKey);
    $("confirm-yes").onclick = () => finish(true);
    $("confirm-no").onclick = () => finish(false);
  });
}

function trapTab(event, container) {
  if (event.key !== "Tab") return;
  const focusable = [...container.querySelectorAll("button, [href], input, select, textarea, [tabindex]")].filter(
    (el) => !el.disabled && el.tabIndex >= 0 && el.offsetParent !== null,
  );
  if (!focusable.length) return;
  const first = focusable[0];
  const last = focusable[focusable.length - 1];
  if (event.shiftKey && document.activeElement === first) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && document.activeElement === last) {
    event.preventDefault();
    first.focus();
  }
}

function facts(pairs) {
  return h(
    "dl",
    { class: "facts" },
    pairs.filter(([, value]) => value !== undefined && value !== null && value !== "").flatMap(([term, value]) => [h("dt", {}, term), h("dd", {}, value)]),
  );
}

function list_(items, empty) {
  return items.length ? h("ul", {}, items.map((item) => h("li", {}, item))) : h("p", { class: "hint" }, empty);
}

async function renderTab() {
  const panel = $("drawer-panel");
  const view = drawer.view;
  if (!view) return;
  const tab = drawer.tab;
  panel.setAttribute("aria-labelledby", `drawer-tab-${tab}`);
  const render = TABS[tab];
  const item = drawer.item;
  panel.replaceChildren(h("p", {}, "Loading…"));
  let content;
  try {
    content = await render(view);
  } catch (error) {
    content = h(
      "p",
      { class: "error" },
      error.status === 403 ? `This token may not read this: ${error.message}` : `Could not load: ${error.message}`,
    );
  }
  if (drawer.tab === tab && drawer.item === item) panel.replaceChildren(content);
}

const TABS = {
  overview(view) {
    const skill = view.skill;
    const layer = view.agent ? `agent ${view.agent}'s private world` : "the Commons";
    return facts([
      ["Name", view.name],
      ["Title", skill.display_title],
      ["Description", view.description],
      ["Layer", layer],
      ["Shadows", view.shadows ? "a Commons skill of the same name (this private copy wins)" : "nothing"],
      ["Origin", view.origin],
      ["Trust", view.trust],
      ["Version", skill.version ?? skill.metadata?.version ?? "—"],
      ["Revision", String(view.revision)],
      ["Author", skill.author],
      ["License", skill.license],
      ["Compatibility", skill.compatibility],
      ["Lifecycle", `${view.lifecycle} (status ${view.status}), ${view.enabled ? "enabled" : "disabled"}${view.pinned ? ", pinned" : ""}`],
      ["Readiness", view.readiness + (view.missing?.length ? ` (missing: ${view.missing.join(", ")})` : "")],
      ["Scan", view.scan],
      ["Tags", (view.tags ?? []).join(", ")],
      ["Last used", when(view.last_used_at)],
      ["Import source", skill.provenance?.import_source],
    ]);
  },
  body(view) {
    const rendered = h("div", { class: "markdown" });
    rendered.innerHTML = renderMarkdown(view.body);
    const raw = h("pre", { class: "raw", hidden: true, tabindex: "0" }, view.skill_md);
    const toggle = (showRaw) => {
      rendered.hidden = showRaw;
      raw.hidden = !showRaw;
      renderedButton.setAttribute("aria-pressed", String(!showRaw));
      rawButton.setAttribute("aria-pressed", String(showRaw));
    };
    const renderedButton = h("button", { type: "button", "aria-pressed": "true", onclick: () => toggle(false) }, "Rendered");
    const rawButton = h("button", { type: "button", "aria-pressed": "false", onclick: () => toggle(true) }, "Raw SKILL.md");
    return h("div", {}, h("div", { class: "actions" }, renderedButton, rawButton), rendered, raw);
  },
  tools(view) {
    const allowed = view.skill.allowed_tools ?? [];
    const denied = view.skill.denied_tools ?? [];
    const effective = allowed.filter((tool) => !denied.includes(tool));
    const parts = [
      h("h3", {}, "Allowed"),
      list_(allowed, "None: the skill asks for no tools."),
      h("h3", {}, "Denied"),
      list_(denied, "None."),
      h("h3", {}, "Effective"),
      h("p", { class: "hint" }, "In a run that loads only this skill: allowed minus denied (deny wins; tool sets such as @skill expand at run time). A visible chat uses the agent's whole pool."),
      list_(effective, "No tools."),
    ];
    if (isAdmin()) {
      const related = agents.filter((a) => a.name === view.agent || (a.bindings ?? []).includes(view.name));
      if (related.length) {
        parts.push(h("h3", {}, "Agents' tool pools"));
        parts.push(
          h("ul", {}, related.map((a) => h("li", {}, `${a.name}${(a.bindings ?? []).includes(view.name) ? " (bound)" : ""}: ${(a.tools ?? []).join(", ") || "none"}`))),
        );
      }
    }
    return h("div", {}, parts);
  },
  async lessons() {
    const answer = await api(`${drawer.base}/lessons`);
    return answer.lessons.length
      ? h("ol", { class: "lessons" }, answer.lessons.map((l) => h("li", {}, h("time", {}, when(l.at)), " ", l.text)))
      : h("p", { class: "hint" }, "No lessons yet.");
  },
  security(view) {
    const findings = view.findings ?? [];
    return h(
      "div",
      {},
      facts([["Scan", view.scan]]),
      findings.length
        ? h(
            "table",
            {},
            h("thead", {}, h("tr", {}, ["Severity", "Rule", "Where", "Excerpt"].map((t) => h("th", { scope: "col" }, t)))),
            h(
              "tbody",
              {},
              findings.map((f) => h("tr", {}, h("td", {}, f.severity), h("td", {}, f.rule), h("td", {}, `${f.file}:${f.line}`), h("td", {}, h("code", {}, f.excerpt)))),
            ),
          )
        : h("p", { class: "hint" }, "The scan found nothing."),
    );
  },
  async revisions() {
    const answer = await api(`${drawer.base}/revisions`);
    return h(
      "div",
      {},
      h("p", {}, `Current revision: ${answer.current}`),
      answer.kept.length
        ? h(
            "table",
            {},
            h("thead", {}, h("tr", {}, ["Revision", "Replaced", "Description", "Body chars"].map((t) => h("th", { scope: "col" }, t)))),
            h("tbody", {}, answer.kept.map((r) => h("tr", {}, h("td", {}, String(r.number)), h("td", {}, when(r.replaced_at)), h("td", {}, r.description), h("td", {}, String(r.body_chars))))),
          )
        : h("p", { class: "hint" }, "No earlier revisions are kept."),
    );
  },
  files(view) {
    const files = view.files ?? [];
    if (!files.length) return h("p", { class: "hint" }, "No bundle files: SKILL.md only.");
    const viewer = h("pre", { class: "raw", hidden: true, tabindex: "0" });
    const show = async (file) => {
      viewer.hidden = false;
      viewer.textContent = "Loading…";
      try {
        const path = file.path.split("/").map(enc).join("/");
        viewer.textContent = await api(`${drawer.base}/files/${path}`, { text: true });
      } catch (error) {
        viewer.textContent = `Could not read ${file.path}: ${error.message}`;
      }
    };
    return h(
      "div",
      {},
      h(
        "ul",
        { class: "files" },
        files.map((f) => h("li", {}, h("button", { type: "button", class: "link", onclick: () => show(f) }, f.path), ` ${f.bytes} bytes${f.executable ? ", executable" : ""}`)),
      ),
      viewer,
    );
  },
  async secrets() {
    const answer = await api(`${drawer.base}/secrets`);
    // Only keys and the server's masked previews: values never reach the page.
    return answer.secrets.length
      ? h(
          "table",
          { class: "secrets" },
          h("thead", {}, h("tr", {}, ["Key", "Preview", "Scope"].map((t) => h("th", { scope: "col" }, t)))),
          h("tbody", {}, answer.secrets.map((s) => h("tr", {}, h("td", {}, h("code", {}, s.key)), h("td", {}, s.preview), h("td", {}, s.scope)))),
        )
      : h("p", { class: "hint" }, "No secrets are set for this skill.");
  },
};

// ---------------------------------------------------------------- catalog

let catalogSeq = 0;
async function loadCatalog() {
  const agent = $("catalog-agent").value;
  // No agent: say how to make one instead of an empty code block.
  $("catalog-empty").hidden = Boolean(agent);
  $("catalog-text").hidden = !agent;
  if (!agent) {
    $("catalog-status").textContent = "";
    return;
  }
  const seq = ++catalogSeq;
  const tokens = Math.max(1, Number.parseInt($("catalog-tokens").value, 10) || 8192);
  const format = $("catalog-format").value;
  $("catalog-status").textContent = "Loading…";
  try {
    const text = await api(`/api/v1/agents/${enc(agent)}/catalog?tokens=${tokens}&format=${enc(format)}`, { text: true });
    if (seq !== catalogSeq) return;
    $("catalog-text").textContent = text;
    $("catalog-status").textContent = `${agent}: ${text.length} characters for a ${tokens}-token model (${format}).`;
  } catch (error) {
    if (seq === catalogSeq) $("catalog-status").textContent = `Could not read the catalog: ${error.message}`;
  }
}

/** The admin's "Create agent" of the catalog's empty state. */
async function createAgent(event) {
  event.preventDefault();
  const name = $("agent-name").value.trim();
  $("agent-error").textContent = "";
  try {
    await api("/api/v1/agents", { method: "POST", body: { name } });
  } catch (error) {
    $("agent-error").textContent = `Could not create agent ${name}: ${error.message}`;
    return;
  }
  agents = (await api("/api/v1/agents")).agents;
  $("filter-layer").append(h("option", { value: name }, `Agent: ${name}`));
  $("catalog-agent").append(h("option", { value: name }, name));
  $("catalog-agent").value = name;
  $("agent-name").value = "";
  await loadCatalog();
}

// ---------------------------------------------------------------- curator

async function loadCurator() {
  try {
    const status = await api("/api/v1/curator/status");
    $("curator-status").replaceChildren(
      ...facts([
        ["State", `${status.activated ? "activated" : "dry-runs only (not activated)"}${status.paused ? ", paused" : ""}`],
        ["Scope", status.scope],
        ["Schedule", status.schedule],
        ["Last run", when(status.last_run)],
        ["Last dry run", when(status.last_dry_run)],
        ["Next run", when(status.next_run)],
        ["Active", String(status.active)],
        ["Stale", String(status.stale)],
        ["Archived", String(status.archived)],
        ["Pinned", String(status.pinned)],
        ["Blocked by bindings", String(status.blocked_by_bindings)],
      ]).childNodes,
    );
    const { jobs } = await api("/api/v1/jobs");
    renderJobs($("jobs-table"), jobs);
    const { reports } = await api("/api/v1/curator/reports");
    const latest = reports.filter((r) => r.dry_run).sort((a, b) => b.id - a.id)[0];
    if (!latest) {
      $("curator-report").replaceChildren(h("p", { class: "hint" }, "No dry run yet."));
      return;
    }
    const report = await api(`/api/v1/curator/reports/${latest.id}`);
    $("curator-report").innerHTML = renderMarkdown(report.markdown);
  } catch (error) {
    $("curator-message").textContent = `Could not read the curator: ${error.message}`;
  }
}

async function curatorAction(action) {
  $("curator-message").textContent = `${action}…`;
  try {
    await api(`/api/v1/curator/${action}`, { method: "POST" });
    $("curator-message").textContent = `Done: ${action}.`;
  } catch (error) {
    $("curator-message").textContent = `Could not ${action}: ${error.message}`;
  }
  await loadCurator();
}

// -------------------------------------------------------------- proposals

async function loadProposals() {
  $("proposals-hint").textContent = isAdmin()
    ? "What agents wrote while approval is review: nothing here is live until approved."
    : "Your proposals: what you wrote that waits for an admin, and why rejected ones were.";
  try {
    const path = isAdmin()
      ? "/api/v1/proposals"
      : `/api/v1/agents/${enc(session.agent)}/proposals?all=true`;
    const { proposals } = await api(path);
    renderProposals($("proposals"), proposals, { admin: isAdmin(), onApprove: approveProposal, onReject: rejectProposal });
    if (!proposals.length) $("proposals-message").textContent = "No proposals waiting.";
  } catch (error) {
    $("proposals-message").textContent = `Could not read the proposals: ${error.message}`;
  }
}

async function decideProposal(proposal, action, body, done) {
  const path = `/api/v1/agents/${enc(proposal.agent)}/proposals/${enc(proposal.name)}/${action}`;
  try {
    await api(path, { method: "POST", body });
  } catch (error) {
    $("proposals-message").textContent = `Could not ${action} ${proposal.name}: ${error.message}`;
    return;
  }
  // Said once the list shows the outcome, so nothing acts on a stale card.
  await loadProposals();
  $("proposals-message").textContent = done;
}

function approveProposal(proposal, rename) {
  const body = rename ? { as: rename } : {};
  const done = `Approved ${proposal.name}${rename ? ` as ${rename}` : ""}.`;
  return decideProposal(proposal, "approve", body, done);
}

function rejectProposal(proposal, reason) {
  if (!reason) {
    $("proposals-message").textContent = `Give a reason to reject ${proposal.name}: the agent reads it.`;
    return;
  }
  return decideProposal(proposal, "reject", { reason }, `Rejected ${proposal.name}.`);
}

// ------------------------------------------------------------------ setup

function setup() {
  $("sign-in-form").addEventListener("submit", async (event) => {
    event.preventDefault();
    const token = $("token").value.trim();
    $("sign-in-error").textContent = "";
    try {
      await signIn(token);
      $("token").value = "";
    } catch (error) {
      session = null;
      $("sign-in-error").textContent =
        error.status === 401 ? "That token is not valid or was revoked." : `Could not sign in: ${error.message}`;
    }
  });
  $("sign-out").addEventListener("click", signOut);
  for (const button of $("views").querySelectorAll("button")) {
    button.addEventListener("click", () => showView(button.dataset.view));
  }

  tablist($("lifecycle-tabs"), (tab) => {
    list.lifecycle = tab.dataset.lifecycle;
    list.offset = 0;
    $("skill-results").setAttribute("aria-labelledby", tab.id);
    loadSkills();
  });
  $("filters").addEventListener("submit", (event) => event.preventDefault());
  $("filter-layer").addEventListener("change", (event) => {
    list.layer = event.target.value;
    list.offset = 0;
    loadSkills();
  });
  $("filter-origin").addEventListener("change", (event) => {
    list.origin = event.target.value;
    list.offset = 0;
    loadSkills();
  });
  const search = debounce((value) => {
    list.keyword = value.trim();
    list.offset = 0;
    loadSkills();
  }, 250);
  $("filter-keyword").addEventListener("input", (event) => search(event.target.value));
  $("prev-page").addEventListener("click", () => {
    list.offset = Math.max(0, list.offset - PAGE_SIZE);
    loadSkills();
  });
  $("next-page").addEventListener("click", () => {
    if (list.offset + PAGE_SIZE < list.total) list.offset += PAGE_SIZE;
    loadSkills();
  });

  const tabs = $("drawer-tabs");
  for (const [id, label] of DRAWER_TABS) {
    tabs.append(h("button", { role: "tab", type: "button", id: `drawer-tab-${id}`, "data-tab": id, "aria-controls": "drawer-panel", "aria-selected": "false", tabindex: "-1" }, label));
  }
  drawerTabs = tablist(tabs, (tab) => {
    drawer.tab = tab.dataset.tab;
    renderTab();
  });
  $("drawer-close").addEventListener("click", closeDrawer);
  $("drawer-backdrop").addEventListener("click", closeDrawer);
  $("drawer").addEventListener("keydown", (event) => trapTab(event, $("drawer")));
  document.addEventListener("keydown", (event) => {
    if (event.key === "Escape" && $("confirm").hidden && !$("drawer").hidden) {
      event.preventDefault();
      closeDrawer();
    }
  });

  $("catalog-agent").addEventListener("change", loadCatalog);
  $("catalog-format").addEventListener("change", loadCatalog);
  $("catalog-tokens").addEventListener("input", debounce(loadCatalog, 300));
  $("catalog-refresh").addEventListener("click", loadCatalog);
  $("agent-form").addEventListener("submit", createAgent);
  for (const button of $("curator-actions").querySelectorAll("button")) {
    button.addEventListener("click", () => curatorAction(button.dataset.curator));
  }

  const saved = sessionStorage.getItem(TOKEN_KEY);
  if (saved) {
    signIn(saved).catch(() => {
      sessionStorage.removeItem(TOKEN_KEY);
      session = null;
      $("sign-in").hidden = false;
    });
  }
}

setup();
