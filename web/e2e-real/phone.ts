import { SubsonicAPI, type StructuredLyrics } from 'subsonic-api';
import { expect } from '@playwright/test';

// A Subsonic phone app (the npm subsonic-api client) on a person's app
// password: what such an app does when it connects, browses, plays and
// edits, with each answer checked.

/** A Subsonic client of the server at `url` (no /rest). */
export function phone(url: string, username: string, password: string): SubsonicAPI {
  return new SubsonicAPI({ url, auth: { username, password } });
}

interface Answer {
  status: string;
  error?: unknown;
}

/** Asserts an answer succeeded, showing the server's error if not. */
export function ok<T extends Answer>(res: T, what: string): T {
  expect(res.status, `${what}: ${JSON.stringify(res.error)}`).toBe('ok');
  return res;
}

/** An album with its songs, found by name through getAlbumList2. */
export async function album(api: SubsonicAPI, name: string) {
  const list = ok(
    await api.getAlbumList2({ type: 'alphabeticalByName', size: 500 }),
    'getAlbumList2',
  );
  const found = (list.albumList2.album ?? []).find((a) => a.name === name);
  expect(found, `getAlbumList2 lists no album ${name}`).toBeTruthy();
  return ok(await api.getAlbum({ id: found!.id }), `getAlbum ${name}`).album;
}

/** The ids and titles of an album's songs, in order. */
export async function albumSongs(
  api: SubsonicAPI,
  name: string,
): Promise<{ id: string; title: string }[]> {
  return ((await album(api, name)).song ?? []).map((s) => ({ id: s.id, title: s.title }));
}

/** What the phone left behind, for the web app and later phases to find. */
export interface PhoneState {
  /** The songs of Группа крови, in order. */
  album: { id: string; title: string }[];
  starred: { id: string; title: string };
  scrobbled: { id: string; title: string };
  queue: string[];
  current: string;
  playlist: { id: string; name: string; songs: string[] };
}

/** Connects and browses like a phone app on its first start. */
export async function browse(api: SubsonicAPI) {
  const pong = ok(await api.ping(), 'ping');
  expect(pong.openSubsonic).toBe(true);

  const artists = ok(await api.getArtists(), 'getArtists').artists;
  const names = (artists.index ?? []).flatMap((ix) => (ix.artist ?? []).map((a) => a.name));
  for (const n of ['Beyoncé', 'Sigur Rós', 'Кино', '坂本龍一', 'Röyksopp', 'Simon & Garfunkel'])
    expect(names, 'getArtists').toContain(n);
  const indexes = ok(await api.getIndexes(), 'getIndexes').indexes;
  const folders = (indexes.index ?? []).flatMap((ix) => (ix.artist ?? []).map((a) => a.name));
  expect(folders.length, 'getIndexes lists the library').toBeGreaterThan(10);

  const newest = ok(await api.getAlbumList2({ type: 'newest', size: 100 }), 'getAlbumList2');
  const albums = (newest.albumList2.album ?? []).map((a) => a.name);
  for (const n of [
    'Группа крови',
    '戦場のメリークリスマス',
    'Nocturnes',
    'Summer Hits Compilation',
  ])
    expect(albums, 'getAlbumList2 newest').toContain(n);

  // A two-disc album: all of it, disc by disc, track by track.
  const nocturnes = await albumSongs(api, 'Nocturnes');
  expect(nocturnes.map((s) => s.title)).toEqual(
    Array.from({ length: 16 }, (_, i) => `Nocturne No. ${i + 1}`),
  );
  const song = ok(await api.getSong({ id: nocturnes[9]!.id }), 'getSong').song;
  expect(song.title).toBe('Nocturne No. 10');
  expect(song.discNumber).toBe(2);

  // Search forgives a missing accent and a typo.
  const sigur = ok(await api.search3({ query: 'sigur ros' }), 'search3').searchResult3;
  expect((sigur.artist ?? []).map((a) => a.name)).toContain('Sigur Rós');
  const typo = ok(await api.search3({ query: 'Flugufrelarinn' }), 'search3').searchResult3;
  expect((typo.song ?? []).map((s) => s.title)).toContain('Flugufrelsarinn');
  const cyrillic = ok(await api.search3({ query: 'кукушка' }), 'search3').searchResult3;
  expect((cyrillic.song ?? []).map((s) => s.title)).toContain('Кукушка');

  // Their tags, not their paths, say who plays on an Opus song and when
  // a Vorbis album came out.
  const living = await album(api, 'Living Room Songs');
  expect(living.song?.find((s) => s.title === 'Film Credits')?.artist).toBe(
    'Ólafur Arnalds ft. Alice Sara Ott',
  );
  expect((await album(api, 'Homogenic Demos')).year).toBe(1997);

  // An Ogg Vorbis song with an .lrc file beside it: its timed lyrics.
  const hunter = ok(await api.search3({ query: 'Hunter Björk' }), 'search3').searchResult3.song;
  const id = hunter?.find((s) => s.title === 'Hunter')?.id;
  expect(id, 'search3 finds Hunter').toBeTruthy();
  const answer = ok(await api.getLyricsBySongId({ id: id! }), 'getLyricsBySongId');
  // OpenSubsonic's lyricsList is {structuredLyrics: […]}; the client's types
  // call it the list itself.
  const lyrics = answer.lyricsList as unknown as { structuredLyrics?: StructuredLyrics[] };
  const synced = lyrics.structuredLyrics?.find((l) => l.synced);
  expect(synced?.line.map((l) => [l.start, l.value])).toEqual([
    [0, 'If travel is searching'],
    [1000, "And home what's been found"],
  ]);
}

