/** SPEC.md's exact words when the browser cannot listen. */
export const VOICE_UNSUPPORTED = "Browser doesn't support speech recognition.";

/** Whether the browser has speech recognition (standard or WebKit-prefixed). */
export function speechRecognitionSupported(win: object = window): boolean {
  const w = win as { SpeechRecognition?: unknown; webkitSpeechRecognition?: unknown };
  return (
    typeof w.SpeechRecognition === 'function' || typeof w.webkitSpeechRecognition === 'function'
  );
}
