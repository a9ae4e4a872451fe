// The habitat page in a real browser: Debian's headless Chromium driven by
// playwright-core against `skillworld serve` on a database this test seeds
// with the CLI. Screenshots go to target/browser/.
//
// SKILLWORLD_BIN (default target/debug/skillworld) and CHROMIUM (default
// /usr/bin/chromium) may be set. Nothing is skipped: a missing binary or
// browser fails the run.

import assert from "node:assert/strict";
import { execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { after, before, describe, test } from "node:test";

import { chromium } from "playwright-core";

const ROOT = path.resolve(import.meta.dirname, "../..");
const BIN = process.env.SKILLWORLD_BIN ?? path.join(ROOT, "target/debug/skillworld");
const CHROMIUM = process.env.CHROMIUM ?? "/usr/bin/chromium";
const SHOTS = path.join(ROOT, "target/browser");
const BIG_WORLD = Number(process.env.BIG_WORLD_SKILLS ?? 10_000);
/**
 * A generous bound on the first page of the big world, not a benchmark
 * (356 ms measured in a debug build): it catches the first listing after
 * start growing back to quadratic (about 10 s for 10,000 skills, see
 * docs/habitat-page.md).
 */
const FIRST_PAGE_BOUND_MS = 5_000;
const WARM_PAGE_BOUND_MS = 10_000;

const COMMONS_SECRET = "supersecretvalue123";
const BOB_SECRET = "bob-private-value-987";
const DAY = 86_400_000;

fs.mkdirSync(SHOTS, { recursive: true });
const work = fs.mkdtempSync(path.join(os.tmpdir(), "skillworld-browser-"));
const servers = [];
const contexts = [];

/** Runs the CLI on a database; its stdout. */
function sw(db, ...args) {
  const env = { ...process.env };
  for (const key of Object.keys(env)) if (key.startsWith("SKILLWORLD_")) delete env[key];
  return execFileSync(BIN, ["--db", db, ...args], { encoding: "utf8", env, maxBuffer: 64 << 20 });
}

/** Writes skill folders `{name: {description, body, tools, files}}` under `dir`. */
function writeSkills(dir, skills) {
  for (const [name, skill] of Object.entries(skills)) {
    const folder = path.join(dir, name);
    fs.mkdirSync(folder, { recursive: true });
    const tools = skill.tools ? `allowed-tools: ${skill.tools}\n` : "";
    fs.writeFileSync(
      path.join(folder, "SKILL.md"),
      `---\nname: ${name}\ndescription: ${skill.description}\n${tools}metadata:\n  version: "1.2.0"\n---\n\n${skill.body ?? `# ${name}\n\nSteps for ${name}.\n`}`,
    );
    for (const [file, text] of Object.entries(skill.files ?? {})) {
      fs.mkdirSync(path.dirname(path.join(folder, file)), { recursive: true });
      fs.writeFileSync(path.join(folder, file), text);
    }
  }
  return dir;
}

/** Starts `skillworld serve --port 0`; resolves to its base URL. */
function serve(db) {
  return new Promise((resolve, reject) => {
    const env = { ...process.env };
    for (const key of Object.keys(env)) if (key.startsWith("SKILLWORLD_")) delete env[key];
    const child = spawn(BIN, ["--db", db, "serve", "--port", "0"], { env, stdio: ["ignore", "ignore", "pipe"] });
    servers.push(child);
    let seen = "";
    const timer = setTimeout(() => reject(new Error(`serve did not start:\n${seen}`)), 60_000);
    child.stderr.setEncoding("utf8");
    child.stderr.on("data", (chunk) => {
      seen += chunk;
      // The whole address: stderr may arrive cut anywhere, even inside it.
      const match = seen.match(/listening on (http:\/\/\S+) /);
      if (match) {
        clearTimeout(timer);
        resolve(match[1].replace(/\/$/, ""));
      }
    });
    child.on("exit", (code) => reject(new Error(`serve exited with ${code}:\n${seen}`)));
  });
}

function iso(ms) {
  return new Date(ms).toISOString().replace(/\.\d+Z$/, "Z");
}

const FLAGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

/**
 * A Chromium of its own with a fresh, empty --user-data-dir (playwright
 * passes the folder as that flag) and a page of our own; every API response body is
 * kept for leak checks.
 */
async function openPage(url) {
  const profile = fs.mkdtempSync(path.join(work, "chromium-"));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: FLAGS,
    viewport: { width: 1280, height: 900 },
  });
  contexts.push(context);
  // A page of our own: the tab Chromium opens at launch can still be
  // navigating to its start page when we would use it, on a slow machine.
  const page = await context.newPage();
  const bodies = [];
  page.on("response", async (response) => {
    if (!response.url().includes("/api/")) return;
    try {
      bodies.push(await response.text());
    } catch {
      // A body gone with a navigation is not a leak.
    }
  });
  const errors = [];
  page.on("pageerror", (error) => errors.push(String(error)));
  page.on("console", (message) => {
    if (message.type() === "error" && !/Failed to load resource/.test(message.text())) errors.push(message.text());
  });
  const response = await page.goto(url);
  assert.equal(response?.status(), 200, `GET ${url}: ${response?.url()} ${await response?.text()}`);
  return { context, page, bodies, errors };
}

