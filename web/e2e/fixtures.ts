import { test as base } from '@playwright/test';
import { baseURL } from './env';
import { createAccount, newAccount, signIn, unique, type Account } from './helpers';

interface TestFixtures {
  /**
   * Autoplay as a browser starts: off by default, so a queue ends where the
   * spec's songs end (songs like them would otherwise play on); null keeps
   * the app's own default (on). A choice saved in the app wins either way.
   */
  autoplay: boolean | null;
  /**
   * Gapless albums (Web Audio) as a browser starts: off by default, so the
   * specs that read the <audio> elements see every song on them; the
   * gapless spec turns it on, as the app's own default is. A choice saved
   * in the app wins either way.
   */
  gapless: boolean;
  /** A page whose context is signed in as the worker's account. */
  signedIn: Account;
  /**
   * A page signed in as a new account of its own, for tests that upload: the
   * same user cannot upload the same file twice. The name has a hyphen, which
   * the app shows as a space.
   */
  listener: Account;
}

interface WorkerFixtures {
  /** One account per worker, made through the API; tests must not change its password. */
  account: Account;
}

export const test = base.extend<TestFixtures, WorkerFixtures>({
  account: [
    async ({ playwright }, use) => {
      const request = await playwright.request.newContext({ baseURL });
      const account = await createAccount(request);
      await request.dispose();
      await use(account);
    },
    { scope: 'worker' },
  ],
  autoplay: [false, { option: true }],
  gapless: [false, { option: true }],
  context: async ({ context, autoplay, gapless }, use) => {
    await context.addInitScript(
      ({ autoplay, gapless }) => {
        const key = 'musicify.playback';
        try {
          const saved = JSON.parse(localStorage.getItem(key) ?? '{}') as Record<string, unknown>;
          const preset: Record<string, boolean> = {};
          if (autoplay !== null && typeof saved.autoplay !== 'boolean') preset.autoplay = autoplay;
          if (typeof saved.gapless !== 'boolean') preset.gapless = gapless;
          if (Object.keys(preset).length > 0) {
            localStorage.setItem(key, JSON.stringify({ ...saved, ...preset }));
          }
        } catch {
          // Not the app's page (about:blank): nothing to set.
        }
      },
      { autoplay, gapless },
    );
    await use(context);
  },
  signedIn: async ({ page, account }, use) => {
    await signIn(page, account);
    await use(account);
  },
  listener: async ({ page }, use) => {
    const username = unique('e2e-');
    const account = await createAccount(page.request, {
      ...newAccount(),
      username,
      email: `${username}@example.com`,
    });
    await signIn(page, account);
    await use(account);
  },
});

export { expect } from '@playwright/test';
