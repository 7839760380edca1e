// The OpenSubsonic conformance session: a whole app session through the npm
// `subsonic-api` client against a running Musicify that imported the
// generated library of `genlibrary -tricky` (accents, Cyrillic and Japanese,
// "A feat. B", a compilation, MP3/FLAC/M4A/Ogg/Opus) with no demo catalog.
// Every call is made in JSON through the client, and again in XML (f=xml)
// where it reads or repeats harmlessly; each JSON answer must match the
// client's own type of that answer (schemas.mjs), each XML answer must be
// well-formed, in the http://subsonic.org/restapi namespace, and say what
// the JSON answer says (xml.mjs). Each call expects what the spec says,
// even where Musicify falls short: nothing is skipped, and the end of the
// output lists every call that failed.
//
// Run: scripts/subsonic-node-test.sh --session URL USER APP_PASSWORD, or in
// web/ `node --test e2e-subsonic/session.test.mjs` with SUBSONIC_URL (no
// /rest), SUBSONIC_USER (an admin) and SUBSONIC_PASSWORD (an app password),
// and SUBSONIC_RECORD_DIR to keep every JSON and XML answer for the Go
// check (scripts/subsonic-check).
//
// It changes the server: it scrobbles, rates, leaves a play queue and starts
// a scan; stars, bookmarks and playlists it makes are taken back.
import assert from 'node:assert/strict';
import { Buffer } from 'node:buffer';
import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import process from 'node:process';
import { after, before, describe, it } from 'node:test';
import { SubsonicAPI } from 'subsonic-api';
import { compileSchemas } from './schemas.mjs';
import { compareXML, parseXML } from './xml.mjs';

function env(name) {
  const value = process.env[name];
  if (!value) throw new Error(`set ${name} (see the top of ${import.meta.url})`);
  return value;
}

const url = env('SUBSONIC_URL').replace(/\/$/, '');
const username = env('SUBSONIC_USER');
const password = env('SUBSONIC_PASSWORD');
const recordDir = process.env.SUBSONIC_RECORD_DIR;
const client = 'musicify-conformance';

let recorded = 0;
/** The raw JSON of the client's last answer (dates still text). */
let lastJSON = null;

function recordingFetch(extraHeaders = {}) {
  return async (input, init = {}) => {
    const res = await fetch(input, {
      ...init,
      headers: { ...(init.headers ?? {}), ...extraHeaders },
    });
    if ((res.headers.get('content-type') ?? '').includes('json')) {
      const body = await res.clone().text();
      lastJSON = JSON.parse(body);
      record(
        new URL(String(input)).pathname
          .split('/')
          .pop()
          .replace(/\.view$/, ''),
        'json',
        body,
      );
    }
    return res;
  };
}

/** Keeps an answer as <n>-<endpoint>.<ext> for scripts/subsonic-check, when asked to. */
function record(endpoint, ext, body) {
  if (!recordDir) return;
  mkdirSync(recordDir, { recursive: true });
  recorded += 1;
  writeFileSync(join(recordDir, `${String(recorded).padStart(3, '0')}-${endpoint}.${ext}`), body);
}

const api = new SubsonicAPI({ url, auth: { username, password }, fetch: recordingFetch() });
let schemas;

/** A /rest URL with token auth, as any client builds it. */
function restURL(method, params = {}, f = 'xml', v = '1.16.1') {
  const salt = randomBytes(8).toString('hex');
  const q = new URLSearchParams({
    u: username,
    t: createHash('md5')
      .update(password + salt)
      .digest('hex'),
    s: salt,
    v,
    c: client,
    f,
  });
  for (const [k, val] of Object.entries(params)) {
    for (const one of Array.isArray(val) ? val : [val])
      if (one !== undefined) q.append(k, String(one));
  }
  return `${url}/rest/${method}.view?${q}`;
}