async function signIn(page, token) {
  await page.fill("#token", token);
  const started = Date.now();
  await page.click('#sign-in-form button[type="submit"]');
  await page.waitForSelector("#cards .card");
  return Date.now() - started;
}

/** Waits for the list to finish the newest request. */
async function listSettled(page) {
  await page.waitForFunction(() => !document.querySelector("#cards").hasAttribute("aria-busy"));
}

async function cardNames(page) {
  await listSettled(page);
  return page.$$eval("#cards .card", (cards) => cards.map((c) => c.dataset.name));
}

async function catalogText(page, agent) {
  await page.click('#views button[data-view="catalog"]');
  await page.selectOption("#catalog-agent", agent);
  await page.click("#catalog-refresh");
  await page.waitForFunction(() => /characters/.test(document.querySelector("#catalog-status").textContent));
  return page.textContent("#catalog-text");
}

const world = {};

before(async () => {
  assert.ok(fs.existsSync(BIN), `no skillworld binary at ${BIN}: build it first (cargo build -p skillworld-cli)`);
  assert.ok(fs.existsSync(CHROMIUM), `no Chromium at ${CHROMIUM}: apt-get install -y chromium`);
  const db = path.join(work, "world.redb");
  world.db = db;
  sw(db, "agent", "add", "ada");
  sw(db, "agent", "add", "bob");
  // Skills that will go stale: imported, then left idle while the clock runs.
  const old = writeSkills(path.join(work, "old"), {
    "weekly-report": { description: "Write the weekly report from the team's notes", tools: "read_file" },
    "old-notes": { description: "Tidy old meeting notes" },
    "legacy-deploy": { description: "Deploy the legacy service by hand" },
  });
  sw(db, "import", "--commons", old);
  sw(
    db,
    "curate",
    "settings",
    '(scope: all_dynamic, stale_after_days: 30, archive_after_days: 90, protected_prefixes: ["sys-", "ops-"], schedule: "0 0 2 * * *")',
  );
  sw(db, "curate", "activate");
  const now = Date.now();
  sw(db, "--now", iso(now + DAY), "curate", "run");
  sw(db, "--now", iso(now + 40 * DAY), "curate", "run");
  // Fresh skills, a bound one among the stale, private skills and secrets.
  const fresh = writeSkills(path.join(work, "fresh"), {
    "web-research": {
      description: "Search the web and summarise a topic",
      tools: "web_search read_file",
      body: "# Web research\n\nUse **web_search** then summarise.\n\n- cite sources\n- keep it short\n\n<script>window.__pwned = true</script>\n<img src=x onerror=\"window.__pwned = true\">\n\n```sh\necho done\n```\n",
      files: { "references/guide.md": "# Guide\n\nHow to research.\n" },
    },
    "code-review": { description: "Review a change and comment on it" },
  });
  sw(db, "import", "--commons", fresh);
  sw(db, "import", "--agent", "ada", writeSkills(path.join(work, "ada"), { "ada-journal": { description: "Ada keeps a journal" } }));
  sw(db, "import", "--agent", "bob", writeSkills(path.join(work, "bob"), { "bob-secret-plan": { description: "Bob's private plan" } }));
  sw(db, "bind", "ada", "weekly-report");
  sw(db, "bind", "ada", "web-research");
  sw(db, "bind", "ada", "ada-journal");
  sw(db, "secret", "set", "web-research", "API_TOKEN", COMMONS_SECRET, "--commons");
  sw(db, "secret", "set", "bob-secret-plan", "BOB_KEY", BOB_SECRET, "--agent", "bob");
  sw(db, "load", "--agent", "ada", "web-research");
  world.admin = sw(db, "token", "create", "--admin").trim().split("\n").pop();
  world.ada = sw(db, "token", "create", "--agent", "ada").trim().split("\n").pop();
  world.url = await serve(db);
});

