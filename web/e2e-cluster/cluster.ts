/** The running cluster, as the global setup found it (see internal/testserver/cluster). */
export interface Cluster {
  /** Instance A's base URL: demo mode, with the dev outbox for sign-up codes. */
  a: string;
  /** Instance B's base URL. */
  b: string;
  /** The harness's control API: NATS stop/start, kill A mid-upload, logs. */
  control: string;
}

export function cluster(): Cluster {
  const json = process.env.MUSICIFY_CLUSTER;
  if (!json) throw new Error('no MUSICIFY_CLUSTER: run with -c playwright.cluster.config.ts');
  return JSON.parse(json) as Cluster;
}

/** Asks the harness to do something, and waits until it is done. */
export async function control(path: string): Promise<string> {
  const res = await fetch(cluster().control + path, { method: 'POST' });
  const text = await res.text();
  if (!res.ok) throw new Error(`${path}: ${res.status} ${text}`);
  return text;
}

/** The end of each instance's log, for a failure. */
export async function logs(): Promise<string> {
  return (await fetch(cluster().control + '/logs')).text();
}