/** Plays, stars, queues and makes playlists, as a phone does over a commute. */
export async function use(api: SubsonicAPI): Promise<PhoneState> {
  const kino = await albumSongs(api, 'Группа крови');
  expect(kino).toHaveLength(10);

  // Stream the first song: some bytes of audio.
  const res = await api.stream({ id: kino[0]!.id });
  expect(res.status, `stream: HTTP ${res.status}`).toBe(200);
  const reader = res.body!.getReader();
  const first = await reader.read();
  await reader.cancel();
  expect(first.value?.length ?? 0).toBeGreaterThan(0);

  // Played to the end: scrobbled, and counted.
  const scrobbled = kino[0]!;
  const before = ok(await api.getSong({ id: scrobbled.id }), 'getSong').song.playCount ?? 0;
  ok(await api.scrobble({ id: scrobbled.id, submission: true }), 'scrobble');
  const after = ok(await api.getSong({ id: scrobbled.id }), 'getSong').song.playCount ?? 0;
  expect(after).toBe(before + 1);

  // A star, and a star taken back.
  const starred = kino[3]!;
  ok(await api.star({ id: [starred.id, kino[4]!.id] }), 'star');
  ok(await api.unstar({ id: kino[4]!.id }), 'unstar');
  const stars = ok(await api.getStarred2(), 'getStarred2').starred2;
  expect((stars.song ?? []).map((s) => s.id)).toContain(starred.id);
  expect((stars.song ?? []).map((s) => s.id)).not.toContain(kino[4]!.id);

  // The queue, saved for another device to pick up.
  const queue = kino.slice(0, 5).map((s) => s.id);
  ok(await api.savePlayQueue({ id: queue, current: queue[2]!, position: 4321 }), 'savePlayQueue');
  const saved = ok(await api.getPlayQueue(), 'getPlayQueue').playQueue;
  expect((saved?.entry ?? []).map((s) => s.id)).toEqual(queue);
  expect(saved?.current).toBe(queue[2]);

  // Playlists: one made, changed and kept; one made and deleted.
  const name = 'Phone mix';
  const made = ok(
    await api.createPlaylist({ name: 'Phone mix draft', songId: [kino[1]!.id, kino[5]!.id] }),
    'createPlaylist',
  ).playlist;
  ok(
    await api.updatePlaylist({
      playlistId: made.id,
      name,
      songIdToAdd: [kino[6]!.id],
      songIndexToRemove: [1],
    }),
    'updatePlaylist',
  );
  const scratch = ok(
    await api.createPlaylist({ name: 'Scratch', songId: [kino[7]!.id] }),
    'createPlaylist',
  ).playlist;
  ok(await api.deletePlaylist({ id: scratch.id }), 'deletePlaylist');
  const lists = ok(await api.getPlaylists(), 'getPlaylists').playlists.playlist ?? [];
  expect(lists.map((p) => p.name)).toContain(name);
  expect(lists.map((p) => p.name)).not.toContain('Scratch');
  const songs = [kino[1]!.id, kino[6]!.id];
  const pl = ok(await api.getPlaylist({ id: made.id }), 'getPlaylist').playlist;
  expect((pl.entry ?? []).map((s) => s.id)).toEqual(songs);

  // Cover art: the album's embedded picture, scaled.
  const lemonade = await album(api, 'Lemonade Dreams');
  expect(lemonade.coverArt, 'Lemonade Dreams has cover art').toBeTruthy();
  const art = await api.getCoverArt({ id: lemonade.coverArt!, size: 300 });
  expect(art.status).toBe(200);
  expect(art.headers.get('content-type') ?? '').toMatch(/^image\//);
  expect((await art.arrayBuffer()).byteLength).toBeGreaterThan(0);

  return {
    album: kino,
    starred,
    scrobbled,
    queue,
    current: queue[2]!,
    playlist: { id: made.id, name, songs },
  };
}

/** What the phone finds again later: its queue, its playlist, its star. */
export async function expectKept(api: SubsonicAPI, state: PhoneState) {
  ok(await api.ping(), 'ping');
  const saved = ok(await api.getPlayQueue(), 'getPlayQueue').playQueue;
  expect((saved?.entry ?? []).map((s) => s.id)).toEqual(state.queue);
  expect(saved?.current).toBe(state.current);
  const pl = ok(await api.getPlaylist({ id: state.playlist.id }), 'getPlaylist').playlist;
  expect(pl.name).toBe(state.playlist.name);
  const stars = ok(await api.getStarred2(), 'getStarred2').starred2;
  expect((stars.song ?? []).map((s) => s.id)).toContain(state.starred.id);
  const song = ok(await api.getSong({ id: state.scrobbled.id }), 'getSong').song;
  expect(song.playCount ?? 0).toBeGreaterThan(0);
}
