// Test harness: starts the server binary on a fresh SQLite file and Debian's chromium through
// playwright-core (never a browser download); screenshots go to target/browser-artifacts.
import { spawn } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const here = path.dirname(fileURLToPath(import.meta.url));
export const root = path.resolve(here, '../../../..');
export const artifacts = process.env.ARTIFACTS_DIR || path.join(root, 'target/browser-artifacts');
mkdirSync(artifacts, { recursive: true });

const bin = process.env.TEGOMA_SERVER_BIN || path.join(root, 'target/debug/tegoma-server');
const chromiumPath = process.env.CHROMIUM || '/usr/bin/chromium';

// `env`: extra environment variables of the server (`TEGOMA_GAMES`). `again`: the port of a
// server of the same tag that stopped, to start it again on its port and its database (a restart).
export async function startServer(tag, env = {}, again = null) {
  const port = again || 20000 + Math.floor(Math.random() * 20000);
  const db = path.join(artifacts, `${tag}.db`);
  if (!again) for (const s of ['', '-wal', '-shm']) rmSync(db + s, { force: true });
  const proc = spawn(bin, ['--addr', `127.0.0.1:${port}`, '--database', `sqlite://${db}`], {
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, ...env },
  });
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 100; i++) {
    try {
      const r = await fetch(`${base}/healthz`);
      if (r.ok) {
        const exited = new Promise((done) => proc.once('exit', done));
        return { base, port, stop: () => proc.kill('SIGTERM'), exited };
      }
    } catch { /* not yet */ }
    await new Promise((r) => setTimeout(r, 100));
  }
  proc.kill('SIGKILL');
  throw new Error(`the server ${bin} did not start`);
}

export async function startBrowser() {
  // playwright-core gives every launch a fresh --user-data-dir of its own (it refuses one in
  // `args`), so each run starts from an empty profile.
  const browser = await chromium.launch({
    executablePath: chromiumPath,
    headless: true,
    args: [
      '--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync',
    ],
  });
  return { browser, close: () => browser.close() };
}

let shot = 0;
export async function snap(page, name) {
  shot += 1;
  await page.screenshot({ path: path.join(artifacts, `${String(shot).padStart(3, '0')}-${name}.png`), fullPage: true });
}

export async function api(base, method, p, body, token) {
  const headers = { 'Content-Type': 'application/json' };
  if (token) headers.Authorization = `Bearer ${token}`;
  const r = await fetch(base + p, { method, headers, body: body ? JSON.stringify(body) : undefined });
  return { status: r.status, body: await r.json() };
}

/** Clicks the square `cell` of the page's board. */
export async function clickCell(page, cell) {
  await page.locator(`#board rect[data-cell="${cell}"]`).click({ force: true });
}

/** Drags from one square to another with the mouse. */
export async function dragCell(page, from, to) {
  const a = await page.locator(`#board rect[data-cell="${from}"]`).boundingBox();
  const b = await page.locator(`#board rect[data-cell="${to}"]`).boundingBox();
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
  await page.mouse.down();
  await page.mouse.move(a.x + a.width / 2 + 10, a.y + a.height / 2 + 10, { steps: 3 });
  await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2, { steps: 8 });
  await page.mouse.up();
}

/** Waits until the page has seen `n` plies. */
export async function waitPlies(page, n) {
  await page.waitForFunction((k) => document.querySelectorAll('#moves [data-pmn]').length === k, n, { timeout: 10000 });
}

/** The PMN of every ply the page lists. */
export async function plies(page) {
  return page.$$eval('#moves [data-pmn]', (lis) => lis.map((li) => li.dataset.pmn));
}