/** The same call in XML: well-formed, namespaced, and (when `expected` is given) saying the same. */
async function checkXML(method, params, expected, body) {
  const res = await fetch(restURL(method, params));
  assert.equal(res.status, 200, `${method} f=xml: HTTP ${res.status}`);
  assert.match(res.headers.get('content-type') ?? '', /xml/, `${method} f=xml: content type`);
  const text = await res.text();
  record(method, 'xml', text);
  let root;
  try {
    root = parseXML(text);
  } catch (e) {
    assert.fail(`${method} f=xml is not well-formed XML: ${e.message}`);
  }
  assert.equal(root.name, 'subsonic-response', `${method} f=xml: root element`);
  assert.equal(root.attrs.xmlns, 'http://subsonic.org/restapi', `${method} f=xml: namespace`);
  assert.equal(root.attrs.status, 'ok', `${method} f=xml: ${text.slice(0, 300)}`);
  if (expected) {
    assert.deepEqual(
      compareXML(root, expected, 'subsonic-response'),
      [],
      `${method}: the XML answer differs from the JSON one`,
    );
  } else {
    // An answer that changes from call to call (random, now playing): the
    // same elements at the top, and the root's attributes alike.
    const objects = Object.keys(body).filter((k) => typeof body[k] === 'object');
    assert.deepEqual(
      [...new Set(root.children.map((c) => c.name))].sort(),
      objects.sort(),
      `${method} f=xml: top elements`,
    );
    for (const k of ['status', 'version', 'type', 'serverVersion', 'openSubsonic']) {
      if (k in body)
        assert.equal(root.attrs[k], String(body[k]), `${method} f=xml: attribute ${k}`);
    }
  }
  return root;
}

/**
 * One call through the client: it must succeed, its JSON must match the
 * client's type, and the same call in XML must say the same. `xml`: 'same'
 * (default), 'shape' (answers that change between calls) or false (a write
 * that must happen once).
 */
async function call(method, params, { xml = 'same' } = {}) {
  lastJSON = null;
  const res = await api[method](params);
  assert.ok(lastJSON, `${method}: no JSON answer`);
  const body = lastJSON['subsonic-response'];
  assert.ok(body, `${method}: no subsonic-response`);
  assert.equal(body.status, 'ok', `${method}: ${JSON.stringify(body.error)}`);
  assert.deepEqual(
    schemas.validate(method, body),
    [],
    `${method}: the answer does not match the client's type`,
  );
  if (xml) await checkXML(method, params, xml === 'same' ? body : null, body);
  return res;
}

/** A call that must fail with a Subsonic error code, in JSON and in XML. */
async function callFails(method, params, code) {
  const res = await api[method](params);
  assert.equal(res.status, 'failed', `${method} ${JSON.stringify(params)} succeeded`);
  assert.equal(res.error.code, code, `${method}: ${JSON.stringify(res.error)}`);
  const xml = await fetch(restURL(method, params));
  const root = parseXML(await xml.text());
  assert.equal(root.attrs.xmlns, 'http://subsonic.org/restapi', `${method} f=xml: namespace`);
  assert.equal(root.attrs.status, 'failed');
  assert.equal(root.children.find((c) => c.name === 'error')?.attrs.code, String(code));
}

/** Reads a binary answer: status, type and bytes. */
async function binary(res, what) {
  const body = Buffer.from(await res.arrayBuffer());
  const type = res.headers.get('content-type') ?? '';
  if (type.includes('json') || type.includes('xml'))
    assert.fail(`${what}: an error answer: ${body.toString().slice(0, 300)}`);
  return { status: res.status, type, body, headers: res.headers };
}

/** A failure in one line: its message, and what was found against what was wanted. */
function oneLine(e) {
  let why = String(e.message).split('\n')[0];
  if (e.code === 'ERR_ASSERTION' && e.operator !== 'fail' && 'expected' in e) {
    if (/^Expected values|^[+-]/.test(why)) why = 'not as expected';
    const show = (v) => (v instanceof Date ? v.toISOString() : JSON.stringify(v));
    why += `: got ${show(e.actual)}`;
    if (e.expected !== undefined) why += `, want ${show(e.expected)}`;
  }
  return why.length > 400 ? `${why.slice(0, 400)}…` : why;
}

// What each call did, for the summary at the end.
const results = [];
function step(name, fn) {
  it(name, async () => {
    const start = performance.now();
    const ms = () => Math.round(performance.now() - start);
    try {
      await fn();
      results.push({ name, ok: true, ms: ms() });
    } catch (e) {
      results.push({ name, ok: false, why: oneLine(e), ms: ms() });
      throw e;
    }
  });
}

/** What the session found while browsing, used by the calls after. */
const lib = {};
const byName = (list, name) => (list ?? []).find((x) => x.name === name || x.title === name);

