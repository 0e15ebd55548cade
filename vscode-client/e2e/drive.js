#!/usr/bin/env node
// Playwright driver for the SecretLoop extension in a running code-server (VS Code in a browser).
// It starts nothing itself (run.sh does). What it checks, as a user would see it:
//   1. the SecretLoop status bar item appears and names the loop's phase;
//   2. opening the fixture file brings the finding into the Problems panel (source secretloop,
//      a rule id as code), without the planted value in the panel;
//   3. Quick Fix on it offers "Dismiss: not a secret"; choosing it clears the problem and writes
//      .secretloop/decisions.jsonl in the workspace (valid JSON lines, no raw value);
//   3b. a change of the severity settings re-colours it without a reload;
//   4. clicking the status bar item (Show Run) opens the "SecretLoop" output with the run summary.
// Screenshots: status.png, problems.png, quickfix.png, after.png, showrun.png (failure.png on error);
// notfound.png with --expect-not-found.
//
// usage: node drive.js URL FIXTURE_JSON OUTDIR --logs DIR [--fix TITLE] [--timeout S] [--no-live-settings] [--expect-not-found]
//   FIXTURE_JSON        written by fixture.js: {"folder","file","line","value"}
//   --logs DIR          code-server's <user-data-dir>/logs (output channels are written there)
//   --no-live-settings  skip check 3b
//   --expect-not-found  instead of 1-4: check the one install message and the status bar when
//                       no secretloop can be found (run.sh starts code-server without one)
// env: CHROMIUM (browser executable), PLAYWRIGHT_CORE (path of the playwright-core package)
// Exit status: 0 all checks passed, 1 a check failed, 2 bad usage.
'use strict';
const fs = require('fs');
const path = require('path');

function usage(msg) {
  if (msg) console.error(`drive.js: ${msg}`);
  console.error('usage: node drive.js URL FIXTURE_JSON OUTDIR --logs DIR [--fix TITLE] [--timeout S] [--no-live-settings] [--expect-not-found]');
  process.exit(2);
}

function parseArgs(argv) {
  const pos = [];
  const opt = { fix: 'Dismiss: not a secret', timeout: 120, liveSettings: true };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const val = () => (i + 1 < argv.length ? argv[++i] : usage(`${a} needs a value`));
    if (a === '--fix') opt.fix = val();
    else if (a === '--no-live-settings') opt.liveSettings = false;
    else if (a === '--logs') opt.logs = val();
    else if (a === '--expect-not-found') opt.notFound = true;
    else if (a === '--timeout') {
      opt.timeout = Number(val());
      if (!(opt.timeout > 0)) usage('--timeout needs a positive number of seconds');
    } else if (a.startsWith('--')) usage(`unknown option ${a}`);
    else pos.push(a);
  }
  if (pos.length !== 3) usage('need URL FIXTURE_JSON OUTDIR');
  if (!opt.logs) usage('need --logs DIR (code-server\'s user-data-dir/logs)');
  [opt.url, opt.fixtureJson, opt.out] = pos;
  return opt;
}

function findBrowser() {
  if (process.env.CHROMIUM) return process.env.CHROMIUM;
  for (const dir of (process.env.PATH || '').split(path.delimiter)) {
    for (const name of ['chromium', 'chromium-browser', 'google-chrome']) {
      const p = path.join(dir, name);
      try { fs.accessSync(p, fs.constants.X_OK); return p; } catch { /* try the next */ }
    }
  }
  throw new Error('no Chromium found: set CHROMIUM=/path/to/chromium');
}

function loadPlaywright() {
  try { return require(process.env.PLAYWRIGHT_CORE || 'playwright-core'); } catch (e) {
    throw new Error(`cannot load playwright-core (set PLAYWRIGHT_CORE=/path/to/node_modules/playwright-core): ${e.message}`);
  }
}

/** How often `needle` occurs in the "SecretLoop" output channel's log file(s) under `logsDir`. */
function countInChannelLog(logsDir, needle) {
  let n = 0;
  const walk = (dir) => {
    let entries = [];
    try { entries = fs.readdirSync(dir, { withFileTypes: true }); } catch { return; }
    for (const e of entries) {
      const p = path.join(dir, e.name);
      if (e.isDirectory()) walk(p);
      else if (/(^|-)SecretLoop\.log$/.test(e.name)) n += fs.readFileSync(p, 'utf8').split(needle).length - 1;
    }
  };
  if (logsDir) walk(logsDir);
  return n;
}

