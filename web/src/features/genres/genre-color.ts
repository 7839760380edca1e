/**
 * A genre's tile colour: the same name always gets the same hue, so a genre
 * is recognisable at a glance, with no colour table to keep.
 */
export function genreHue(name: string): number {
  let h = 0;
  for (const ch of name.trim().toLowerCase()) h = (h * 31 + (ch.codePointAt(0) ?? 0)) % 360;
  return h;
}

/** Whether a song is of the genre: genres compare without case or extra spaces. */
export function sameGenre(a: string | undefined, b: string): boolean {
  const key = (s: string) => s.trim().replace(/\s+/g, ' ').toLowerCase();
  return a !== undefined && a !== '' && key(a) === key(b);
}
