import { useId, useRef, type ComponentType } from 'react';
import { Check, Copy, Mail, MessageCircle, Send, Share } from 'lucide-react';
import { Button, Dialog, Switch, useToast } from '@/components/ui';
import { errorMessage } from '@/lib/api-client';
import { usePublicShare, useSetSharePreviews } from '@/lib/public-share';
import {
  emailShareUrl,
  openShareWindow,
  shareLink,
  shareText,
  type ShareService,
  type ShareType,
} from '@/lib/share-links';
import { FacebookIcon, XIcon } from './brand-icons';
import './share.css';

export interface ShareTarget {
  type: ShareType;
  id: string;
  name: string;
  /** The artist of a song, for the message text. */
  by?: string;
}

interface SharePanelProps {
  target: ShareTarget;
  onClose: () => void;
}

type IconType = ComponentType<{ size?: number }>;

const services: { service: ShareService; label: string; icon: IconType; tone: string }[] = [
  { service: 'whatsapp', label: 'WhatsApp', icon: MessageCircle, tone: 'whatsapp' },
  { service: 'telegram', label: 'Telegram', icon: Send, tone: 'telegram' },
  { service: 'twitter', label: 'Twitter / X', icon: XIcon, tone: 'twitter' },
  { service: 'facebook', label: 'Facebook', icon: FacebookIcon, tone: 'facebook' },
];

/** Copies with the Clipboard API, or through a selected field where it is missing (plain http). */
async function copyText(text: string, field: HTMLInputElement | null): Promise<void> {
  if (navigator.clipboard?.writeText) {
    await navigator.clipboard.writeText(text);
    return;
  }
  if (!field) throw new Error('nothing to copy from');
  field.focus();
  field.select();
  if (!document.execCommand('copy')) throw new Error('copy refused');
}

/**
 * The share panel of a song or a playlist: its link to copy, and buttons
 * that open each service's own share page in a centred 550x400 window.
 */
export function SharePanel({ target, onClose }: SharePanelProps) {
  const toast = useToast();
  const fieldRef = useRef<HTMLInputElement>(null);
  const url = shareLink(window.location.origin, target.type, target.id);
  const text = shareText(target.type, target.name, target.by);
  const canShare = typeof navigator.share === 'function';

  function copy() {
    copyText(url, fieldRef.current).then(
      () => toast.success('Link copied'),
      () => toast.error('We could not copy the link. Select it and copy it yourself.'),
    );
  }

  function more() {
    navigator.share({ title: target.name, text, url }).catch((err: unknown) => {
      // Closing the system sheet is not an error worth telling.
      if (err instanceof DOMException && err.name === 'AbortError') return;
      toast.error('We could not open the share menu.');
    });
  }

  return (
    <Dialog
      open
      onClose={onClose}
      size="md"
      title={target.type === 'song' ? 'Share song' : 'Share playlist'}
      description={<span className="share__what">{target.name}</span>}
    >
      <div className="share__link">
        <label className="field__label" htmlFor="share-link">
          Link
        </label>
        <div className="share__link-row">
          <input
            ref={fieldRef}
            id="share-link"
            className="field__input share__input"
            readOnly
            value={url}
            onFocus={(e) => e.target.select()}
          />
          <Button icon={<Copy size={16} aria-hidden="true" />} onClick={copy}>
            Copy link
          </Button>
        </div>
      </div>
      <ul className="share__services" aria-label="Share to">
        <li>
          <a className="share__service share__service--email" href={emailShareUrl(url, text)}>
            <span className="share__icon" aria-hidden="true">
              <Mail size={22} />
            </span>
            Email
          </a>
        </li>
        {services.map(({ service, label, icon: Icon, tone }) => (
          <li key={service}>
            <button
              type="button"
              className={`share__service share__service--${tone}`}
              onClick={() => openShareWindow(service, url, text)}
            >
              <span className="share__icon" aria-hidden="true">
                <Icon size={22} />
              </span>
              {label}
            </button>
          </li>
        ))}
        {canShare && (
          <li>
            <button type="button" className="share__service share__service--more" onClick={more}>
              <span className="share__icon" aria-hidden="true">
                <Share size={22} />
              </span>
              More…
            </button>
          </li>
        )}
      </ul>
      <PreviewsSwitch target={target} />
    </Dialog>
  );
}

/**
 * What visitors of the link get, and, for the owner, the switch that lets
 * them hear 30-second previews without an account.
 */
function PreviewsSwitch({ target }: { target: ShareTarget }) {
  const toast = useToast();
  const label = useId();
  const hint = useId();
  const shared = usePublicShare(target.type, target.id);
  const set = useSetSharePreviews(target.type, target.id);
  const on = set.isPending ? set.variables : (shared.data?.previews ?? false);
  if (!shared.data?.mine) {
    return (
      <p className="share__note">
        <Check size={14} aria-hidden="true" /> Anyone with the link can see the name, cover and
        songs
        {shared.data?.previews ? ' and hear 30-second previews' : ''}; listening needs an account
        here.
      </p>
    );
  }
  return (
    <div className="share__previews">
      <div className="share__previews-text">
        <p id={label} className="share__previews-name">
          Let visitors hear 30-second previews
        </p>
        <p id={hint} className="share__previews-hint">
          Anyone with the link sees the name, cover and songs.{' '}
          {on
            ? 'They can also play the first 30 seconds of each song without an account.'
            : 'Listening needs an account.'}
        </p>
      </div>
      <Switch
        checked={on}
        disabled={set.isPending}
        onChange={(e) =>
          set.mutate(e.target.checked, {
            onSuccess: (res) => toast.success(res.previews ? 'Previews on' : 'Previews off'),
            onError: (err) => toast.error(errorMessage(err)),
          })
        }
        aria-labelledby={label}
        aria-describedby={hint}
      />
    </div>
  );
}
