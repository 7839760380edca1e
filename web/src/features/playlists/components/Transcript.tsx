import { Loader } from 'lucide-react';
import { errorMessage } from '@/lib/api-client';
import { useCurrentSong } from '@/lib/player-store';
import type { Song } from '@/lib/song';
import { useTranscriptProgress } from '../api/get-song';

export const TRANSCRIBING = 'Transcribing…';
export const TRANSCRIPT_FAILED = 'We could not write down the words of this song.';
export const NO_TRANSCRIPT = 'No transcript yet.';
export const NO_WORDS = 'No words were heard in this song.';

/** What the transcript area says of a song with no words to show. */
export function transcriptNote(song: Song): string {
  switch (song.transcript) {
    case 'pending':
      return TRANSCRIBING;
    case 'failed':
      return TRANSCRIPT_FAILED;
    case 'done':
      return NO_WORDS;
    default:
      return NO_TRANSCRIPT;
  }
}

interface TranscriptProps {
  id: string;
  open: boolean;
}

/**
 * The words of the song that plays: its lyrics or transcript. While the
 * transcript is being written it says so, and looks again every few seconds.
 */
export function Transcript({ id, open }: TranscriptProps) {
  const current = useCurrentSong();
  const progress = useTranscriptProgress(
    current?._id ?? '',
    open && current?.transcript === 'pending',
  );
  // The player holds the song as it was when it was queued; a fresher copy wins.
  const song = progress.data && progress.data._id === current?._id ? progress.data : current;
  const words = song?.text.trim() ?? '';
  // Looking again failed: say why, rather than 'Transcribing…' for ever.
  const unknown = progress.isError && song?.transcript === 'pending';

  return (
    <section id={id} className="pl-transcript" hidden={!open} aria-label="Transcript">
      {song && <p className="pl-transcript__song">{song.song}</p>}
      {!song ? (
        <p className="pl-transcript__empty">{NO_TRANSCRIPT}</p>
      ) : words !== '' ? (
        <p className="pl-transcript__text">{song.text}</p>
      ) : unknown ? (
        <p className="pl-transcript__empty" role="alert">
          {errorMessage(progress.error)}
        </p>
      ) : (
        <p className="pl-transcript__empty" aria-live="polite">
          {song.transcript === 'pending' && (
            <Loader size={16} aria-hidden="true" className="pl-transcript__spinner" />
          )}
          {transcriptNote(song)}
        </p>
      )}
    </section>
  );
}
