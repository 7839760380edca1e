import { useEffect, useId, useRef, useState } from 'react';
import { MessageCircle, SendHorizontal, X } from 'lucide-react';
import { LogoMark } from '@/components/ui';
import './chat.css';

export const WELCOME = 'Welcome to Musicify. How can I help you?';
export const UNAVAILABLE = 'The assistant is not available on this server yet.';

/** The floating chat toggle and panel; the assistant itself arrives in a later issue. */
export function ChatWidget() {
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const panelId = useId();
  const titleId = useId();
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (open) inputRef.current?.focus();
  }, [open]);

  function close() {
    setOpen(false);
    toggleRef.current?.focus();
  }

  return (
    <>
      {open && (
        <div
          id={panelId}
          className="chat"
          role="dialog"
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
            <button type="button" className="chat__close" onClick={close} aria-label="Close chat">
              <X size={20} aria-hidden="true" />
            </button>
          </header>
          <ol className="chat__messages" aria-label="Messages">
            <li className="chat__bubble chat__bubble--incoming">{WELCOME}</li>
          </ol>
          <form className="chat__form" onSubmit={(e) => e.preventDefault()}>
            <textarea
              ref={inputRef}
              className="chat__input"
              rows={2}
              placeholder="Enter a message..."
              aria-label="Enter a message..."
              value={text}
              onChange={(e) => setText(e.target.value)}
            />
            <button type="submit" className="chat__send" disabled aria-label="Send">
              <SendHorizontal size={20} aria-hidden="true" />
            </button>
          </form>
          <p className="chat__note">{UNAVAILABLE}</p>
        </div>
      )}
      <button
        ref={toggleRef}
        type="button"
        className="chat-toggle"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        aria-label={open ? 'Close chat' : 'Open chat'}
        onClick={() => (open ? close() : setOpen(true))}
      >
        {open ? <X size={24} aria-hidden="true" /> : <MessageCircle size={24} aria-hidden="true" />}
      </button>
    </>
  );
}
