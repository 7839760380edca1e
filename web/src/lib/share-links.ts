/** What a share link points at. */
export type ShareType = 'song' | 'playlist';

/** The services of the share panel that open a window of their own. */
export type ShareService = 'whatsapp' | 'telegram' | 'twitter' | 'facebook';

/** The share window is 550x400 and centred. */
export const SHARE_WINDOW = { width: 550, height: 400 } as const;

/** `{origin}/share?id={id}&type={type}`: the page that opens a shared song or playlist. */
export function shareLink(origin: string, type: ShareType, id: string): string {
  return `${origin.replace(/\/+$/, '')}/share?id=${encodeURIComponent(id)}&type=${type}`;
}

/** The text that goes with a link in a message. */
export function shareText(type: ShareType, name: string, by?: string): string {
  if (type === 'playlist') return `Listen to the playlist “${name}” on Musicify`;
  return by ? `Listen to “${name}” by ${by} on Musicify` : `Listen to “${name}” on Musicify`;
}

/** The address of a service's own share page for `url` with `text`. */
export function serviceShareUrl(service: ShareService, url: string, text: string): string {
  const u = encodeURIComponent(url);
  const t = encodeURIComponent(text);
  switch (service) {
    case 'whatsapp':
      return `https://api.whatsapp.com/send?text=${encodeURIComponent(`${text} ${url}`)}`;
    case 'telegram':
      return `https://t.me/share/url?url=${u}&text=${t}`;
    case 'twitter':
      return `https://twitter.com/intent/tweet?url=${u}&text=${t}`;
    case 'facebook':
      return `https://www.facebook.com/sharer/sharer.php?u=${u}`;
  }
}

/** A mailto: link with the text as subject and the link in the body. */
export function emailShareUrl(url: string, text: string): string {
  return `mailto:?subject=${encodeURIComponent(text)}&body=${encodeURIComponent(`${text}\n\n${url}`)}`;
}

/** The parts of window.screen the centring needs. */
export interface ScreenArea {
  availWidth: number;
  availHeight: number;
  /** Where the usable area starts on a desktop of several screens (Chromium, Firefox). */
  availLeft?: number;
  availTop?: number;
}

/** Where a window of `width`x`height` sits centred on the screen (never off its top-left). */
export function centredWindow(
  screenArea: ScreenArea,
  width: number = SHARE_WINDOW.width,
  height: number = SHARE_WINDOW.height,
): { left: number; top: number; width: number; height: number } {
  const originLeft = screenArea.availLeft ?? 0;
  const originTop = screenArea.availTop ?? 0;
  const left = originLeft + Math.max(0, Math.round((screenArea.availWidth - width) / 2));
  const top = originTop + Math.max(0, Math.round((screenArea.availHeight - height) / 2));
  return { left, top, width, height };
}

/** The features string of window.open for a centred 550x400 share window. */
export function shareWindowFeatures(screenArea: ScreenArea): string {
  const { left, top, width, height } = centredWindow(screenArea);
  return `width=${width},height=${height},left=${left},top=${top},noopener`;
}

/** Opens a service's share page in a centred 550x400 window. */
export function openShareWindow(
  service: ShareService,
  url: string,
  text: string,
  win: Pick<Window, 'open' | 'screen'> = window,
): void {
  const screenArea = win.screen as Screen & { availLeft?: number; availTop?: number };
  win.open(serviceShareUrl(service, url, text), '_blank', shareWindowFeatures(screenArea));
}