// ---- run in the page (must be self-contained) ----------------------------------------------
// Records every distinct label of the SecretLoop status bar item, so the phases passed through
// are known even when they change faster than the driver looks.
function recordStatusItem() {
  window.__slLabels = [];
  const find = () => Array.from(document.querySelectorAll('.statusbar-item'))
    .find((el) => /secretloop\.status$/.test(el.id) || /^SecretLoop/.test(el.getAttribute('aria-label') || ''));
  setInterval(() => {
    const el = find();
    if (!el) return;
    const label = el.getAttribute('aria-label') || el.querySelector('[aria-label]')?.getAttribute('aria-label') || '';
    const text = (el.textContent || '').trim();
    const last = window.__slLabels[window.__slLabels.length - 1];
    if (!last || last.label !== label || last.text !== text) window.__slLabels.push({ label, text });
  }, 50);
}

/** The channel the Output panel shows ('' when the panel is hidden). */
function outputChannelShown() {
  const panel = document.querySelector('.part.panel');
  if (!panel || !panel.offsetParent) return '';
  const select = panel.querySelector('select.monaco-select-box');
  return (select && select.selectedIndex >= 0 ? select.options[select.selectedIndex].text : '') || '';
}

function problemCounts() {
  const el = document.getElementById('status.problems');
  if (!el) return null;
  const label = el.getAttribute('aria-label') || '';
  const num = (re) => { const m = label.match(re); return m ? Number(m[1]) : 0; };
  const errors = num(/Errors: (\d+)/);
  const warnings = num(/Warnings: (\d+)/);
  const infos = num(/Infos: (\d+)/);
  return { label, errors, warnings, infos, total: errors + warnings + infos };
}

