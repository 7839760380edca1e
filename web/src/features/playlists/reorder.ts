/** `list` with the item at `from` moved to position `to`; out-of-range moves change nothing. */
export function moveItem<T>(list: readonly T[], from: number, to: number): T[] {
  if (from < 0 || from >= list.length || to < 0 || to >= list.length || from === to) {
    return list.slice();
  }
  const out = list.slice();
  const [item] = out.splice(from, 1);
  out.splice(to, 0, item as T);
  return out;
}

/** The ids in order, as PUT /api/playlist/{id}/order wants them. */
export function idsOf(songs: readonly { _id: string }[]): string[] {
  return songs.map((s) => s._id);
}
