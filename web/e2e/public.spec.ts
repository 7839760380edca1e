import { expect, test } from '@playwright/test';

test('the terms page shows its ten sections, signed out', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('link', { name: 'Terms and Conditions' }).first().click();
  await expect(page).toHaveURL(/\/tandc$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Terms and Conditions' })).toBeVisible();
  const sections = page.getByRole('heading', { level: 2 });
  await expect(sections).toHaveCount(10);
  await expect(sections).toHaveText([
    /Introduction/,
    /User responsibilities/,
    /Content rights/,
    /Privacy/,
    /Payment terms/,
    /Disclaimer/,
    /Termination/,
    /Changes/,
    /Governing law/,
    /Contact/,
  ]);
  await expect(page.getByText(/at least 8 years old/)).toBeVisible();
});

test('an unknown route shows a friendly 404', async ({ page }) => {
  await page.goto('/this/does/not/exist');
  await expect(page.getByRole('heading', { name: 'This page skipped a beat' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Take me home' })).toHaveAttribute('href', '/home');
});

test('the app loads without console errors or CSP violations', async ({ page }) => {
  const problems: string[] = [];
  page.on('console', (m) => {
    // 401s of the session check are expected for a visitor.
    if (m.type() === 'error' && !/status of 401/.test(m.text())) problems.push(m.text());
  });
  page.on('pageerror', (e) => problems.push(e.message));
  for (const path of ['/', '/login', '/forget', '/tandc']) {
    await page.goto(path);
    await expect(page.locator('h1')).toBeVisible();
  }
  expect(problems).toEqual([]);
});
