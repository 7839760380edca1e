import { test as base } from '@playwright/test';
import { baseURL } from './env';
import { createAccount, signIn, type Account } from './helpers';

interface TestFixtures {
  /** A page whose context is signed in as the worker's account. */
  signedIn: Account;
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
});

export { expect } from '@playwright/test';
