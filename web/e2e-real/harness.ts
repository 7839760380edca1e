import { spawn } from 'node:child_process';
import fs from 'node:fs';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';
import { expect } from '@playwright/test';

/** How the server runs: one instance on SQLite, or two on PostgreSQL, S3 and NATS. */
export type Mode = 'single' | 'cluster';

/** The running harness (internal/testserver/cluster -real), as it announced itself. */
export interface Harness {
  mode: Mode;
  /** Instance A's base URL. */
  a: string;
  /** Instance B's base URL: in cluster mode only. */
  b?: string;
  /** The harness's control API (see internal/testserver/cluster/control.go). */
  control: string;
  /** The bearer token of every instance's /metrics. */
  metricsToken: string;
  /** The music folder the instances import (MUSICIFY_LIBRARY_DIRS). */
  library: string;
}

/**
 * What the generated library holds back at the start, for the test to add
 * later (a folder of genlibrary -tricky, see scripts/genlibrary/tricky.go).
 */
export const heldBack = 'Zoë Keating';

const bin = (name: string) => fileURLToPath(new URL(`../../bin/${name}`, import.meta.url));

/**
 * Starts the harness in a mode and waits until it answers; stop() ends it
 * (it also ends by itself when this process ends: its standard input closes).
 */
export async function startHarness(
  mode: Mode,
): Promise<{ harness: Harness; stop: () => Promise<void> }> {
  const [harnessBin, musicify, genlibrary] = ['e2e-cluster', 'musicify', 'genlibrary'].map(bin);
  for (const b of [harnessBin!, musicify!, genlibrary!]) {
    if (!fs.existsSync(b)) throw new Error(`no ${b}: run make e2e-real`);
  }
  const child = spawn(
    harnessBin!,
    ['-musicify', musicify!, '-real', mode, '-genlibrary', genlibrary!, '-hold', heldBack],
    { stdio: ['pipe', 'pipe', 'inherit'] },
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const lines = readline.createInterface({ input: child.stdout });
  const ready = await new Promise<string>((resolve, reject) => {
    lines.once('line', resolve);
    child.once('exit', (code) => reject(new Error(`the harness exited (${code})`)));
  });
  const harness = { mode, ...(JSON.parse(ready) as Omit<Harness, 'mode'>) };
  return {
    harness,
    stop: async () => {
      child.stdin.end();
      // A guard against a hang, not a speed check.
      const guard = setTimeout(() => child.kill('SIGKILL'), 60_000);
      await exited;
      clearTimeout(guard);
    },
  };
}

/** The instances' base URLs, A first. */
export function instances(h: Harness): string[] {
  return h.b ? [h.a, h.b] : [h.a];
}

/** Asks the harness to do something and waits until it is done. */
export async function control(h: Harness, path: string, method = 'POST'): Promise<string> {
  const res = await fetch(h.control + path, { method });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${text}`);
  return text;
}

/** The code in the latest mail the harness's SMTP server got for `to`. */
export async function mailedCode(h: Harness, to: string): Promise<string> {
  const mail = JSON.parse(await control(h, `/mail?to=${encodeURIComponent(to)}`, 'GET')) as {
    subject: string;
    code: string;
  };
  expect(mail.subject).toContain('sign-up code');
  expect(mail.code).toMatch(/^\d{6}$/);
  return mail.code;
}

/** The end of every instance's log, for a failure. */
export function logs(h: Harness): Promise<string> {
  return control(h, '/logs', 'GET');
}

/** An instance's whole log. */
export function log(h: Harness, instance: 'a' | 'b'): Promise<string> {
  return control(h, `/log?instance=${instance}`, 'GET');
}

/** The lines of the instances' logs that show a problem (see the harness's check.go). */
export async function logProblems(h: Harness): Promise<string[]> {
  const { problems } = JSON.parse(await control(h, '/check', 'GET')) as {
    problems: { instance: string; line: string }[];
  };
  return problems.map((p) => `${p.instance}: ${p.line}`);
}

/**
 * The samples of one metric in an instance's /metrics, by their labels
 * ('' for none); null when the instance does not export it at all.
 */
export async function metric(
  h: Harness,
  base: string,
  name: string,
): Promise<Map<string, number> | null> {
  const res = await fetch(`${base}/metrics`, {
    headers: { Authorization: `Bearer ${h.metricsToken}` },
  });
  expect(res.status, `${base}/metrics`).toBe(200);
  const samples = new Map<string, number>();
  let declared = false;
  for (const line of (await res.text()).split('\n')) {
    if (line.startsWith(`# TYPE ${name} `)) declared = true;
    const m = /^([a-zA-Z_:][\w:]*)(\{[^}]*\})?\s+(\S+)/.exec(line);
    if (m && m[1] === name) samples.set(m[2] ?? '', Number(m[3]));
  }
  return declared || samples.size > 0 ? samples : null;
}

/**
 * The checks after every phase: each instance still answers /healthz, its
 * log is clean, and no background worker has panicked.
 */
export async function expectHealthy(h: Harness) {
  for (const base of instances(h)) {
    const health = await fetch(`${base}/healthz`);
    expect(health.status, `${base}/healthz`).toBe(200);
  }
  expect(await logProblems(h), 'lines in the servers’ logs that show a problem').toEqual([]);
  for (const base of instances(h)) {
    // Absent (a server that counts none) or 0 for every worker.
    const panics = await metric(h, base, 'musicify_background_panics_total');
    const panicked = [...(panics ?? new Map<string, number>())].filter(([, n]) => n !== 0);
    expect(panicked, `${base}: background workers that panicked`).toEqual([]);
  }
}

/**
 * Waits until every instance's recommender has a model with items in it.
 * The metric is what an operator watches; a server without it (older
 * than the metric) is waited for by its log line, then fails on the metric.
 */
export async function expectRecommenderTrained(harness: Harness) {
  const named: ['a' | 'b', string][] = [['a', harness.a]];
  if (harness.b) named.push(['b', harness.b]);
  for (const [name, base] of named) {
    const items = () => metric(harness, base, 'musicify_recommend_model_items');
    await expect
      .poll(
        async () => {
          const now = await items();
          if (now) return Math.max(0, ...now.values()) > 0;
          return /recommend: model (trained|loaded)/.test(await log(harness, name));
        },
        { timeout: 150_000, intervals: [1_000] },
      )
      .toBe(true);
    const now = await items();
    expect(
      now,
      `${base}/metrics has no musicify_recommend_model_items: the recommender does not report its model`,
    ).not.toBeNull();
    expect(Math.max(0, ...now!.values()), `${base}: items in the model`).toBeGreaterThan(0);
  }
}
