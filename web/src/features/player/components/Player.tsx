import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useToast } from '@/components/ui';
import { useRemoteTarget } from '@/lib/connect';
import { useLiveStation } from '@/lib/live-radio';
import { canPlayNow, notDownloadedMessage } from '@/lib/offline/availability';
import { next, useCurrentSong, usePlayer } from '@/lib/player-store';
import { useSession } from '@/lib/session';
import { useIncreaseView } from '../api/increase-view';
import { useAudioEngine } from '../hooks/use-audio-engine';
import { useAutoplay } from '../hooks/use-autoplay';
import { useMediaSession } from '../hooks/use-media-session';
import { nowPlayingTitle, useNowPlayingTitle } from '../hooks/use-now-playing-title';
import { usePlayerPersistence } from '../hooks/use-player-persistence';
import { usePlayerShortcuts } from '../hooks/use-player-shortcuts';
import { openShortcuts } from '../shortcuts-dialog';
import { LiveBar } from './LiveBar';
import { NowPlaying } from './NowPlaying';
import { PlayerBar } from './PlayerBar';
import { ShortcutsDialog } from './ShortcutsDialog';
import './player.css';

/**
 * The player of the signed-in shell: its two <audio> elements, kept across
 * pages, and the bar once a song has been chosen.
 */
export function Player({ devices }: { devices?: ReactNode }) {
  const { user } = useSession();
  const deckA = useRef<HTMLAudioElement>(null);
  const deckB = useRef<HTMLAudioElement>(null);
  const toast = useToast();
  const { mutate: countListen } = useIncreaseView();
  const song = useCurrentSong();
  const [expanded, setExpanded] = useState(false);
  // A radio station or a Jam playing here takes the bar over; the paused song comes back after it.
  const live = useLiveStation();
  // While this browser controls another device, the remote bar takes the place of this one.
  const remote = useRemoteTarget();

  usePlayerPersistence(`musicify.player.${user._id}`);
  useAudioEngine(deckA, deckB, {
    onListened: (s) => countListen(s._id),
    onError: (s) => {
      // Offline, a song that was only streamed cannot go on: the next downloaded one plays.
      if (canPlayNow(s)) {
        toast.error(`We couldn't play “${s.song}”. It may have been removed.`);
        return;
      }
      toast.info(notDownloadedMessage(s));
      next();
    },
  });
  // A play that could not start (offline, nothing downloaded) says why.
  const notice = usePlayer((s) => s.notice);
  useEffect(() => {
    if (notice) toast.info(notice.text);
  }, [notice, toast]);
  useAutoplay();
  useMediaSession();
  useNowPlayingTitle(nowPlayingTitle(song, live));
  usePlayerShortcuts({ onHelp: openShortcuts });

  if ((!song || live || remote) && expanded) setExpanded(false);

  return (
    <>
      {/* Two elements take turns, so the next song is buffered before this one ends. They
          have no controls and are never shown: songs have no timed captions, and their
          words are the lyrics and transcripts the song info shows. */}
      {/* eslint-disable-next-line jsx-a11y-x/media-has-caption */}
      <audio ref={deckA} preload="metadata" />
      {/* eslint-disable-next-line jsx-a11y-x/media-has-caption */}
      <audio ref={deckB} preload="metadata" />
      {live ? (
        <LiveBar station={live} />
      ) : (
        song &&
        !remote && (
          <PlayerBar
            song={song}
            onExpand={() => setExpanded(true)}
            expanded={expanded}
            devices={devices}
          />
        )
      )}
      {song && !live && !remote && expanded && (
        <NowPlaying song={song} onClose={() => setExpanded(false)} />
      )}
      <ShortcutsDialog />
    </>
  );
}
