import { useId, useState } from 'react';
import { ChevronDown, FileText, Mic, MicOff, Play, Share2, Shuffle } from 'lucide-react';
import { Button } from '@/components/ui';
import { playShuffled, playSongs, useCurrentSong } from '@/lib/player-store';
import type { Song } from '@/lib/song';
import { speechRecognitionSupported, VOICE_UNSUPPORTED } from '../voice';

interface PlaylistControlsProps {
  songs: Song[];
  /** Shown for playlists (not the top songs): opens the share panel. */
  onShare?: () => void;
}

/**
 * Play all, Shuffle, the microphone toggle and the transcript of the song
 * that plays. Voice commands themselves arrive later: for now the toggle
 * only switches, where the browser can listen at all.
 */
export function PlaylistControls({ songs, onShare }: PlaylistControlsProps) {
  const [supported] = useState(() => speechRecognitionSupported());
  const [listening, setListening] = useState(false);
  const [transcriptOpen, setTranscriptOpen] = useState(false);
  const transcriptId = useId();
  const current = useCurrentSong();
  const empty = songs.length === 0;

  return (
    <div className="pl-controls">
      <div className="pl-controls__row">
        <div className="pl-controls__group">
          <Button
            size="lg"
            icon={<Play size={20} fill="currentColor" aria-hidden="true" />}
            onClick={() => playSongs(songs, 0)}
            disabled={empty}
          >
            Play all
          </Button>
          <Button
            size="lg"
            variant="secondary"
            icon={<Shuffle size={18} aria-hidden="true" />}
            onClick={() => playShuffled(songs)}
            disabled={empty}
          >
            Shuffle
          </Button>
          {onShare && (
            <Button
              size="lg"
              variant="ghost"
              icon={<Share2 size={18} aria-hidden="true" />}
              onClick={onShare}
              aria-haspopup="dialog"
              aria-label="Share"
              className="pl-share"
            >
              <span className="pl-share__text">Share</span>
            </Button>
          )}
        </div>
        <div className="pl-controls__group pl-controls__group--extra">
          <Button
            variant="secondary"
            size="sm"
            className={listening ? 'pl-mic pl-mic--on' : 'pl-mic'}
            icon={
              listening ? (
                <Mic size={16} aria-hidden="true" />
              ) : (
                <MicOff size={16} aria-hidden="true" />
              )
            }
            onClick={() => setListening((on) => !on)}
            disabled={!supported}
            aria-pressed={listening}
            aria-describedby={supported ? undefined : `${transcriptId}-voice`}
          >
            {listening ? 'Microphone: on' : 'Microphone: off'}
          </Button>
          <Button
            variant="secondary"
            size="sm"
            icon={<FileText size={16} aria-hidden="true" />}
            onClick={() => setTranscriptOpen((o) => !o)}
            aria-expanded={transcriptOpen}
            aria-controls={transcriptId}
            className="pl-transcript-toggle"
          >
            Transcript
            <ChevronDown size={16} aria-hidden="true" className="pl-transcript-toggle__chevron" />
          </Button>
        </div>
      </div>
      {!supported && (
        <p id={`${transcriptId}-voice`} className="pl-controls__note">
          {VOICE_UNSUPPORTED}
        </p>
      )}
      <section
        id={transcriptId}
        className="pl-transcript"
        hidden={!transcriptOpen}
        aria-label="Transcript"
      >
        {current ? (
          <>
            <p className="pl-transcript__song">{current.song}</p>
            {current.text.trim() ? (
              <p className="pl-transcript__text">{current.text}</p>
            ) : (
              <p className="pl-transcript__empty">No transcript yet.</p>
            )}
          </>
        ) : (
          <p className="pl-transcript__empty">No transcript yet.</p>
        )}
      </section>
    </div>
  );
}
