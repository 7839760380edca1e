// A real third-party client, the npm `subsonic-api` package (3.3.1), against a
// running Musicify's OpenSubsonic API at /rest: proof that what our own Go
// tests accept is also what other people's clients understand.
//
// Run: scripts/subsonic-node-test.sh (or `node --test e2e-subsonic/` in web/)
// with these environment variables:
//   SUBSONIC_URL          server root, e.g. http://127.0.0.1:8080 (no /rest)
//   SUBSONIC_USER         a user name
//   SUBSONIC_PASSWORD     an app password of that user (token auth: t=md5(p+s))
//   SUBSONIC_EXPECT_SONG  exact title of a song in the library
//   SUBSONIC_TYPO_QUERY   optional: a misspelled search for that song; by
//                         default one letter is dropped from its longest word
//   SUBSONIC_RECORD_DIR   optional: every JSON answer is written there as
//                         <n>-<endpoint>.json, for the Go schema check
//
// Server state it needs (nothing else is assumed):
//   - a scanned library folder in which the SUBSONIC_EXPECT_SONG song is
//     reachable by browsing getArtists -> getArtist -> getAlbum, its audio
//     file is longer than 1024 bytes, and its album has cover art larger than
//     64 px (the 64 px answer must be smaller than the 300 px one);
//   - search3 tolerating the one-letter typo;
//   - scrobble (submission=true) counting the play before it answers.
// It changes state only temporarily: the star is removed and the playlist
// deleted again; the play count grows by one per run.
import assert from 'node:assert/strict';
import { Buffer } from 'node:buffer';
import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import process from 'node:process';
import { before, describe, it } from 'node:test';
import { SubsonicAPI } from 'subsonic-api';

function env(name) {
  const value = process.env[name];
  if (!value) throw new Error(`set ${name} (see the top of ${import.meta.url})`);
  return value;
}

const url = env('SUBSONIC_URL');
const username = env('SUBSONIC_USER');
const password = env('SUBSONIC_PASSWORD');
const expectSong = env('SUBSONIC_EXPECT_SONG');
const typoQuery = process.env.SUBSONIC_TYPO_QUERY || misspell(expectSong);
const recordDir = process.env.SUBSONIC_RECORD_DIR;

// misspell drops one inner letter of the longest word: one edit, the kind of
// typo search3 has to forgive ("Harbor Lights" -> "Harbor Ligts").
function misspell(title) {
  const words = title.split(' ');
  let longest = 0;
  words.forEach((w, i) => {
    if (w.length > words[longest].length) longest = i;
  });
  const w = words[longest];
  if (w.length < 4)
    throw new Error(`"${title}" has no word long enough to misspell; set SUBSONIC_TYPO_QUERY`);
  const at = Math.floor(w.length / 2);
  words[longest] = w.slice(0, at) + w.slice(at + 1);
  return words.join(' ');
}

let recorded = 0;

// recordingFetch keeps a copy of every JSON answer (when asked to) and lets a
// test add headers the client has no parameter for (Range on stream).
function recordingFetch(extraHeaders = {}) {
  return async (input, init = {}) => {
    const headers = { ...(init.headers ?? {}), ...extraHeaders };
    const res = await fetch(input, { ...init, headers });
    if (recordDir && (res.headers.get('content-type') ?? '').includes('json')) {
      const endpoint = new URL(String(input)).pathname
        .split('/')
        .pop()
        .replace(/\.view$/, '');
      const body = await res.clone().text();
      mkdirSync(recordDir, { recursive: true });
      recorded += 1;
      writeFileSync(join(recordDir, `${String(recorded).padStart(3, '0')}-${endpoint}.json`), body);
    }
    return res;
  };
}

const api = new SubsonicAPI({ url, auth: { username, password }, fetch: recordingFetch() });

// ok asserts an answer succeeded, showing the server's error if not.
function ok(res, what) {
  assert.ok(res, `${what}: no subsonic-response`);
  assert.equal(res.status, 'ok', `${what}: ${JSON.stringify(res.error)}`);
  return res;
}

// escapeRe quotes an id for use inside a RegExp.
function escapeRe(s) {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

// imageSize reads width and height from PNG or JPEG bytes (null otherwise).
function imageSize(buf) {
  if (buf.length > 24 && buf.readUInt32BE(0) === 0x89504e47) {
    return { width: buf.readUInt32BE(16), height: buf.readUInt32BE(20) };
  }
  if (buf.length > 4 && buf[0] === 0xff && buf[1] === 0xd8) {
    let i = 2;
    while (i + 9 < buf.length) {
      if (buf[i] !== 0xff) return null;
      const marker = buf[i + 1];
      const len = buf.readUInt16BE(i + 2);
      // SOF0..SOF15 carry the frame size; C4, C8 and CC are other segments.
      if (marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker)) {
        return { height: buf.readUInt16BE(i + 5), width: buf.readUInt16BE(i + 7) };
      }
      i += 2 + len;
    }
  }
  return null;
}