describe('OpenSubsonic session of subsonic-api against Musicify', () => {
  before(async () => {
    schemas = compileSchemas();
    // Find the songs the calls use by browsing as a phone does, with no
    // checks: a call that falls short fails its own step below, not all.
    const artists = (await api.getArtists()).artists?.index?.flatMap((i) => i.artist ?? []) ?? [];
    lib.artist = byName(artists, 'Beyoncé');
    assert.ok(
      lib.artist,
      'getArtists has no Beyoncé: is the library of genlibrary -tricky scanned?',
    );
    const ref = byName(
      (await api.getArtist({ id: lib.artist.id })).artist?.album,
      'Lemonade Dreams',
    );
    assert.ok(ref, 'Beyoncé has no Lemonade Dreams');
    lib.album = (await api.getAlbum({ id: ref.id })).album;
    lib.song = byName(lib.album.song, 'Déjà Vu Again');
    assert.ok(lib.song, 'Lemonade Dreams has no "Déjà Vu Again"');
    lib.other = lib.album.song.find((s) => s.id !== lib.song.id);
  });

  after(() => {
    const failed = results.filter((r) => !r.ok);
    const lines = [
      `\nOpenSubsonic session: ${results.length - failed.length} calls passed, ${failed.length} failed`,
    ];
    for (const r of failed) lines.push(`  FAIL ${r.name}: ${r.why}`);
    const slow = [...results].sort((a, b) => b.ms - a.ms).slice(0, 3);
    const total = results.reduce((sum, r) => sum + r.ms, 0);
    lines.push(
      `  (${(total / 1000).toFixed(1)} s; slowest: ${slow.map((r) => `${r.name} ${r.ms} ms`).join(', ')})`,
    );
    console.log(lines.join('\n'));
  });

  step('ping', async () => {
    const res = await call('ping');
    assert.equal(res.openSubsonic, true);
    assert.match(res.version, /^1\.\d+\.\d+$/);
    assert.equal(typeof res.serverVersion, 'string');
  });

  step('ping with v=1.17.0 (a newer client)', async () => {
    const res = await fetch(restURL('ping', {}, 'json', '1.17.0'));
    const body = (await res.json())['subsonic-response'];
    assert.equal(body.status, 'ok', JSON.stringify(body.error));
  });

  step('wrong password: error 40', async () => {
    const wrong = new SubsonicAPI({ url, auth: { username, password: `${password}x` } });
    const res = await wrong.ping();
    assert.equal(res.status, 'failed');
    assert.equal(res.error.code, 40);
  });

  step('getLicense', async () => {
    const res = await call('getLicense');
    assert.equal(res.license.valid, true);
  });

  step('getOpenSubsonicExtensions', async () => {
    const res = await call('getOpenSubsonicExtensions');
    const names = res.openSubsonicExtensions.map((e) => e.name);
    assert.ok(names.includes('songLyrics'), `extensions: ${names}`);
    for (const e of res.openSubsonicExtensions)
      assert.ok(e.versions.length > 0, `${e.name}: no versions`);
  });

  step('getMusicFolders', async () => {
    const res = await call('getMusicFolders');
    lib.folders = res.musicFolders.musicFolder ?? [];
    assert.ok(lib.folders.length >= 1, 'no music folder');
  });

  step('getIndexes', async () => {
    const res = await call('getIndexes');
    assert.equal(typeof res.indexes.ignoredArticles, 'string');
    const artists = (res.indexes.index ?? []).flatMap((i) => i.artist ?? []);
    assert.ok(
      byName(artists, 'Beyoncé'),
      `getIndexes has no Beyoncé among ${artists.length} artists`,
    );
    // lastModified is when the index last changed: the same on the next call.
    const again = (await call('getIndexes', undefined, { xml: false })).indexes;
    assert.equal(
      again.lastModified,
      res.indexes.lastModified,
      'lastModified moves without a change',
    );
  });

  step('getArtists', async () => {
    const res = await call('getArtists');
    const artists = (res.artists.index ?? []).flatMap((i) => i.artist ?? []);
    for (const name of ['Beyoncé', '坂本龍一', 'Кино', 'Sigur Rós', 'Björk', 'Simon & Garfunkel']) {
      assert.ok(byName(artists, name), `getArtists has no ${name}`);
    }
    // "A feat. B" names two artists, not a third.
    assert.ok(
      !artists.some((a) => /feat\.| ft\. /.test(a.name)),
      'an "A feat. B" artist is listed as one artist',
    );
  });

  step('getArtist', async () => {
    const res = await call('getArtist', { id: lib.artist.id });
    assert.equal(res.artist.name, 'Beyoncé');
    assert.ok(byName(res.artist.album, 'Lemonade Dreams'), 'Beyoncé has no Lemonade Dreams');
  });

  step('getAlbum', async () => {
    const res = await call('getAlbum', { id: lib.album.id });
    const songs = res.album.song ?? [];
    assert.equal(res.album.songCount, songs.length);
    assert.equal(res.album.year, 2016);
    const total = songs.reduce((sum, s) => sum + (s.duration ?? 0), 0);
    assert.ok(
      Math.abs(res.album.duration - total) <= songs.length,
      `duration ${res.album.duration}, songs ${total}`,
    );
    assert.ok(byName(songs, 'Déjà Vu Again'), 'Lemonade Dreams has no "Déjà Vu Again"');
  });

  step('getAlbum: unknown id is error 70', () =>
    callFails('getAlbum', { id: 'no-such-album' }, 70),
  );

  step('getSong: multi-artist fields of "A feat. B"', async () => {
    const res = await call('getSong', { id: lib.song.id });
    const song = res.song;
    assert.equal(song.title, 'Déjà Vu Again');
    assert.deepEqual(
      (song.artists ?? []).map((a) => a.name),
      ['Beyoncé', 'Kendrick Lamar'],
      'song.artists',
    );
    assert.equal(song.displayArtist, 'Beyoncé feat. Kendrick Lamar');
    assert.deepEqual(
      (song.albumArtists ?? []).map((a) => a.name),
      ['Beyoncé'],
      'song.albumArtists',
    );
  });

  step('getArtistInfo', async () => {
    const res = await call('getArtistInfo', { id: lib.artist.id });
    assert.ok(res.artistInfo, 'no artistInfo');
  });

  step('getArtistInfo2', async () => {
    const res = await call('getArtistInfo2', { id: lib.artist.id });
    assert.ok(res.artistInfo2, 'no artistInfo2');
  });

  step('getAlbumInfo', async () => {
    const res = await call('getAlbumInfo', { id: lib.album.id });
    assert.ok(res.albumInfo, 'no albumInfo');
  });

  step('getAlbumInfo2', async () => {
    const res = await call('getAlbumInfo2', { id: lib.album.id });
    assert.ok(res.albumInfo, 'no albumInfo');
  });

  step('getMusicDirectory', async () => {
    const indexes = (await api.getIndexes()).indexes?.index ?? [];
    const artist = byName(
      indexes.flatMap((i) => i.artist ?? []),
      'Beyoncé',
    );
    assert.ok(artist, 'getIndexes has no Beyoncé');
    const artistDir = (await call('getMusicDirectory', { id: artist.id })).directory;
    assert.equal(artistDir.name, 'Beyoncé');
    const albumDir = (artistDir.child ?? []).find((c) => c.isDir && c.title === 'Lemonade Dreams');
    assert.ok(albumDir, 'the artist directory has no Lemonade Dreams folder');
    const dir = (await call('getMusicDirectory', { id: albumDir.id })).directory;
    const songs = (dir.child ?? []).filter((c) => !c.isDir);
    assert.equal(songs.length, lib.album.song.length);
    assert.ok(byName(songs, 'Déjà Vu Again'));
  });

  step('getGenres', async () => {
    const res = await call('getGenres');
    const rnb = (res.genres.genre ?? []).find((g) => g.value === 'R&B');
    assert.ok(rnb, 'no R&B genre');
    assert.ok(rnb.songCount >= lib.album.song.length && rnb.albumCount >= 1, JSON.stringify(rnb));
  });

  step('star (song, album, artist)', async () => {
    await call(
      'star',
      { id: lib.song.id, albumId: lib.album.id, artistId: lib.artist.id },
      { xml: 'same' },
    );
  });

  step('getStarred', async () => {
    const s = (await call('getStarred')).starred;
    assert.ok(
      (s.song ?? []).some((x) => x.id === lib.song.id),
      'song not starred',
    );
    assert.ok(
      (s.album ?? []).some((x) => x.id === lib.album.id),
      'album not starred',
    );
    assert.ok(
      (s.artist ?? []).some((x) => x.id === lib.artist.id),
      'artist not starred',
    );
  });

  step('getStarred2', async () => {
    const s = (await call('getStarred2')).starred2;
    const hit = (s.song ?? []).find((x) => x.id === lib.song.id);
    assert.ok(
      hit?.starred instanceof Date && !Number.isNaN(hit.starred.getTime()),
      'song not starred with a date',
    );
    assert.ok(
      (s.album ?? []).some((x) => x.id === lib.album.id),
      'album not starred',
    );
    assert.ok(
      (s.artist ?? []).some((x) => x.id === lib.artist.id),
      'artist not starred',
    );
  });

  step('setRating', async () => {
    await call('setRating', { id: lib.song.id, rating: 4 });
    await call('setRating', { id: lib.album.id, rating: 5 });
    const song = (await call('getSong', { id: lib.song.id }, { xml: false })).song;
    assert.equal(song.userRating, 4);
  });

  step('scrobble (now playing, then played)', async () => {
    await call('scrobble', { id: lib.song.id, submission: false }, { xml: false });
    const before = (await call('getSong', { id: lib.song.id }, { xml: false })).song.playCount ?? 0;
    await call('scrobble', { id: lib.song.id, submission: true }, { xml: false });
    const after = (await call('getSong', { id: lib.song.id }, { xml: false })).song.playCount ?? 0;
    assert.equal(after, before + 1);
  });

  step('getNowPlaying', async () => {
    await call('scrobble', { id: lib.song.id, submission: false }, { xml: false });
    const res = await call('getNowPlaying', undefined, { xml: 'shape' });
    const entry = (res.nowPlaying.entry ?? []).find((e) => e.id === lib.song.id);
    assert.ok(entry, 'the song playing now is not listed');
    assert.equal(entry.username, username);
  });

  const listTypes = [
    'random',
    'newest',
    'highest',
    'frequent',
    'recent',
    'alphabeticalByName',
    'alphabeticalByArtist',
    'starred',
  ];
  for (const method of ['getAlbumList', 'getAlbumList2']) {
    const key = method === 'getAlbumList' ? 'albumList' : 'albumList2';
    const title = (a) => a.name ?? a.title ?? a.album;
    for (const type of listTypes) {
      step(`${method} type=${type}`, async () => {
        const res = await call(
          method,
          { type, size: 500 },
          { xml: type === 'random' ? 'shape' : 'same' },
        );
        const albums = res[key].album ?? [];
        assert.ok(albums.length > 0, 'no albums');
        const ids = albums.map((a) => a.id);
        // The album played, starred and rated above leads these lists.
        if (['starred', 'recent', 'frequent', 'highest'].includes(type))
          assert.ok(ids.includes(lib.album.id), `${type} lacks Lemonade Dreams`);
        if (type === 'starred')
          assert.ok(
            albums.every((a) => a.starred),
            'an album in starred is not starred',
          );
        if (type === 'highest')
          assert.equal(ids[0], lib.album.id, 'the album rated 5 is not first');
        if (type === 'recent')
          assert.equal(ids[0], lib.album.id, 'the album played last is not first');
        if (type === 'alphabeticalByName') {
          // As a person reads names: accents and case do not move a name.
          const names = albums.map(title);
          const at = names.findIndex(
            (n, i) =>
              i > 0 && names[i - 1].localeCompare(n, undefined, { sensitivity: 'base' }) > 0,
          );
          if (at > 0) assert.fail(`not in name order: "${names[at - 1]}" before "${names[at]}"`);
        }
      });
    }
    step(`${method} type=byYear`, async () => {
      const res = await call(method, { type: 'byYear', fromYear: 1980, toYear: 1990, size: 500 });
      const albums = res[key].album ?? [];
      const names = albums.map(title);
      for (const n of ['Группа крови', '戦場のメリークリスマス'])
        assert.ok(names.includes(n), `byYear 1980-1990 lacks ${n}: ${names}`);
      assert.ok(
        albums.every((a) => a.year >= 1980 && a.year <= 1990),
        'an album outside 1980-1990',
      );
    });
    step(`${method} type=byGenre`, async () => {
      const res = await call(method, { type: 'byGenre', genre: 'R&B', size: 500 });
      assert.deepEqual((res[key].album ?? []).map(title), ['Lemonade Dreams']);
    });
  }

  step('getRandomSongs', async () => {
    const res = await call('getRandomSongs', { size: 5 }, { xml: 'shape' });
    assert.equal((res.randomSongs.song ?? []).length, 5);
  });

  step('getSongsByGenre', async () => {
    const res = await call('getSongsByGenre', { genre: 'R&B', count: 100 });
    const songs = res.songsByGenre.song ?? [];
    assert.equal(songs.length, lib.album.song.length);
    assert.ok(songs.every((s) => s.genre === 'R&B'));
  });

  step('getTopSongs', async () => {
    const res = await call('getTopSongs', { artist: 'Beyoncé', count: 10 });
    const songs = res.topSongs.song ?? [];
    assert.ok(
      songs.some((s) => s.id === lib.song.id),
      'the played song is not among the top songs',
    );
    assert.ok(
      songs.every((s) => s.albumId === lib.album.id || (s.artist ?? '').includes('Beyoncé')),
    );
  });

  step('getSimilarSongs', async () => {
    const res = await call('getSimilarSongs', { id: lib.song.id, count: 10 });
    assert.ok(res.similarSongs, 'no similarSongs');
    assert.ok(
      !(res.similarSongs.song ?? []).some((s) => s.id === lib.song.id),
      'a song is similar to itself',
    );
  });

  step('getSimilarSongs2', async () => {
    const res = await call('getSimilarSongs2', { id: lib.artist.id, count: 10 });
    assert.ok(res.similarSongs2, 'no similarSongs2');
  });

  step('search2 (accents folded)', async () => {
    const res = await call('search2', {
      query: 'beyonce',
      artistCount: 5,
      albumCount: 5,
      songCount: 5,
    });
    assert.ok(byName(res.searchResult2.artist, 'Beyoncé'), 'search2 beyonce finds no Beyoncé');
  });

  step('search3 (Cyrillic, Japanese, a typo)', async () => {
    const kino = (await call('search3', { query: 'Группа', albumCount: 5 })).searchResult3;
    assert.ok(byName(kino.album, 'Группа крови'), 'search3 Группа finds no album');
    const ryuichi = (await call('search3', { query: '坂本', artistCount: 5 })).searchResult3;
    assert.ok(byName(ryuichi.artist, '坂本龍一'), 'search3 坂本 finds no artist');
    const typo = (await call('search3', { query: 'Lemonde Dreams', albumCount: 5 })).searchResult3;
    assert.ok(byName(typo.album, 'Lemonade Dreams'), 'search3 "Lemonde Dreams" finds no album');
    // An empty query lists everything, page by page, as offline-sync apps use it.
    const all = (await call('search3', { query: '', songCount: 10, albumCount: 0, artistCount: 0 }))
      .searchResult3;
    assert.equal((all.song ?? []).length, 10, 'search3 with an empty query');
  });

  step('createPlaylist, getPlaylist(s), updatePlaylist, deletePlaylist', async () => {
    const name = `conformance ${randomBytes(3).toString('hex')}`;
    const made = (await call('createPlaylist', { name, songId: [lib.song.id] }, { xml: false }))
      .playlist;
    assert.equal(made?.name, name, 'createPlaylist answers with the playlist');
    const lists = (await call('getPlaylists')).playlists.playlist ?? [];
    assert.ok(lists.some((p) => p.id === made.id));
    await call(
      'updatePlaylist',
      {
        playlistId: made.id,
        name: `${name} ü`,
        comment: 'from the session',
        songIdToAdd: [lib.other.id],
      },
      { xml: false },
    );
    const pl = (await call('getPlaylist', { id: made.id })).playlist;
    assert.equal(pl.name, `${name} ü`);
    assert.equal(pl.comment, 'from the session', 'the playlist comment is not kept');
    assert.deepEqual(
      pl.entry.map((s) => s.id),
      [lib.song.id, lib.other.id],
    );
    await call('updatePlaylist', { playlistId: made.id, songIndexToRemove: [0] }, { xml: false });
    assert.deepEqual(
      (await call('getPlaylist', { id: made.id }, { xml: false })).playlist.entry.map((s) => s.id),
      [lib.other.id],
    );
    await call('deletePlaylist', { id: made.id }, { xml: false });
    await callFails('getPlaylist', { id: made.id }, 70);
  });

  step('savePlayQueue, getPlayQueue', async () => {
    const ids = lib.album.song.slice(0, 3).map((s) => s.id);
    await call('savePlayQueue', { id: ids, current: ids[1], position: 4321 });
    const q = (await call('getPlayQueue')).playQueue;
    assert.deepEqual(
      (q?.entry ?? []).map((s) => s.id),
      ids,
    );
    assert.equal(q.current, ids[1]);
    assert.equal(q.position, 4321);
    assert.equal(q.username, username);
  });

  step('createBookmark, getBookmarks, deleteBookmark', async () => {
    await call('createBookmark', { id: lib.song.id, position: 12345, comment: 'here' });
    const marks = (await call('getBookmarks')).bookmarks.bookmark ?? [];
    const mark = marks.find((b) => b.entry?.id === lib.song.id);
    assert.ok(mark, 'the bookmark is not listed');
    assert.equal(mark.position, 12345);
    assert.equal(mark.comment, 'here');
    assert.equal(mark.username, username);
    await call('deleteBookmark', { id: lib.song.id }, { xml: false });
    const after = (await call('getBookmarks', undefined, { xml: false })).bookmarks.bookmark ?? [];
    assert.ok(!after.some((b) => b.entry?.id === lib.song.id), 'the bookmark is still there');
  });

  step('unstar', async () => {
    await call('unstar', { id: lib.song.id, albumId: lib.album.id, artistId: lib.artist.id });
    const s = (await call('getStarred2', undefined, { xml: false })).starred2;
    assert.ok(!(s.song ?? []).some((x) => x.id === lib.song.id), 'still starred');
  });

  step('getUser', async () => {
    const user = (await call('getUser', { username })).user;
    assert.equal(user.username, username);
    assert.equal(user.streamRole, true);
    assert.equal(user.adminRole, true, 'the first person is the admin');
  });

  step('getUsers', async () => {
    const users = (await call('getUsers')).users.user ?? [];
    assert.ok(users.some((u) => u.username === username));
  });

  step('getShares', async () => {
    const res = await call('getShares');
    assert.ok(res.shares, 'no shares element');
  });

  step('getAvatar', async () => {
    const res = await binary(await api.getAvatar({ username }), 'getAvatar');
    assert.equal(res.status, 200);
    assert.match(res.type, /^image\//);
    assert.ok(res.body.length > 0);
  });

  step('getCoverArt (with and without size)', async () => {
    assert.ok(lib.album.coverArt, 'the album has no coverArt');
    const full = await binary(await api.getCoverArt({ id: lib.album.coverArt }), 'getCoverArt');
    const small = await binary(
      await api.getCoverArt({ id: lib.album.coverArt, size: 64 }),
      'getCoverArt size=64',
    );
    for (const r of [full, small]) {
      assert.equal(r.status, 200);
      assert.match(r.type, /^image\//);
    }
    assert.ok(
      small.body.length < full.body.length,
      `64 px is ${small.body.length} bytes, full ${full.body.length}`,
    );
  });

  step('stream with Range', async () => {
    const ranged = new SubsonicAPI({
      url,
      auth: { username, password },
      fetch: recordingFetch({ Range: 'bytes=0-1023' }),
    });
    const res = await binary(await ranged.stream({ id: lib.song.id }), 'stream');
    assert.equal(res.status, 206);
    assert.match(res.headers.get('content-range') ?? '', /^bytes 0-1023\/\d+$/);
    assert.equal(res.body.length, 1024);
  });

  step('stream with maxBitRate and format', async () => {
    const flac = (
      await call(
        'getAlbum',
        {
          id: byName(
            (await call('search3', { query: 'Ágætis byrjun', albumCount: 1 }, { xml: false }))
              .searchResult3.album,
            'Ágætis byrjun',
          ).id,
        },
        { xml: false },
      )
    ).album.song[0];
    const res = await binary(
      await api.stream({ id: flac.id, maxBitRate: 128, format: 'mp3' }),
      'stream',
    );
    assert.equal(res.status, 200);
    assert.match(res.type, /audio\/mpeg/);
    // MP3: an ID3 tag or a frame sync; at most 128 kbit/s for its length.
    assert.ok(
      res.body.subarray(0, 3).toString() === 'ID3' ||
        (res.body[0] === 0xff && (res.body[1] & 0xe0) === 0xe0),
      'not MP3',
    );
    const most = ((flac.duration + 1) * 128_000) / 8 + 16_384;
    assert.ok(
      res.body.length <= most,
      `${res.body.length} bytes for ${flac.duration} s at 128 kbit/s`,
    );
  });

  step('stream with estimateContentLength', async () => {
    const res = await api.stream({
      id: lib.song.id,
      maxBitRate: 64,
      format: 'mp3',
      estimateContentLength: true,
    });
    assert.equal(res.status, 200);
    assert.ok(Number(res.headers.get('content-length')) > 0, 'no Content-Length estimate');
    await res.arrayBuffer();
  });

  step('getAlbum of a compilation', async () => {
    const ref = byName(
      (await call('search3', { query: 'Summer Hits Compilation', albumCount: 5 }, { xml: false }))
        .searchResult3.album,
      'Summer Hits Compilation',
    );
    assert.ok(ref, 'search3 finds no Summer Hits Compilation');
    const album = (await call('getAlbum', { id: ref.id })).album;
    assert.equal(album.isCompilation, true, 'isCompilation');
    assert.equal(album.artist, 'Various Artists');
    const artists = new Set(album.song.map((s) => s.artist));
    assert.ok(artists.size > 5, `the songs name ${artists.size} artists`);
  });

  step('every format: suffix, contentType, the original bytes', async () => {
    const formats = {
      'Lemonade Dreams': ['mp3', /^audio\/mpeg$/],
      'Ágætis byrjun': ['flac', /^audio\/(x-)?flac$/],
      'Living Room Songs': ['opus', /^audio\/(ogg|opus)/],
      'Homogenic Demos': ['ogg', /^audio\/(ogg|vorbis)/],
      戦場のメリークリスマス: ['m4a', /^audio\/(mp4|m4a|x-m4a|aac)/],
    };
    for (const [name, [suffix, type]] of Object.entries(formats)) {
      const found = await call('search3', { query: name, albumCount: 5 }, { xml: false });
      const ref = byName(found.searchResult3.album, name);
      assert.ok(ref, `search3 finds no ${name}`);
      const song = (await call('getAlbum', { id: ref.id }, { xml: false })).album.song[0];
      assert.equal(song.suffix, suffix, `${name}: suffix`);
      assert.match(song.contentType ?? '', type, `${name}: contentType`);
      const res = await binary(await api.download({ id: song.id }), `download ${name}`);
      assert.equal(res.status, 200);
      assert.equal(res.body.length, song.size, `${name}: download is the original file`);
    }
  });

  step('download (song)', async () => {
    const res = await binary(await api.download({ id: lib.song.id }), 'download');
    assert.equal(res.status, 200);
    assert.equal(res.body.length, lib.song.size, 'download is the original file');
  });

  step('download (album id: a ZIP)', async () => {
    const res = await binary(await api.download({ id: lib.album.id }), 'download album');
    assert.equal(res.status, 200);
    assert.match(res.type, /zip/);
    assert.equal(res.body.readUInt32LE(0), 0x04034b50, 'not a ZIP');
    // One local file header per song.
    let files = 0;
    for (let i = res.body.indexOf('PK\x03\x04'); i >= 0; i = res.body.indexOf('PK\x03\x04', i + 4))
      files += 1;
    assert.ok(files >= lib.album.song.length, `${files} files in the ZIP`);
  });

  step('getLyrics', async () => {
    const res = await call('getLyrics', { artist: 'Björk', title: 'Hunter' });
    assert.match(res.lyrics.value ?? '', /If travel is searching/);
  });

  step('getLyricsBySongId', async () => {
    const hunter = byName(
      (await call('search3', { query: 'Hunter Björk', songCount: 5 }, { xml: false })).searchResult3
        .song,
      'Hunter',
    );
    assert.ok(hunter, 'search3 finds no Hunter');
    const res = await call('getLyricsBySongId', { id: hunter.id });
    const synced = res.lyricsList.structuredLyrics?.find((l) => l.synced);
    assert.deepEqual(
      synced?.line.map((l) => [l.start, l.value]),
      [
        [0, 'If travel is searching'],
        [1000, "And home what's been found"],
      ],
    );
  });

  step('getScanStatus', async () => {
    const res = await call('getScanStatus', undefined, { xml: 'shape' });
    assert.equal(typeof res.scanStatus.scanning, 'boolean');
    assert.ok(res.scanStatus.count > 0, `count ${res.scanStatus.count}`);
  });

  step('startScan', async () => {
    const res = await call('startScan', undefined, { xml: false });
    assert.equal(typeof res.scanStatus.scanning, 'boolean');
  });

  step('getInternetRadioStations', async () => {
    const res = await call('getInternetRadioStations');
    assert.ok(res.internetRadioStations, 'no internetRadioStations');
  });

  step('getPodcasts', async () => {
    const res = await call('getPodcasts');
    assert.ok(res.podcasts, 'no podcasts');
  });
});