async function main() {
  const opt = parseArgs(process.argv.slice(2));
  const fixture = JSON.parse(fs.readFileSync(opt.fixtureJson, 'utf8'));
  const secret = fixture.value;
  fs.mkdirSync(opt.out, { recursive: true });
  const T = opt.timeout * 1000;
  const UI = 20000;
  const t0 = Date.now();
  const secs = () => Number(((Date.now() - t0) / 1000).toFixed(1));
  const log = (msg) => console.error(`[drive ${secs().toFixed(1)}s] ${msg}`);
  const timings = {};
  const summary = { ok: false, checks: {}, file: fixture.file, fix: opt.fix, timings, screenshots: [] };
  const check = (name, ok, detail) => {
    summary.checks[name] = detail === undefined ? ok : { ok, detail };
    log(`${ok ? 'ok  ' : 'FAIL'} ${name}${detail === undefined ? '' : `: ${typeof detail === 'string' ? detail : JSON.stringify(detail)}`}`);
    if (!ok) throw new Error(`check failed: ${name}${detail === undefined ? '' : ` (${JSON.stringify(detail)})`}`);
  };
  // nothing this driver writes may contain the planted value
  const clean = (text) => String(text).split(secret).join('<planted value>');
  const consoleLines = [];
  let signal = null;
  for (const sig of ['SIGTERM', 'SIGINT']) process.once(sig, () => { signal = sig; log(`got ${sig}, stopping`); });

  const { chromium } = loadPlaywright();
  const browser = await chromium.launch({
    executablePath: findBrowser(),
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
  page.on('console', (m) => consoleLines.push(`[${m.type()}] ${m.text()}`));
  page.on('pageerror', (e) => consoleLines.push(`[pageerror] ${e.message}`));
  await page.addInitScript(recordStatusItem);

  const shot = async (name, clip) => {
    const p = path.join(opt.out, name);
    await page.screenshot({ path: p, ...(clip ? { clip } : {}) });
    summary.screenshots.push(p);
  };
  const waitFor = async (what, fn, arg, timeout) => {
    try {
      await page.waitForFunction(fn, arg, { timeout, polling: 200 });
    } catch {
      const p = await page.evaluate(problemCounts).catch(() => null);
      throw new Error(`timed out after ${Math.round(timeout / 1000)}s waiting for ${what} (status bar: ${p ? p.label : 'not rendered'})`);
    }
  };
  const visible = async (what, selector, timeout = UI) => {
    try {
      await page.locator(selector).first().waitFor({ state: 'visible', timeout });
    } catch {
      throw new Error(`timed out after ${Math.round(timeout / 1000)}s waiting for ${what} (${selector})`);
    }
  };
  const statusLabels = () => page.evaluate(() => window.__slLabels || []);
  const currentStatus = async () => { const l = await statusLabels(); return l[l.length - 1] || null; };
  const statusItem = page.locator('.statusbar-item[id$="secretloop.status"]');

  // no server anywhere: one error notification that says how to install, and the status bar says so
  const notFoundSteps = async () => {
    const toast = page.locator('.notification-toast', { hasText: 'secretloop language server was not found' });
    try {
      await toast.first().waitFor({ state: 'visible', timeout: T });
    } catch {
      throw new Error('no "secretloop language server was not found" notification');
    }
    const message = (await toast.first().innerText()).replace(/\s+/g, ' ');
    check('one notification says how to install', /pip install secretloop/.test(message) && /secretloop\.path/.test(message), message);
    check('only one such notification', (await toast.count()) === 1);
    await waitFor('the status bar item to say the server was not found', () =>
      (window.__slLabels || []).some((s) => s.label === 'SecretLoop: server not found'), null, UI);
    check('the status bar item says the server was not found', true, (await currentStatus()).text);
    await shot('notfound.png');
  };

  const mainSteps = async () => {
    // 2. the status bar item names the phase once the server reports a run
    await waitFor('the SecretLoop status bar item to name a phase (is the server running? see the output channel log)', () => {
      const l = window.__slLabels || [];
      return l.some((s) => /phase (discover|scan|filter|triage|review|report)\b/.test(s.label));
    }, null, T);
    timings.status_phase_s = secs();
    const phaseState = (await statusLabels()).find((s) => /phase \w+/.test(s.label));
    check('status bar item shows the phase', true, { text: phaseState.text, label: phaseState.label });
    const box = await statusItem.first().boundingBox().catch(() => null);
    await shot('status.png', box ? { x: 0, y: Math.max(0, box.y - 120), width: 1400, height: 120 + box.height } : undefined);

    // 3. open the fixture file (Quick Open; the file index may lag right after load)
    const base = path.basename(fixture.file);
    let opened = false;
    for (let attempt = 1; attempt <= 3 && !opened; attempt++) {
      await page.keyboard.press('Control+P');
      await visible('the Quick Open input', '.quick-input-widget input');
      await page.keyboard.type(fixture.file);
      try {
        await page.locator('.quick-input-list .monaco-list-row', { hasText: base }).first().waitFor({ state: 'visible', timeout: UI });
        await page.keyboard.press('Enter');
        await page.waitForFunction((name) => {
          const t = document.querySelector('.editor-group-container.active .tab.active');
          return !!t && (t.getAttribute('aria-label') || '').split(',')[0].trim() === name;
        }, base, { timeout: UI });
        opened = true;
      } catch {
        log(`Quick Open attempt ${attempt} did not open ${fixture.file}; retrying`);
        await page.keyboard.press('Escape');
      }
    }
    if (!opened) throw new Error(`could not open ${fixture.file} with Quick Open`);
    timings.file_open_s = secs();

    // 4. the finding reaches the Problems panel
    await waitFor('a SecretLoop problem in the status bar', () => {
      const el = document.getElementById('status.problems');
      return !!el && /(Errors|Warnings): [1-9]/.test(el.getAttribute('aria-label') || '');
    }, null, T);
    timings.diagnostics_s = secs();
    const before = await page.evaluate(problemCounts);
    if (!(await page.locator('.markers-panel').first().isVisible().catch(() => false))) await page.keyboard.press('Control+Shift+M');
    const rowSel = '.markers-panel .monaco-list-row[aria-label^="Error"], .markers-panel .monaco-list-row[aria-label^="Warning"]';
    await visible('a problem row in the Problems panel', rowSel);
    const rows = await page.locator(rowSel).evaluateAll((els) => els.map((e) => ({ aria: e.getAttribute('aria-label') || '', text: e.innerText || '' })));
    const ours = rows.filter((r) => /secretloop/i.test(r.text) || /secretloop/i.test(r.aria));
    check('Problems panel lists the finding from source secretloop', ours.length >= 1, ours.map((r) => clean(r.text.replace(/\s+/g, ' '))));
    check('the problem names a rule id', ours.some((r) => /secretloop\s*\(?[a-z0-9]+(-[a-z0-9]+)*\)?/i.test(r.text)), clean(ours[0].text.replace(/\s+/g, ' ')));
    check('the Problems panel does not show the planted value', !rows.some((r) => r.text.includes(secret) || r.aria.includes(secret)));
    summary.problems_before = before;
    await shot('problems.png');

    // 4b. a settings change applies without a reload: both severities to "information" (in the
    //     workspace's .vscode/settings.json: code-server does not notice outside edits of the
    //     user settings file) turn the finding into an info; removing them brings it back
    if (opt.liveSettings) {
      const dir = path.join(fixture.folder, '.vscode');
      fs.mkdirSync(dir, { recursive: true });
      fs.writeFileSync(path.join(dir, 'settings.json'), JSON.stringify({
        'secretloop.severity.confirmed': 'information', 'secretloop.severity.pending': 'information',
      }, null, 2));
      await waitFor('the finding to become an info after the severity settings changed (no reload)', (n) => {
        const label = document.getElementById('status.problems')?.getAttribute('aria-label') || '';
        const m = label.match(/Infos: (\d+)/);
        return !/Errors: [1-9]|Warnings: [1-9]/.test(label) && !!m && Number(m[1]) >= n;
      }, ours.length, T);
      const asInfo = await page.evaluate(problemCounts);
      fs.writeFileSync(path.join(dir, 'settings.json'), '{}\n');
      await waitFor('the finding to get its severity back after the settings were restored', (n) => {
        const el = document.getElementById('status.problems');
        const label = (el && el.getAttribute('aria-label')) || '';
        const count = (re) => { const m = label.match(re); return m ? Number(m[1]) : 0; };
        return count(/Errors: (\d+)/) === n.errors && count(/Warnings: (\d+)/) === n.warnings;
      }, before, T);
      check('a settings change applies without a reload (severity)', true, `${before.label} -> ${asInfo.label} -> ${before.label}`);
      timings.settings_live_s = secs();
    }

    // 5. Quick Fix on the finding: cursor to its [Ln, Col], Ctrl+., choose the fix by keyboard
    const pos = ours.map((r) => r.text.match(/\[Ln (\d+), Col (\d+)\]/)).find(Boolean);
    if (!pos) throw new Error('no [Ln, Col] in the problem row');
    const target = { line: Number(pos[1]), col: Number(pos[2]) };
    check('the finding is on the planted line', target.line === fixture.line, target);
    await page.keyboard.press('Control+G');
    await visible('the Go to Line input', '.quick-input-widget input');
    await page.keyboard.type(`${target.line}:${target.col}`);
    await page.keyboard.press('Enter');
    await waitFor(`the cursor at Ln ${target.line}, Col ${target.col}`, (t) => {
      const s = document.getElementById('status.editor.selection');
      return !!s && (s.getAttribute('aria-label') || s.textContent || '').startsWith(`Ln ${t.line}, Col ${t.col}`);
    }, target, UI);
    const actionRows = '.action-widget .monaco-list-row.action';
    let menu = false;
    for (let attempt = 1; attempt <= 3 && !menu; attempt++) {
      await page.keyboard.press('Control+.');
      try {
        await page.locator(actionRows).first().waitFor({ state: 'visible', timeout: UI });
        menu = true;
      } catch {
        log(`Quick Fix attempt ${attempt}: no menu`);
        await page.keyboard.press('Escape');
      }
    }
    if (!menu) throw new Error('the Quick Fix menu (Ctrl+.) never showed an action');
    const titles = await page.locator(actionRows).evaluateAll((els) => els.map((e) => e.getAttribute('aria-label') || e.textContent || ''));
    summary.quick_fixes = titles.map(clean);
    await shot('quickfix.png');
    check(`Quick Fix offers "${opt.fix}"`, titles.some((t) => t.includes(opt.fix)), summary.quick_fixes);
    // a mouse click on the menu is swallowed by VS Code's pointer block until the mouse moves
    let chosen = false;
    for (let i = 0; i <= titles.length && !chosen; i++) {
      const focused = await page.locator(`${actionRows}.focused`).first().getAttribute('aria-label', { timeout: 2000 }).catch(() => null);
      if (focused && focused.includes(opt.fix)) { await page.keyboard.press('Enter'); chosen = true; } else await page.keyboard.press('ArrowDown');
    }
    if (!chosen) throw new Error(`could not focus "${opt.fix}" in the Quick Fix menu`);
    timings.fix_chosen_s = secs();

    // 6. the problem goes away and the decision is on disk
    await waitFor('the SecretLoop problem to go away after the fix', (n) => {
      const el = document.getElementById('status.problems');
      const label = (el && el.getAttribute('aria-label')) || '';
      const count = (re) => { const m = label.match(re); return m ? Number(m[1]) : 0; };
      return !!el && count(/Errors: (\d+)/) + count(/Warnings: (\d+)/) + count(/Infos: (\d+)/) === n;
    }, before.total - ours.length, T);
    timings.after_fix_s = secs();
    summary.problems_after = await page.evaluate(problemCounts);
    check('the dismissed finding left the Problems panel', true, summary.problems_after.label);
    await shot('after.png');

    const decisions = path.join(fixture.folder, '.secretloop', 'decisions.jsonl');
    const deadline = Date.now() + T;
    while (!fs.existsSync(decisions) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
    check('.secretloop/decisions.jsonl was written', fs.existsSync(decisions));
    const text = fs.readFileSync(decisions, 'utf8');
    const entries = text.split('\n').filter((l) => l.trim()).map((l) => { try { return JSON.parse(l); } catch { return null; } });
    check('decisions.jsonl holds valid JSON lines', entries.length >= 1 && entries.every((e) => e && typeof e === 'object'), `${entries.length} line(s)`);
    check('decisions.jsonl records a dismissal', entries.some((e) => /dismiss|not.?a.?secret|not_secret/i.test(JSON.stringify(e))),
      entries.map((e) => Object.keys(e || {}).join(',')));
    check('decisions.jsonl does not contain the planted value', !text.includes(secret));

    // 7. the status bar item's click (Show Run) opens the "SecretLoop" output with the run summary.
    //    The output view only renders the lines in sight and later log lines scroll the summary
    //    away, so the text is checked in the channel's log file and the panel by its channel name.
    const afterFix = await currentStatus();
    summary.status_after_fix = afterFix ? { text: clean(afterFix.text), label: clean(afterFix.label) } : null;
    const summariesBefore = countInChannelLog(opt.logs, 'SecretLoop run summary');
    await statusItem.first().click();
    await waitFor('the Output panel showing the SecretLoop channel', `(${outputChannelShown})().includes('SecretLoop')`, null, UI);
    summary.output_channel_shown = await page.evaluate(outputChannelShown);
    const deadline2 = Date.now() + UI;
    while (countInChannelLog(opt.logs, 'SecretLoop run summary') <= summariesBefore && Date.now() < deadline2) {
      await new Promise((r) => setTimeout(r, 200));
    }
    await shot('showrun.png');
    check('Show Run (status bar click) writes the run summary to the SecretLoop output',
      countInChannelLog(opt.logs, 'SecretLoop run summary') > summariesBefore);

    summary.status_history = (await statusLabels()).map((s) => ({ text: clean(s.text), label: clean(s.label) }));
  };

  try {
    // 1. the workbench with the fixture folder
    const url = new URL(opt.url);
    url.searchParams.set('folder', fixture.folder);
    await page.goto(url.toString(), { waitUntil: 'domcontentloaded', timeout: T });
    await visible('the workbench status bar', '#status\\.problems', T);
    timings.workbench_s = secs();

    if (opt.notFound) await notFoundSteps();
    else await mainSteps();
    summary.ok = true;
  } catch (e) {
    summary.error = signal ? `interrupted by ${signal}` : clean(e.message);
    log(`FAILED: ${summary.error}`);
    summary.status_history = (await statusLabels().catch(() => [])).map((s) => ({ text: clean(s.text), label: clean(s.label) }));
    if (!signal) await shot('failure.png').catch(() => {});
  } finally {
    timings.total_s = secs();
    fs.writeFileSync(path.join(opt.out, 'browser-console.log'), consoleLines.map(clean).join('\n') + '\n');
    fs.writeFileSync(path.join(opt.out, 'summary.json'), JSON.stringify(summary, null, 2) + '\n');
    await browser.close().catch(() => {});
  }
  console.log(JSON.stringify({ ok: summary.ok, error: summary.error, checks: Object.keys(summary.checks).length, timings }));
  process.exit(summary.ok ? 0 : 1);
}

main().catch((e) => { console.error(`drive.js: ${e.stack || e}`); process.exit(1); });
