import { expect, test } from './fixtures';
import { audioState, createPlaylist, mediaFile, playerBar, songNamed } from './helpers';

test('typing opens the results: prefixes and typos find songs, and a result plays', async ({
  page,
  signedIn,
}) => {
  await page.goto('/home');
  await expect(
    page.getByRole('heading', { level: 1, name: new RegExp(signedIn.username) }),
  ).toBeVisible();
  const box = page.getByRole('searchbox', { name: 'Search...' });
  await box.pressSequentially('submar');
  await expect(page).toHaveURL(/\/search\?q=submar$/);
  await expect(box).toBeFocused();
  const songs = page.getByRole('region', { name: 'Songs' });
  await expect(songs.getByRole('button', { name: 'Play Yellow Submarine Dreams' })).toBeVisible();
  await expect(songs.locator('mark')).toHaveText(['Submar']);
  await expect(page.getByRole('region', { name: 'Artists' })).toContainText('No artists match');

  await box.fill('midnite harbor');
  await expect(page).toHaveURL(/\/search\?q=midnite\+harbor$/);
  const harbour = songs.getByRole('button', { name: 'Play Midnight Harbour' });
  await expect(harbour).toBeVisible();
  await expect(box).toBeFocused();

  const song = await songNamed(page.request, 'Midnight Harbour');
  await harbour.click();
  await expect
    .poll(async () => mediaFile((await audioState(page)).src))
    .toBe(mediaFile(song.audio));
  await expect.poll(async () => (await audioState(page)).currentTime).toBeGreaterThan(0.3);
  await expect(playerBar(page)).toContainText('Midnight Harbour');
});

test('Enter sets the search term the songs page filters by; Escape closes the results', async ({
  page,
  signedIn,
}) => {
  await page.goto(`/followuser?username=${signedIn.username}`);
  const box = page.getByRole('searchbox', { name: 'Search...' });
  await box.fill('yellow');
  await box.press('Enter');
  await expect(page).toHaveURL(/\/search\?q=yellow$/);
  await page.getByRole('link', { name: 'Show in Songs' }).click();
  await expect(page).toHaveURL(/\/songs$/);
  await expect(page.getByText('Showing songs for')).toContainText('“yellow”');
  const rows = page.getByRole('list', { name: 'Songs' }).getByRole('listitem');
  await expect(rows.first()).toContainText('Yellow Submarine Dreams');
  await page.getByRole('button', { name: 'Clear the search for “yellow”' }).click();
  await expect(box).toHaveValue('');

  await page.goto('/artist');
  await box.fill('zzzz');
  await expect(page.getByText('No results for “zzzz”')).toBeVisible();
  await box.press('Escape');
  await expect(page).toHaveURL(/\/artist$/);
  await expect(box).toHaveValue('');
});

/** A word no catalog holds, so a search for it finds only what the test made. */
function uniqueWord(): string {
  return `zq${Math.random().toString(36).slice(2, 9).replace(/\d/g, 'x')}`;
}

