import { useEffect, useRef, useState } from 'react';
import { recognizeCommand } from '../api/voice-command';
import {
  canRecord,
  speechRecognitionOf,
  voiceSupport,
  type VoiceCommand,
  type VoiceRequest,
} from '../voice';
import { listenWithRecorder, listenWithSpeech } from '../voice-listeners';

export interface VoiceCommands {
  /** speech, recorder or none: decided once, when the page opens. */
  support: ReturnType<typeof voiceSupport>;
  listening: boolean;
  /** What was heard last while listening. */
  heard: string;
  /** The last command that ran. */
  command: VoiceCommand | null;
  /** Why listening stopped on its own, until the microphone is turned on again. */
  error: string | null;
  toggle: () => void;
}

const UNAVAILABLE = 'Speech recognition is not available in this browser right now.';

/**
 * The microphone toggle's engine. The browser's speech recognition where it
 * has one; otherwise (or when that service is unreachable, as in browsers
 * without its cloud service) short recordings the server recognizes. The
 * microphone is asked for only when listening is turned on.
 */
export function useVoiceCommands(
  onCommand: (command: VoiceCommand) => void,
  onRequest: (request: VoiceRequest) => void = () => {},
): VoiceCommands {
  const [support] = useState(() => voiceSupport());
  const [listening, setListening] = useState(false);
  const [mode, setMode] = useState<'speech' | 'recorder'>(
    support === 'speech' ? 'speech' : 'recorder',
  );
  const [heard, setHeard] = useState('');
  const [command, setCommand] = useState<VoiceCommand | null>(null);
  const [error, setError] = useState<string | null>(null);
  const onCommandRef = useRef(onCommand);
  const onRequestRef = useRef(onRequest);

  useEffect(() => {
    onCommandRef.current = onCommand;
    onRequestRef.current = onRequest;
  });

  useEffect(() => {
    if (!listening) return;
    const events = {
      onHeard: setHeard,
      onCommand: (c: VoiceCommand) => {
        setCommand(c);
        onCommandRef.current(c);
      },
      onRequest: (r: VoiceRequest) => {
        setCommand(null);
        onRequestRef.current(r);
      },
      onFatal: (message: string) => {
        setListening(false);
        setError(message);
      },
      onUnavailable: () => {
        if (canRecord()) {
          setMode('recorder');
        } else {
          setListening(false);
          setError(UNAVAILABLE);
        }
      },
    };
    const Recognition = speechRecognitionOf();
    if (mode === 'speech' && Recognition) return listenWithSpeech(Recognition, events);
    return listenWithRecorder(recognizeCommand, events);
  }, [listening, mode]);

  function toggle() {
    if (support === 'none') return;
    if (!listening) {
      setHeard('');
      setCommand(null);
      setError(null);
    }
    setListening((on) => !on);
  }

  return { support, listening, heard, command, error, toggle };
}
