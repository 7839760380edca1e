/**
 * Copies text with the Clipboard API, or where it is missing (a server on
 * plain http that is not localhost) by selecting what shows it and asking
 * the browser to copy the selection.
 */
export async function copyText(text: string, shown: HTMLElement | null): Promise<void> {
  if (navigator.clipboard?.writeText) {
    await navigator.clipboard.writeText(text);
    return;
  }
  if (!shown) throw new Error('nothing to copy from');
  if (shown instanceof HTMLInputElement) {
    shown.focus();
    shown.select();
  } else {
    window.getSelection()?.selectAllChildren(shown);
  }
  if (!document.execCommand('copy')) throw new Error('copy refused');
}