/** What the results page shows in one region: the names of its songs, artists and albums. */
interface Shown {
  heading: string;
  songs: string[];
  artists: string[];
  albums: string[];
}

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
]) {
  test.describe(`at ${viewport.width}x${viewport.height}`, () => {
    test.use({ viewport });

    test('/ opens the search from anywhere; a library artist is found, and is the top result', async ({
      page,
      signedIn,
    }) => {
      await page.goto('/albums');
      await expect(page.getByRole('heading', { level: 1, name: 'Albums' })).toBeVisible();
      void signedIn;
      const box = page.getByRole('searchbox', { name: 'Search...' });
      await expect(box).not.toBeFocused();
      await page.keyboard.press('/');
      await expect(box).toBeFocused();
      await expect(box).toHaveValue('');
      await page.keyboard.type('crimson harbor');
      await expect(page).toHaveURL(/\/search\?q=crimson\+harbor$/);

      const top = page.getByRole('article', { name: 'Top result: Crimson Harbor' });
      await expect(top).toBeVisible();
      await expect(top).toContainText('Artist');
      const artists = page.getByRole('region', { name: 'Artists' });
      const artist = artists.getByRole('link', { name: /Crimson Harbor/ });
      await expect(artist).toBeVisible();
      if (process.env.SHOTS_DIR) {
        await page.screenshot({
          path: `${process.env.SHOTS_DIR}/search-${viewport.width}x${viewport.height}.png`,
        });
      }
      await artist.click();
      await expect(page).toHaveURL(/\/artist\/Crimson%20Harbor$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Crimson Harbor' })).toBeVisible();
    });

    test('Ctrl+K opens the search; albums are found, and a top album plays', async ({
      page,
      signedIn,
    }) => {
      await page.goto('/home');
      await expect(
        page.getByRole('heading', { level: 1, name: new RegExp(signedIn.username) }),
      ).toBeVisible();
      const box = page.getByRole('searchbox', { name: 'Search...' });
      await page.keyboard.press('Control+k');
      await expect(box).toBeFocused();
      await page.keyboard.type('summer tide');
      await expect(page).toHaveURL(/\/search\?q=summer\+tide$/);

      const albums = page.getByRole('region', { name: 'Albums' });
      const album = albums.getByRole('link', { name: /Summer Tide 3/ });
      await expect(album).toBeVisible();
      await expect(album).toHaveAttribute('href', /^\/album\/./);
      const top = page.getByRole('article', { name: 'Top result: Summer Tide 3' });
      await expect(top).toContainText('Album');
      // A compact card: the songs found start within the first screen, under it.
      const card = await top.boundingBox();
      expect(card?.height).toBeLessThanOrEqual(viewport.width > 600 ? 140 : 110);
      await expect(
        page.getByRole('list', { name: 'Songs found' }).getByRole('listitem').first(),
      ).toBeInViewport();
      await expect(top).toContainText('Silver Harbor');
      await top.getByRole('button', { name: 'Play Summer Tide 3' }).click();
      await expect(playerBar(page)).toContainText('Summer Night Low');

      await top.getByRole('link', { name: 'Summer Tide 3' }).click();
      await expect(page).toHaveURL(/\/album\/./);
      await expect(page.getByRole('heading', { level: 1, name: 'Summer Tide 3' })).toBeVisible();
    });

    test('"and" finds "&": each is only a joining word', async ({ page, signedIn }) => {
      void signedIn;
      const word = uniqueWord();
      const name = `Smoke & Honey ${word}`;
      await createPlaylist(page.request, name);
      await page.goto(`/search?q=${encodeURIComponent(`smoke and honey ${word}`)}`);
      const playlists = page.getByRole('region', { name: 'Playlists' });
      await expect(playlists.getByRole('link', { name })).toBeVisible();
      await expect(page.getByRole('article', { name: `Top result: ${name}` })).toContainText(
        'Playlist',
      );
      // And the other way round.
      await createPlaylist(page.request, `Salt and Vinegar ${word}`);
      await page.goto(`/search?q=${encodeURIComponent(`salt & vinegar ${word}`)}`);
      await expect(playlists.getByRole('link', { name: `Salt and Vinegar ${word}` })).toBeVisible();
    });

    test('results only ever show under the words they answer', async ({ page, signedIn }) => {
      void signedIn;
      // What each query finds, as the server answers it.
      const expected = new Map<string, { songs: string[]; artists: string[]; albums: string[] }>();
      for (const q of ['crimson', 'velvet']) {
        const res = await page.request.get(`/api/search?q=${q}`);
        const body = (await res.json()) as {
          songs: { song: string }[];
          artists: { name: string }[];
          albums: { name: string }[];
        };
        expected.set(q, {
          songs: body.songs.map((s) => s.song),
          artists: body.artists.map((a) => a.name),
          albums: body.albums.map((a) => a.name),
        });
      }
      expect(expected.get('velvet')!.songs).not.toContain('City Tide Low');

      await page.goto('/search?q=crimson');
      const songs = page.getByRole('region', { name: 'Songs' });
      await expect(songs.getByRole('listitem').filter({ hasText: 'City Tide Low' })).toBeVisible();
      // Every change of the page from here on is recorded: what the heading
      // says, and the names shown under it.
      await page.evaluate(() => {
        const w = window as unknown as { shown: Shown[] };
        w.shown = [];
        const names = (title: string, selector: string) => {
          const region = [...document.querySelectorAll('section')].find(
            (s) => s.querySelector('h2')?.textContent === title,
          );
          return region
            ? [...region.querySelectorAll(selector)].map((el) =>
                (el.getAttribute('aria-label') ?? el.textContent ?? '').trim(),
              )
            : [];
        };
        const record = () =>
          w.shown.push({
            heading: document.querySelector('h1')?.textContent ?? '',
            songs: names('Songs', '.song-row__title'),
            artists: names('Artists', '.artist-card__name'),
            albums: names('Albums', '.album-card__name'),
          });
        new MutationObserver(record).observe(document.body, {
          subtree: true,
          childList: true,
          characterData: true,
        });
      });
      await page.getByRole('searchbox', { name: 'Search...' }).fill('velvet');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Results for “velvet”');
      await expect(songs.getByRole('listitem').filter({ hasText: 'Wire Low Low' })).toBeVisible();

      const shown = await page.evaluate(() => (window as unknown as { shown: Shown[] }).shown);
      const underVelvet = shown.filter((s) => s.heading === 'Results for “velvet”');
      expect(underVelvet.length).toBeGreaterThan(0);
      const want = expected.get('velvet')!;
      // Cards show an uploader's username with spaces for hyphens.
      const norm = (names: string[]) => names.map((n) => n.toLowerCase().replace(/-/g, ' '));
      want.artists = norm(want.artists);
      for (const s of underVelvet) {
        for (const song of s.songs)
          expect(want.songs, `song ${song} under “velvet”`).toContain(song);
        for (const a of norm(s.artists)) {
          expect(want.artists, `artist ${a} under “velvet”`).toContain(a);
        }
        for (const a of s.albums) expect(want.albums, `album ${a} under “velvet”`).toContain(a);
      }
    });
  });
}
