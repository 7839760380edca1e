import { useId, useState, type ReactNode } from 'react';
import { ChevronDown, FileText, Mic, MicOff, Play, Share2, Shuffle } from 'lucide-react';
import { DownloadCollectionButton } from '@/components/offline/DownloadCollectionButton';
import { QueueListMenu } from '@/components/songs';
import { Button, useToast } from '@/components/ui';
import { errorMessage } from '@/lib/api-client';
import type { CollectionRef } from '@/lib/offline/downloads';
import { playShuffled, playSongs } from '@/lib/player-store';
import type { Song } from '@/lib/song';
import { askAssistant } from '../api/ask-assistant';
import { useVoiceCommands } from '../hooks/use-voice-commands';
import { runCommand, runRequest, VOICE_COMMANDS, VOICE_UNSUPPORTED } from '../voice';
import { Transcript } from './Transcript';

interface PlaylistControlsProps {
  /** The songs as shown (sorted, filtered): Play, Shuffle and voice commands play these. */
  songs: Song[];
  /** Every song of the playlist, for the download; `songs` when left out. */
  allSongs?: Song[];
  /** The list's name, for its Play next and Add to queue menu. */
  name: string;
  /** Shown for playlists (not the top songs): opens the share panel. */
  onShare?: () => void;
  /** Shown for playlists: downloads it for offline listening. */
  download?: CollectionRef;
  /** Shown after the other buttons: the playlist's menu. */
  menu?: ReactNode;
}

const COMMAND_LIST = VOICE_COMMANDS.join(', ').replace(/, (\w+)$/, ' or $1');

/** What the microphone heard and did, while it listens. */
function VoiceStatus({ voice }: { voice: ReturnType<typeof useVoiceCommands> }) {
  if (!voice.listening) return null;
  return (
    <div className="pl-voice" role="status" aria-label="Voice commands">
      <span className="pl-voice__pulse" aria-hidden="true" />
      <div className="pl-voice__text">
        <p className="pl-voice__hint">
          Listening: say {COMMAND_LIST}, or ask for “play something calm”.
        </p>
        {voice.heard !== '' && (
          <p className="pl-voice__heard">
            <span>
              Heard: <q>{voice.heard}</q>
            </span>
            {voice.command && <span className="pl-voice__command">{voice.command}</span>}
          </p>
        )}
      </div>
    </div>
  );
}

/**
 * Play all, Shuffle, Play next and Add to queue, the microphone toggle (voice commands for this list)
 * and the transcript of the song that plays.
 */
export function PlaylistControls({
  songs,
  allSongs = songs,
  name,
  onShare,
  download,
  menu,
}: PlaylistControlsProps) {
  const toast = useToast();
  const voice = useVoiceCommands(
    (command) => runCommand(command, songs),
    (request) =>
      void runRequest(request, (text) => askAssistant(text)).then(
        (reply) => toast.info(reply),
        (err: unknown) => toast.error(errorMessage(err)),
      ),
  );
  const [transcriptOpen, setTranscriptOpen] = useState(false);
  const transcriptId = useId();
  const noteId = useId();
  const supported = voice.support !== 'none';
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
            aria-label="Shuffle"
            className="pl-shuffle"
          >
            <span className="pl-shuffle__text">Shuffle</span>
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
          {download && <DownloadCollectionButton collection={download} songs={allSongs} />}
          <QueueListMenu songs={songs} name={name} />
          {menu}
        </div>
        <div className="pl-controls__group pl-controls__group--extra">
          <Button
            variant="secondary"
            size="sm"
            className={voice.listening ? 'pl-mic pl-mic--on' : 'pl-mic'}
            icon={
              voice.listening ? (
                <Mic size={16} aria-hidden="true" />
              ) : (
                <MicOff size={16} aria-hidden="true" />
              )
            }
            onClick={voice.toggle}
            disabled={!supported}
            aria-pressed={voice.listening}
            aria-describedby={supported && !voice.error ? undefined : noteId}
          >
            {voice.listening ? 'Microphone: on' : 'Microphone: off'}
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
        <p id={noteId} className="pl-controls__note">
          {VOICE_UNSUPPORTED}
        </p>
      )}
      {supported && voice.error && (
        <p id={noteId} className="pl-controls__note pl-controls__note--error" role="alert">
          {voice.error}
        </p>
      )}
      <VoiceStatus voice={voice} />
      <Transcript id={transcriptId} open={transcriptOpen} />
    </div>
  );
}
