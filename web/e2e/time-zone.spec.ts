import { expect, test } from './fixtures';
import { createAccount, newAccount, signIn } from './helpers';

// The signed-in app tells the server which zone the browser is in, so the
// person's mixes are made anew at their own midnight; a browser elsewhere
// moves it there.
test.use({ timezoneId: 'Asia/Tokyo' });

test('the account takes the time zone of the browser it is used in', async ({ page, browser }) => {
  const person = await createAccount(page.request, newAccount());
  await signIn(page, person);
  const saved = page.waitForResponse(
    (r) => r.url().endsWith('/api/account/timezone') && r.request().method() === 'PUT',
  );
  await page.goto('/home');
  expect((await saved).status()).toBe(200);
  const session = async (request = page.request) =>
    ((await (await request.get('/api/auth/session')).json()) as { user: { timeZone: string } }).user
      .timeZone;
  expect(await session()).toBe('Asia/Tokyo');

  // The same zone again: nothing to tell.
  let told = 0;
  page.on('request', (r) => {
    if (r.url().endsWith('/api/account/timezone')) told += 1;
  });
  await page.reload();
  await expect(
    page.getByRole('heading', { level: 1, name: new RegExp(person.username) }),
  ).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(told).toBe(0);

  // Travelling: a browser in São Paulo moves the account's days there.
  const away = await browser.newContext({ timezoneId: 'America/Sao_Paulo' });
  const phone = await away.newPage();
  await signIn(phone, person);
  const moved = phone.waitForResponse((r) => r.url().endsWith('/api/account/timezone'));
  await phone.goto('/home');
  expect((await moved).status()).toBe(200);
  expect(await session(phone.request)).toBe('America/Sao_Paulo');
  await away.close();
});