after(async () => {
  for (const context of contexts) await context.close().catch(() => {});
  for (const child of servers) child.kill("SIGTERM");
  fs.rmSync(work, { recursive: true, force: true });
});

describe("the habitat page", { concurrency: false }, () => {
  test("admin: stale tab, drawer, bound-skill archive with confirmation, restore, catalog changes", async () => {
    const { context, page, bodies, errors } = await openPage(world.url);
    const ms = await signIn(page, world.admin);
    console.log(`# admin first page rendered in ${ms} ms`);
    assert.equal(await page.evaluate(() => localStorage.length), 0, "nothing in localStorage");
    assert.equal((await context.cookies()).length, 0, "no cookies");
    assert.ok(await page.evaluate(() => sessionStorage.getItem("skillworld.token")), "the token is in sessionStorage");

    // The recently used badge, on the skill ada loaded.
    const active = await cardNames(page);
    assert.ok(active.includes("web-research"), active.join(","));
    assert.ok(!active.includes("old-notes"), "stale skills are not on the Active tab");
    const badges = await page.textContent('#cards .card[data-name="web-research"] .badges');
    assert.match(badges, /recently used/);
    assert.match(badges, /ready|setup-needed/);
    // Imported with the CLI, unsigned: community (GOV-2).
    const meta = await page.textContent('#cards .card[data-name="web-research"] .meta');
    assert.match(meta, /imported · community/);
    await page.screenshot({ path: path.join(SHOTS, "01-active.png"), fullPage: true });

    await page.click("#tab-stale");
    const stale = await cardNames(page);
    assert.deepEqual(stale.sort(), ["legacy-deploy", "old-notes", "weekly-report"]);
    await page.screenshot({ path: path.join(SHOTS, "02-stale.png"), fullPage: true });

    const before = await catalogText(page, "ada");
    assert.match(before, /weekly-report/, "the bound skill is in ada's catalog");
    await page.click('#views button[data-view="skills"]');

    // Open the bound stale skill and look through the drawer.
    await page.click('#cards .card[data-name="weekly-report"]');
    await page.waitForSelector('#drawer-actions button[data-action="archive"]');
    const overview = await page.textContent("#drawer-panel");
    assert.match(overview, /the Commons/);
    assert.match(overview, /1\.2\.0/);
    assert.match(overview, /Trust\s*community/);
    await page.click("#drawer-tab-tools");
    await page.waitForFunction(() => /Allowed/.test(document.querySelector("#drawer-panel").textContent));
    assert.match(await page.textContent("#drawer-panel"), /read_file/);
    await page.click("#drawer-tab-overview");

    // Archive: the server answers 409 bound_skill; the page asks first.
    await page.click('#drawer-actions button[data-action="archive"]');
    await page.waitForSelector("#confirm:not([hidden])");
    assert.deepEqual(await page.$$eval("#bound-agents li", (items) => items.map((li) => li.textContent)), ["ada"]);
    await page.screenshot({ path: path.join(SHOTS, "03-archive-confirm.png") });
    await page.click("#confirm-yes");
    await page.waitForFunction(() => document.querySelector("#drawer-message").textContent === "Archived.");
    await page.waitForSelector('#drawer-actions button[data-action="restore"]');
    await page.keyboard.press("Escape");
    await page.waitForSelector("#drawer", { state: "hidden" });
    assert.ok(!(await cardNames(page)).includes("weekly-report"), "gone from the Stale tab");

    const archived = await catalogText(page, "ada");
    assert.doesNotMatch(archived, /weekly-report/, "an archived skill leaves the catalog");
    await page.screenshot({ path: path.join(SHOTS, "04-catalog-archived.png"), fullPage: true });

    await page.click('#views button[data-view="skills"]');
    await page.click("#tab-archived");
    assert.deepEqual(await cardNames(page), ["weekly-report"]);
    await page.click('#cards .card[data-name="weekly-report"]');
    await page.click('#drawer-actions button[data-action="restore"]');
    await page.waitForFunction(() => document.querySelector("#drawer-message").textContent === "Restored.");
    await page.click("#drawer-close");
    const restored = await catalogText(page, "ada");
    assert.match(restored, /weekly-report/, "restored, it is back in the catalog");
    assert.notEqual(restored, archived);

    // Body: Markdown rendered safely; secrets only as masked previews.
    await page.click('#views button[data-view="skills"]');
    await page.click("#tab-active");
    await listSettled(page);
    await page.click('#cards .card[data-name="web-research"]');
    await page.click("#drawer-tab-body");
    await page.waitForSelector("#drawer-panel .markdown strong");
    assert.equal(await page.$$eval("#drawer-panel .markdown script, #drawer-panel .markdown img", (n) => n.length), 0);
    assert.equal(await page.evaluate(() => window.__pwned), undefined, "no script from a skill body ran");
    assert.match(await page.textContent("#drawer-panel .markdown"), /<script>/, "raw HTML shows as text");
    await page.screenshot({ path: path.join(SHOTS, "05-drawer-body.png") });
    await page.click("#drawer-tab-files");
    await page.click("#drawer-panel button.link");
    await page.waitForFunction(() => /How to research/.test(document.querySelector("#drawer-panel pre").textContent));
    await page.click("#drawer-tab-secrets");
    await page.waitForSelector("#drawer-panel table.secrets");
    const secrets = await page.textContent("#drawer-panel");
    assert.match(secrets, /API_TOKEN/);
    assert.match(secrets, /su••••23/);
    await page.click("#drawer-tab-revisions");
    await page.waitForFunction(() => /Current revision/.test(document.querySelector("#drawer-panel").textContent));
    await page.click("#drawer-close");

    // The curator panel: status, counts and a dry-run report.
    await page.click('#views button[data-view="curator"]');
    await page.click('#curator-actions button[data-curator="dry-run"]');
    await page.waitForFunction(() => /Done: dry-run/.test(document.querySelector("#curator-message").textContent));
    await page.waitForFunction(() => document.querySelector("#curator-report").textContent.length > 20);
    assert.match(await page.textContent("#curator-status"), /Stale/);
    await page.screenshot({ path: path.join(SHOTS, "06-curator.png"), fullPage: true });

    const html = await page.content();
    for (const text of [html, ...bodies]) {
      assert.ok(!text.includes(COMMONS_SECRET) && !text.includes(BOB_SECRET), "no secret value reaches the page");
    }
    assert.deepEqual(errors, []);
    await context.close();
  });

  test("keyboard: tabs with arrows, Enter opens a card, Escape closes and focus returns", async () => {
    const { context, page, errors } = await openPage(world.url);
    await signIn(page, world.admin);
    await page.focus("#tab-active");
    await page.keyboard.press("ArrowRight");
    assert.equal(await page.evaluate(() => document.activeElement.id), "tab-stale");
    assert.equal(await page.getAttribute("#tab-stale", "aria-selected"), "true");
    assert.equal(await page.getAttribute("#tab-active", "tabindex"), "-1");
    assert.ok((await cardNames(page)).includes("old-notes"));
    await page.keyboard.press("ArrowLeft");
    assert.equal(await page.evaluate(() => document.activeElement.id), "tab-active");
    await listSettled(page);
    // Tab on from the tablist reaches the filters, then the cards.
    let onCard = false;
    for (let i = 0; i < 8 && !onCard; i++) {
      await page.keyboard.press("Tab");
      onCard = await page.evaluate(() => document.activeElement.classList.contains("card"));
    }
    assert.ok(onCard, "Tab reaches the first card");
    await page.keyboard.press("ArrowDown");
    const key = await page.evaluate(() => document.activeElement.dataset.key);
    assert.equal(key, await page.$$eval("#cards .card", (cards) => cards[1].dataset.key));
    await page.keyboard.press("Enter");
    await page.waitForSelector("#drawer:not([hidden])");
    assert.equal(await page.evaluate(() => document.activeElement.id), "drawer-close");
    // Focus stays in the drawer; its tabs move with arrows too.
    await page.focus("#drawer-tab-overview");
    await page.keyboard.press("ArrowRight");
    assert.equal(await page.evaluate(() => document.activeElement.id), "drawer-tab-body");
    await page.waitForSelector("#drawer-panel .markdown");
    await page.keyboard.press("Escape");
    await page.waitForSelector("#drawer", { state: "hidden" });
    assert.equal(await page.evaluate(() => document.activeElement.dataset.key), key, "focus returns to the card");
    await page.screenshot({ path: path.join(SHOTS, "07-keyboard.png") });
    assert.deepEqual(errors, []);
    await context.close();
  });

  test("an agent token sees no other agent's private skills and no secret value", async () => {
    const { context, page, bodies, errors } = await openPage(world.url);
    await signIn(page, world.ada);
    assert.match(await page.textContent("#who-text"), /agent ada/);
    assert.ok(await page.isHidden('#views button[data-view="curator"]'), "no curator panel for an agent");
    const seen = [];
    for (const tab of ["#tab-active", "#tab-stale", "#tab-archived"]) {
      await page.click(tab);
      seen.push(...(await cardNames(page)));
    }
    assert.ok(seen.includes("ada-journal"), "its own private skill");
    assert.ok(seen.includes("web-research"), "the Commons");
    assert.ok(!seen.some((name) => name.startsWith("bob")), seen.join(","));
    const layers = await page.$$eval("#filter-layer option", (options) => options.map((o) => o.value));
    assert.deepEqual(layers, ["", "commons", "private", "ada"]);
    await page.click("#tab-active");
    await page.fill("#filter-keyword", "bob");
    await page.waitForFunction(() => /No active skills match/.test(document.querySelector("#list-status").textContent));
    await page.fill("#filter-keyword", "");
    await page.waitForFunction(() => document.querySelectorAll("#cards .card").length > 1);
    await listSettled(page);
    await page.click('#cards .card[data-name="web-research"]');
    await page.waitForSelector("#drawer-tab-secrets");
    assert.equal(await page.$$eval("#drawer-actions button", (b) => b.length), 0, "read-only for agents");
    await page.click("#drawer-tab-secrets");
    await page.waitForSelector("#drawer-panel table.secrets");
    assert.match(await page.textContent("#drawer-panel"), /su••••23/);
    await page.keyboard.press("Escape");
    const catalog = await catalogText(page, "ada");
    assert.match(catalog, /ada-journal/);
    assert.deepEqual(await page.$$eval("#catalog-agent option", (o) => o.map((x) => x.value)), ["ada"]);
    await page.screenshot({ path: path.join(SHOTS, "08-agent.png"), fullPage: true });
    for (const text of [await page.content(), ...bodies]) {
      assert.ok(!text.includes("bob-secret-plan"), "no trace of bob's private skill");
      assert.ok(!text.includes(COMMONS_SECRET) && !text.includes(BOB_SECRET), "no secret value");
    }
    // Signing out forgets the token and everything shown.
    await page.click("#sign-out");
    await page.waitForSelector("#sign-in:not([hidden])");
    assert.equal(await page.evaluate(() => sessionStorage.length), 0);
    assert.equal(await page.$$eval("#cards .card", (c) => c.length), 0);
    assert.deepEqual(errors, []);
    await context.close();
  });

  test("a fresh world: the empty states say what to do next, and the catalog's creates an agent", async () => {
    const db = path.join(work, "fresh.redb");
    const admin = sw(db, "token", "create", "--admin").trim().split("\n").pop();
    const url = await serve(db);
    const { context, page, errors } = await openPage(url);
    await signIn(page, admin);

    // No agents: the catalog preview explains and offers to create one, with no empty code block.
    await page.click('#views button[data-view="catalog"]');
    await page.waitForSelector("#catalog-empty", { state: "visible" });
    assert.equal(await page.isHidden("#catalog-text"), true, "no empty code block");
    const advice = await page.textContent("#catalog-empty");
    assert.match(advice, /No agents yet/);
    assert.match(advice, /skillworld import worlds\/examples --agent ada/);
    assert.equal(await page.isVisible("#agent-form"), true, "an admin can create an agent here");
    await page.screenshot({ path: path.join(SHOTS, "10-empty-catalog.png"), fullPage: true });

    // An empty lifecycle tab says how skills get there, and the pager goes away.
    await page.click('#views button[data-view="skills"]');
    await page.click("#tab-stale");
    await page.waitForSelector("#list-empty", { state: "visible" });
    assert.match(await page.textContent("#list-empty"), /No stale skills\..*stale_after_days/s);
    assert.equal(await page.isHidden("#skill-results .pager"), true);
    await page.fill("#filter-keyword", "no-such-skill");
    await page.waitForFunction(() => /filters/.test(document.querySelector("#list-empty").textContent));
    await page.screenshot({ path: path.join(SHOTS, "11-empty-list.png"), fullPage: true });
    await page.fill("#filter-keyword", "");
    await page.click("#tab-active");
    await page.waitForSelector("#cards .card");
    assert.equal(await page.isHidden("#list-empty"), true, "skills listed: no empty state");

    // Creating the agent from the empty state shows its catalog.
    await page.click('#views button[data-view="catalog"]');
    await page.fill("#agent-name", "ada");
    await page.click('#agent-form button[type="submit"]');
    await page.waitForFunction(() => /characters/.test(document.querySelector("#catalog-status").textContent));
    assert.equal(await page.isHidden("#catalog-empty"), true);
    assert.match(await page.textContent("#catalog-text"), /skill-authoring/);
    assert.equal(await page.inputValue("#catalog-agent"), "ada");
    assert.deepEqual(errors, []);
    await context.close();
  });

  test("proposals: an admin approves one under a new name and rejects another; the agent reads the reason", async () => {
    const db = path.join(work, "review.redb");
    sw(db, "agent", "add", "ada");
    const live = writeSkills(path.join(work, "review-live"), {
      "ada-runbook": { description: "Restart the service", body: "# Runbook\n\nRestart the service.\n" },
    });
    sw(db, "import", "--agent", "ada", live);
    sw(db, "approval", "review");
    const propose = (tool, args) => JSON.parse(sw(db, "tool", "--agent", "ada", tool, JSON.stringify(args)));
    const created = propose("skill_create", {
      name: "deploy-notes",
      description: "Notes for deploys",
      content: "# Deploy\n\nDeploy carefully.\n<img src=x onerror=\"window.__pwned = true\">\n",
    });
    assert.equal(created.proposed, true);
    const changed = propose("skill_patch", { name: "ada-runbook", old_string: "Restart the service.", new_string: "Reboot the host." });
    assert.equal(changed.proposed, true);
    const admin = sw(db, "token", "create", "--admin").trim().split("\n").pop();
    const ada = sw(db, "token", "create", "--agent", "ada").trim().split("\n").pop();
    const url = await serve(db);

    const { context, page, errors } = await openPage(url);
    await signIn(page, admin);
    await page.click('#views button[data-view="proposals"]');
    await page.waitForSelector('#proposals li[data-name="deploy-notes"]');
    assert.deepEqual(await page.$$eval("#proposals li", (items) => items.map((li) => li.dataset.name)), ["deploy-notes", "ada-runbook"]);
    const change = await page.textContent('#proposals li[data-name="ada-runbook"]');
    assert.match(change, /Change by ada for agents\/ada/);
    assert.match(await page.textContent('#proposals li[data-name="ada-runbook"] pre.diff .del'), /Restart the service\./);
    assert.match(await page.textContent('#proposals li[data-name="ada-runbook"] pre.diff .add'), /Reboot the host\./);
    assert.equal(await page.$$eval("#proposals img", (n) => n.length), 0, "the diff is text");
    assert.equal(await page.evaluate(() => window.__pwned), undefined);
    await page.screenshot({ path: path.join(SHOTS, "12-proposals.png"), fullPage: true });

    // Reject without a reason: the page asks for one and nothing is sent.
    await page.click('#proposals li[data-name="ada-runbook"] button[data-decide="reject"]');
    assert.match(await page.textContent("#proposals-message"), /Give a reason/);
    await page.fill('#proposals li[data-name="ada-runbook"] input[name="reason"]', "Never reboot the host.");
    await page.click('#proposals li[data-name="ada-runbook"] button[data-decide="reject"]');
    await page.waitForFunction(() => document.querySelector("#proposals-message").textContent === "Rejected ada-runbook.");
    await page.fill('#proposals li[data-name="deploy-notes"] input[name="as"]', "deploy-checklist");
    await page.click('#proposals li[data-name="deploy-notes"] button[data-decide="approve"]');
    await page.waitForFunction(() => /Approved deploy-notes as deploy-checklist/.test(document.querySelector("#proposals-message").textContent));
    await page.waitForFunction(() => document.querySelectorAll("#proposals li").length === 0);

    // The approved skill is live under its new name; the live runbook kept serving.
    await page.click('#views button[data-view="catalog"]');
    const catalog = await catalogText(page, "ada");
    assert.match(catalog, /deploy-checklist/);
    assert.doesNotMatch(catalog, /deploy-notes/);
    const headers = { Authorization: `Bearer ${ada}`, "Content-Type": "application/json" };
    const loaded = await (await fetch(`${url}/api/v1/agents/ada/load`, { method: "POST", headers, body: JSON.stringify({ name: "ada-runbook" }) })).text();
    assert.match(loaded, /Restart the service\./);
    assert.match(loaded, /Never reboot the host\./, "the reason is ada's lesson on the skill");
    assert.deepEqual(errors, []);
    await context.close();

    // ada sees its own proposals, read-only, with the rejection's reason.
    const agentView = await openPage(url);
    await signIn(agentView.page, ada);
    await agentView.page.click('#views button[data-view="proposals"]');
    await agentView.page.waitForSelector('#proposals li[data-name="ada-runbook"]');
    assert.match(await agentView.page.textContent('#proposals li[data-name="ada-runbook"] .reason'), /Never reboot the host\./);
    assert.equal(await agentView.page.$$eval("#proposals button", (b) => b.length), 0, "no decisions for an agent");
    await agentView.page.screenshot({ path: path.join(SHOTS, "13-proposals-agent.png"), fullPage: true });
    assert.deepEqual(agentView.errors, []);
    await agentView.context.close();
  });

  test(`a world of ${BIG_WORLD} skills stays responsive`, async () => {
    const db = path.join(work, "big.redb");
    const dir = path.join(work, "big");
    const skills = {};
    for (let i = 0; i < BIG_WORLD; i++) {
      const name = `bulk-${String(i).padStart(5, "0")}`;
      skills[name] = { description: `Generated skill number ${i} for the load test`, body: `# ${name}\n\nDo step ${i}.\n` };
    }
    writeSkills(dir, skills);
    let started = Date.now();
    sw(db, "import", "--commons", dir);
    console.log(`# imported ${BIG_WORLD} skills through the CLI in ${Date.now() - started} ms`);
    const admin = sw(db, "token", "create", "--admin").trim().split("\n").pop();
    const url = await serve(db);
    const { context, page, errors } = await openPage(url);
    const first = await signIn(page, admin);
    console.log(`# ${BIG_WORLD}-skill world: first page rendered in ${first} ms`);
    assert.ok(first < FIRST_PAGE_BOUND_MS, `first page in ${first} ms`);
    const total = Number.parseInt(await page.textContent("#list-status"), 10);
    assert.ok(total >= BIG_WORLD, `${total} skills listed`);
    const cards = await page.$$eval("#cards .card", (c) => c.length);
    assert.ok(cards <= 24, `${cards} cards on a page`);
    const nodes = await page.evaluate(() => document.getElementsByTagName("*").length);
    console.log(`# ${cards} cards, ${nodes} DOM elements in the whole page`);
    assert.ok(nodes < 2_000, `${nodes} elements`);
    // Reloading signs in again from sessionStorage: the page against a warm server.
    started = Date.now();
    await page.reload();
    await page.waitForSelector("#cards .card");
    const warm = Date.now() - started;
    console.log(`# ${BIG_WORLD}-skill world: reload to first page (warm server) in ${warm} ms`);
    assert.ok(warm < WARM_PAGE_BOUND_MS, `warm first page in ${warm} ms`);
    started = Date.now();
    await page.click("#next-page");
    await page.waitForFunction(() => /Page 2 of/.test(document.querySelector("#page-info").textContent));
    await listSettled(page);
    console.log(`# next page in ${Date.now() - started} ms`);
    started = Date.now();
    await page.fill("#filter-keyword", `bulk-${String(BIG_WORLD - 1).padStart(5, "0")}`);
    await page.waitForFunction(() => document.querySelectorAll("#cards .card").length === 1);
    console.log(`# keyword search (with its 250 ms debounce) in ${Date.now() - started} ms`);
    await page.screenshot({ path: path.join(SHOTS, "09-big-world.png"), fullPage: true });
    assert.deepEqual(errors, []);
    await context.close();
  });
});
