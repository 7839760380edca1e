import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { expect, request as playwrightRequest, test } from '@playwright/test';
import { baseURL } from './env';
import { createAccount, requestAs } from './helpers';

const run = promisify(execFile);

// A real Subsonic client (the npm subsonic-api package)
// browses, searches, streams, stars, scrobbles and edits playlists against
// this server's /rest, signed in with an app password made in Settings;
// every JSON answer it got is then checked against the OpenSubsonic schema.
// The e2e server imports testdata/library, whose compilation 'Drive Low 0'
// carries embedded art.
test('a Subsonic app signs in with an app password and uses the library', async () => {
  test.setTimeout(240_000);
  const anon = await playwrightRequest.newContext({ baseURL });
  const account = await createAccount(anon);
  const me = await requestAs(account);
  const created = await me.post('/api/app-passwords', { data: { name: 'subsonic-api test' } });
  expect(created.status(), await created.text()).toBe(201);
  const { password } = (await created.json()) as { password: string };

  const root = fileURLToPath(new URL('../../', import.meta.url));
  const { stdout } = await run('bash', ['scripts/subsonic-node-test.sh'], {
    cwd: root,
    env: {
      ...process.env,
      SUBSONIC_URL: baseURL,
      SUBSONIC_USER: account.username,
      SUBSONIC_PASSWORD: password,
      SUBSONIC_EXPECT_SONG: 'Light Rain Low',
    },
    maxBuffer: 16 << 20,
  }).catch((err: { stdout?: string; stderr?: string }) => {
    throw new Error(`the Subsonic client failed:\n${err.stdout ?? ''}\n${err.stderr ?? ''}`);
  });
  expect(stdout).toContain('# fail 0');
  expect(stdout).toMatch(/checked \d+ recorded answers, 0 break the OpenSubsonic spec/);
});
