import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { MessageCircle, RotateCcw, SendHorizontal, X } from 'lucide-react';
import { LogoMark } from '@/components/ui';
import { useSession } from '@/lib/session';
import { enterSends, storageKey, WELCOME, type ChatMessage } from '../conversation';
import { useChat } from '../hooks/use-chat';
import { ChatActions } from './ChatActions';
import './chat.css';

/** What a newcomer can ask, one tap away. */
const SUGGESTIONS = [
  "What's popular right now?",
  'Recommend me something',
  'How do I upload a song?',
];

function Bubble({
  message,
  onCreated,
}: {
  message: ChatMessage;
  onCreated: (actionIndex: number, playlistId: string) => void;
}) {
  if (message.type === 'outgoing') {
    return <p className="chat__bubble chat__bubble--outgoing">{message.text}</p>;
  }
  if (message.type === 'error') {
    return (
      <p className="chat__bubble chat__bubble--incoming chat__bubble--error">
        {message.text}
        {message.detail && <span className="chat__detail">{message.detail}</span>}
      </p>
    );
  }
  return (
    <div className="chat__reply">
      <p className="chat__bubble chat__bubble--incoming">{message.text}</p>
      {message.actions && <ChatActions actions={message.actions} onCreated={onCreated} />}
    </div>
  );
}

/**
 * The chat toggle (docked in the top bar) and its panel. The conversation lives here, not in the
 * panel, so closing the panel keeps it and a reply on its way still lands.
 */
export function ChatWidget() {
  const { user } = useSession();
  const chat = useChat(storageKey(user._id));
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const panelId = useId();
  const titleId = useId();
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const logRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (open) inputRef.current?.focus();
  }, [open]);

  // The newest message stays in view.
  const { messages, streamed, pending } = chat;
  useEffect(() => {
    const log = logRef.current;
    if (log) log.scrollTop = log.scrollHeight;
  }, [open, messages, streamed, pending]);

  function close() {
    setOpen(false);
    toggleRef.current?.focus();
  }

  function submit() {
    if (chat.send(text)) setText('');
    // The Send button is busy until the reply: typing goes on in the box.
    inputRef.current?.focus();
  }

  function suggest(suggestion: string) {
    chat.send(suggestion);
    // The suggestions go away once one is sent: the focus goes to the box, not to the page.
    inputRef.current?.focus();
  }

  function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    submit();
  }

  function onKeyDown(e: KeyboardEvent<HTMLTextAreaElement>) {
    if (e.key !== 'Enter' || e.shiftKey || e.nativeEvent.isComposing) return;
    // Wide windows send on Enter; on phones and narrow windows Enter starts a new line.
    if (!enterSends(window.innerWidth)) return;
    e.preventDefault();
    submit();
  }

  return (
    <>
      {open && (
        // A dialog that is not modal: the page stays usable beside it, so no showModal().
        <dialog
          open
          id={panelId}
          className="chat"
          aria-labelledby={titleId}
          onKeyDown={(e) => {
            if (e.key === 'Escape') close();
          }}
        >
          <header className="chat__header">
            <LogoMark size={32} />
            <div className="chat__heading">
              <h2 id={titleId} className="chat__title">
                Musicify
              </h2>
              <p className="chat__subtitle">Music assistant</p>
            </div>
            {messages.length > 0 && (
              <button
                type="button"
                className="chat__close"
                onClick={() => {
                  chat.clear();
                  inputRef.current?.focus();
                }}
                aria-label="Start a new conversation"
                title="Start a new conversation"
              >
                <RotateCcw size={18} aria-hidden="true" />
              </button>
            )}
            <button type="button" className="chat__close" onClick={close} aria-label="Close chat">
              <X size={20} aria-hidden="true" />
            </button>
          </header>
          <div
            ref={logRef}
            className="chat__messages"
            role="log"
            aria-live="polite"
            // While a reply streams, screen readers wait for the whole of it.
            aria-busy={streamed !== null || undefined}
            aria-label="Messages"
          >
            <p className="chat__bubble chat__bubble--incoming">{WELCOME}</p>
            {messages.map((m) => (
              <Bubble
                key={m.id}
                message={m}
                onCreated={(actionIndex, playlistId) =>
                  chat.markCreated(m.id, actionIndex, playlistId)
                }
              />
            ))}
            {streamed !== null ? (
              // Hidden from assistive tech: the finished reply is announced once, as a whole.
              <p
                className="chat__bubble chat__bubble--incoming chat__bubble--streaming"
                aria-hidden="true"
              >
                {streamed}
              </p>
            ) : (
              pending && (
                <p className="chat__typing">
                  <span className="visually-hidden">Musicify is typing…</span>
                  <span className="chat__dot" aria-hidden="true" />
                  <span className="chat__dot" aria-hidden="true" />
                  <span className="chat__dot" aria-hidden="true" />
                </p>
              )
            )}
            {messages.length === 0 && !pending && (
              <div className="chat__suggestions">
                {SUGGESTIONS.map((s) => (
                  <button
                    key={s}
                    type="button"
                    className="chat__suggestion"
                    onClick={() => suggest(s)}
                  >
                    {s}
                  </button>
                ))}
              </div>
            )}
          </div>
          <form className="chat__form" onSubmit={onSubmit}>
            <textarea
              ref={inputRef}
              className="chat__input"
              rows={2}
              placeholder="Enter a message..."
              aria-label="Enter a message..."
              value={text}
              onChange={(e) => setText(e.target.value)}
              onKeyDown={onKeyDown}
            />
            <button
              type="submit"
              className="chat__send"
              aria-label="Send"
              title="Send"
              disabled={pending}
            >
              <SendHorizontal size={20} aria-hidden="true" />
            </button>
          </form>
        </dialog>
      )}
      <button
        ref={toggleRef}
        type="button"
        className="chat-toggle"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        aria-label={open ? 'Close chat' : 'Open chat'}
        title="Music assistant"
        onClick={() => (open ? close() : setOpen(true))}
      >
        {open ? <X size={20} aria-hidden="true" /> : <MessageCircle size={20} aria-hidden="true" />}
      </button>
    </>
  );
}
