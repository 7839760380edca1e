import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// findBy and waitFor give up after this long. The default second is too
// short for a reply that waits 600 ms on a loaded 2-core machine; waiting
// longer costs a passing test nothing.
configure({ asyncUtilTimeout: 5000 });

// jsdom has <dialog> but neither showModal() nor close(). Enough of them for
// the Modal: the open attribute (which makes it visible to queries), Escape
// asking with a cancel event, and the close event. The focus trap and the
// inert page are the browser's; the e2e specs cover them.
if (typeof HTMLDialogElement !== 'undefined' && !HTMLDialogElement.prototype.showModal) {
  const escapes = new WeakMap<HTMLDialogElement, (e: KeyboardEvent) => void>();
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    if (this.hasAttribute('open')) return;
    this.setAttribute('open', '');
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape' || e.defaultPrevented) return;
      const cancel = new Event('cancel', { cancelable: true });
      if (this.dispatchEvent(cancel)) this.close();
    };
    escapes.set(this, onKey);
    this.addEventListener('keydown', onKey);
  };
  HTMLDialogElement.prototype.show = HTMLDialogElement.prototype.showModal;
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    if (!this.hasAttribute('open')) return;
    this.removeAttribute('open');
    const onKey = escapes.get(this);
    if (onKey) this.removeEventListener('keydown', onKey);
    this.dispatchEvent(new Event('close'));
  };
}

afterEach(() => {
  cleanup();
  window.sessionStorage.clear();
});