describe('subsonic-api 3.3.1 against Musicify /rest', () => {
  /** The expected song as getAlbum lists it, and its album. */
  let song;
  let album;

  before(async () => {
    // Browse the way a phone app does: artists, an artist, an album.
    const artists = ok(await api.getArtists(), 'getArtists').artists;
    assert.equal(typeof artists.ignoredArticles, 'string');
    const all = (artists.index ?? []).flatMap((ix) => ix.artist ?? []);
    assert.ok(all.length > 0, 'getArtists: no artists; is the library scanned?');
    for (const a of all) {
      const artist = ok(await api.getArtist({ id: a.id }), `getArtist ${a.id}`).artist;
      assert.equal(artist.id, a.id);
      for (const al of artist.album ?? []) {
        const full = ok(await api.getAlbum({ id: al.id }), `getAlbum ${al.id}`).album;
        const found = (full.song ?? []).find((s) => s.title === expectSong);
        if (found) {
          song = found;
          album = full;
          return;
        }
      }
    }
    assert.fail(`"${expectSong}" is not on any album reachable from getArtists`);
  });

  it('pings, as an OpenSubsonic server', async () => {
    const res = ok(await api.ping(), 'ping');
    assert.equal(res.openSubsonic, true);
    assert.equal(typeof res.type, 'string');
    assert.match(res.version, /^1\.\d+\.\d+$/);
  });

  it('rejects a wrong password with error 40', async () => {
    const wrong = new SubsonicAPI({
      url,
      auth: { username, password: `${password}x` },
      fetch: recordingFetch(),
    });
    const res = await wrong.ping();
    assert.equal(res.status, 'failed');
    assert.equal(res.error.code, 40);
  });

  it('answers an unknown album with error 70', async () => {
    const res = await api.getAlbum({ id: 'no-such-album' });
    assert.equal(res.status, 'failed');
    assert.equal(res.error.code, 70);
  });

  it('lists the album in disc and track order with its total time', () => {
    const songs = album.song;
    assert.equal(album.songCount, songs.length);
    const order = songs.map((s) => [s.discNumber ?? 1, s.track ?? 0]);
    const sorted = [...order].sort((a, b) => a[0] - b[0] || a[1] - b[1]);
    assert.deepEqual(order, sorted);
    const total = songs.reduce((sum, s) => sum + (s.duration ?? 0), 0);
    assert.ok(
      Math.abs(album.duration - total) <= songs.length,
      `duration ${album.duration}, songs sum to ${total}`,
    );
  });

  it('streams a byte range', async () => {
    // The client's own stream() builds the URL and auth; the Range header is
    // added in its fetch, as a player seeking would send it.
    const ranged = new SubsonicAPI({
      url,
      auth: { username, password },
      fetch: recordingFetch({ Range: 'bytes=0-1023' }),
    });
    const res = await ranged.stream({ id: song.id });
    assert.equal(res.status, 206, `stream: HTTP ${res.status} ${await res.clone().text()}`);
    assert.match(res.headers.get('content-range') ?? '', /^bytes 0-1023\/\d+$/);
    const body = Buffer.from(await res.arrayBuffer());
    assert.equal(body.length, 1024);
  });

  it('finds the song through a typo with search3', async () => {
    const res = ok(await api.search3({ query: typoQuery, songCount: 20 }), 'search3');
    const titles = (res.searchResult3.song ?? []).map((s) => s.title);
    assert.ok(
      titles.includes(expectSong),
      `search3 "${typoQuery}" found ${JSON.stringify(titles)}`,
    );
  });

  it('stars the song, lists it in getStarred2, and unstars it', async () => {
    ok(await api.star({ id: song.id }), 'star');
    const starred = ok(await api.getStarred2(), 'getStarred2').starred2;
    const hit = (starred.song ?? []).find((s) => s.id === song.id);
    assert.ok(hit, 'getStarred2 does not list the starred song');
    assert.ok(
      hit.starred instanceof Date && !Number.isNaN(hit.starred.getTime()),
      'starred is not a date',
    );

    ok(await api.unstar({ id: song.id }), 'unstar');
    const after = ok(await api.getStarred2(), 'getStarred2').starred2;
    assert.ok(!(after.song ?? []).some((s) => s.id === song.id), 'still starred after unstar');
  });

  it('creates, reads, updates and deletes a playlist', async () => {
    const name = `node-test ${randomBytes(4).toString('hex')}`;
    const created = ok(
      await api.createPlaylist({ name, songId: [song.id] }),
      'createPlaylist',
    ).playlist;
    assert.ok(created?.id, 'createPlaylist must answer with the playlist (API 1.14+)');
    assert.equal(created.name, name);

    let pl = ok(await api.getPlaylist({ id: created.id }), 'getPlaylist').playlist;
    assert.deepEqual(
      (pl.entry ?? []).map((s) => s.id),
      [song.id],
    );

    const other = album.song.find((s) => s.id !== song.id) ?? song;
    ok(
      await api.updatePlaylist({
        playlistId: created.id,
        name: `${name} renamed`,
        // Musicify keeps no playlist comments (docs/api.md): sent, not read back.
        comment: 'from node',
        songIdToAdd: [other.id],
      }),
      'updatePlaylist',
    );
    pl = ok(await api.getPlaylist({ id: created.id }), 'getPlaylist').playlist;
    assert.equal(pl.name, `${name} renamed`);
    assert.deepEqual(
      pl.entry.map((s) => s.id),
      [song.id, other.id],
    );
    assert.equal(pl.songCount, 2);

    ok(
      await api.updatePlaylist({ playlistId: created.id, songIndexToRemove: [0] }),
      'updatePlaylist remove',
    );
    pl = ok(await api.getPlaylist({ id: created.id }), 'getPlaylist').playlist;
    assert.deepEqual(
      pl.entry.map((s) => s.id),
      [other.id],
    );

    ok(await api.deletePlaylist({ id: created.id }), 'deletePlaylist');
    const gone = await api.getPlaylist({ id: created.id });
    assert.equal(gone.status, 'failed');
    assert.equal(gone.error.code, 70);
  });

  it('counts a scrobble in playCount', async () => {
    const before = ok(await api.getSong({ id: song.id }), 'getSong').song.playCount ?? 0;
    ok(await api.scrobble({ id: song.id, submission: true }), 'scrobble');
    const after = ok(await api.getSong({ id: song.id }), 'getSong').song.playCount ?? 0;
    assert.equal(after, before + 1);
  });

  it('serves cover art at 64 and 300 px', async () => {
    const id = album.coverArt ?? song.coverArt;
    assert.ok(id, 'the album has no coverArt id');
    const sizes = {};
    for (const size of [64, 300]) {
      const res = await api.getCoverArt({ id, size });
      assert.equal(res.status, 200, `getCoverArt size ${size}: HTTP ${res.status}`);
      assert.match(res.headers.get('content-type') ?? '', /^image\//);
      const body = Buffer.from(await res.arrayBuffer());
      assert.ok(body.length > 0);
      sizes[size] = { bytes: body.length, dims: imageSize(body) };
    }
    const small = sizes[64];
    const large = sizes[300];
    if (small.dims && large.dims) {
      assert.ok(
        Math.max(small.dims.width, small.dims.height) <= 64,
        `64 px answer is ${JSON.stringify(small.dims)}`,
      );
      assert.ok(
        Math.max(large.dims.width, large.dims.height) <= 300,
        `300 px answer is ${JSON.stringify(large.dims)}`,
      );
      assert.ok(
        Math.max(small.dims.width, small.dims.height) <
          Math.max(large.dims.width, large.dims.height),
        `64 px ${JSON.stringify(small.dims)} is not smaller than 300 px ${JSON.stringify(large.dims)}`,
      );
    } else {
      assert.ok(small.bytes < large.bytes, `64 px is ${small.bytes} bytes, 300 px ${large.bytes}`);
    }
  });

  it('answers in XML when f is not json', async () => {
    // Plain fetch, no client: the default format of the Subsonic API is XML.
    const salt = randomBytes(8).toString('hex');
    const token = createHash('md5')
      .update(password + salt)
      .digest('hex');
    const q = new URLSearchParams({
      u: username,
      t: token,
      s: salt,
      v: '1.16.1',
      c: 'node-test',
      id: album.id,
    });
    const res = await fetch(`${url.replace(/\/$/, '')}/rest/getAlbum.view?${q}`);
    assert.equal(res.status, 200);
    assert.match(res.headers.get('content-type') ?? '', /xml/);
    const xml = await res.text();
    assert.match(xml, /<subsonic-response[^>]*xmlns="http:\/\/subsonic\.org\/restapi"/);
    assert.match(xml, /<subsonic-response[^>]*status="ok"/);
    assert.match(xml, new RegExp(`<album[^>]* id="${escapeRe(album.id)}"`));
    assert.match(xml, new RegExp(`<song[^>]* id="${escapeRe(song.id)}"`));
  });
});
