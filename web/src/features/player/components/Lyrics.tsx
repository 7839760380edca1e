import { useEffect, useRef } from 'react';
import { formatTime } from '@/lib/format';
import { seekTo, usePlayer } from '@/lib/player-store';
import { useLyrics, type LyricLine } from '../api/get-lyrics';
import { currentLine } from '../lyrics';

/** After the listener scrolls the lyrics by hand, they stay put this long. */
const HAND_SCROLL_MS = 4000;

/** The lyrics of the song playing: timed lines that follow it, else the plain text. */
export function Lyrics({ songId }: { songId: string }) {
  const { data, isPending, isError } = useLyrics(songId);
  let body;
  if (isPending) {
    body = <p className="lyrics__note">Loading lyrics…</p>;
  } else if (isError) {
    body = <p className="lyrics__note">We couldn't load the lyrics.</p>;
  } else if (data.synced.length > 0) {
    body = <SyncedLines lines={data.synced} />;
  } else if (data.plain.trim() !== '') {
    body = (
      <div className="lyrics__scroll">
        <p className="lyrics__plain">{data.plain}</p>
      </div>
    );
  } else {
    body = <p className="lyrics__note">No lyrics for this song</p>;
  }
  return (
    <section className="lyrics" aria-labelledby="lyrics-heading">
      <h3 id="lyrics-heading" className="lyrics__heading">
        Lyrics
      </h3>
      {body}
    </section>
  );
}

function SyncedLines({ lines }: { lines: LyricLine[] }) {
  const current = usePlayer((s) => currentLine(lines, s.time * 1000));
  const scroller = useRef<HTMLDivElement>(null);
  const handScrolledAt = useRef(0);

  // Only the lyrics' own box scrolls, so the sheet around them (on a phone,
  // the cover and controls) stays where the listener left it.
  useEffect(() => {
    const box = scroller.current;
    if (!box || Date.now() - handScrolledAt.current < HAND_SCROLL_MS) return;
    const line = box.querySelector<HTMLElement>('[aria-current="true"]');
    const top = line ? line.offsetTop - box.clientHeight / 2 + line.offsetHeight / 2 : 0;
    const still = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    box.scrollTo({ top: Math.max(0, top), behavior: still ? 'auto' : 'smooth' });
  }, [current]);

  const byHand = () => {
    handScrolledAt.current = Date.now();
  };

  return (
    <div
      ref={scroller}
      className="lyrics__scroll lyrics__scroll--synced"
      onWheel={byHand}
      onTouchMove={byHand}
    >
      <ol className="lyrics__lines">
        {lines.map((line, i) => (
          // Lines repeat (a chorus), so their place is their key.
          <li key={i}>
            <button
              type="button"
              className={`lyrics__line${i < current ? ' lyrics__line--past' : ''}`}
              aria-current={i === current ? 'true' : undefined}
              aria-label={
                line.text === '' ? `Instrumental, ${formatTime(line.start_ms / 1000)}` : undefined
              }
              title={`Play from ${formatTime(line.start_ms / 1000)}`}
              onClick={() => {
                handScrolledAt.current = 0;
                seekTo(line.start_ms / 1000);
              }}
            >
              {line.text === '' ? '♪' : line.text}
            </button>
          </li>
        ))}
      </ol>
    </div>
  );
}
