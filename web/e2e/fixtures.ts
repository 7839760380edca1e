import { test as base } from '@playwright/test';
import { baseURL } from './env';
import { createAccount, newAccount, signIn, unique, type Account } from './helpers';

interface TestFixtures {
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
