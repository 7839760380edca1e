import { describe, expect, it, vi } from 'vitest';
import {
  centredWindow,
  emailShareUrl,
  openShareWindow,
  serviceShareUrl,
  shareLink,
  shareText,
  shareWindowFeatures,
} from './share-links';

const link = 'http://127.0.0.1:8080/share?id=a1b2&type=song';
const encoded = encodeURIComponent(link);
const text = 'Listen to “Midnight Harbour” by neon harbor on Musicify';

describe('share links', () => {
  it('points at /share with the id and the type, on the given origin', () => {
    expect(shareLink('http://127.0.0.1:8080', 'song', 'a1b2')).toBe(link);
    expect(shareLink('https://music.example/', 'playlist', 'p 1')).toBe(
      'https://music.example/share?id=p%201&type=playlist',
    );
  });

  it('words the message for a song and a playlist', () => {
    expect(shareText('song', 'Midnight Harbour', 'neon harbor')).toBe(text);
    expect(shareText('playlist', 'Road  Trip')).toBe(
      'Listen to the playlist “Road  Trip” on Musicify',
    );
  });

  it("builds each service's share URL with the link encoded", () => {
    expect(serviceShareUrl('twitter', link, text)).toBe(
      `https://twitter.com/intent/tweet?url=${encoded}&text=${encodeURIComponent(text)}`,
    );
    expect(serviceShareUrl('facebook', link, text)).toBe(
      `https://www.facebook.com/sharer/sharer.php?u=${encoded}`,
    );
    expect(serviceShareUrl('telegram', link, text)).toBe(
      `https://t.me/share/url?url=${encoded}&text=${encodeURIComponent(text)}`,
    );
    expect(serviceShareUrl('whatsapp', link, text)).toBe(
      `https://api.whatsapp.com/send?text=${encodeURIComponent(`${text} ${link}`)}`,
    );
    expect(emailShareUrl(link, 'Hi')).toBe(
      `mailto:?subject=Hi&body=${encodeURIComponent(`Hi\n\n${link}`)}`,
    );
  });
});

describe('the share window', () => {
  it('is 550x400 and centred on the screen', () => {
    expect(centredWindow({ availWidth: 1920, availHeight: 1080 })).toEqual({
      left: 685,
      top: 340,
      width: 550,
      height: 400,
    });
    // A second screen to the right, and a taskbar on top.
    expect(
      centredWindow({ availWidth: 1280, availHeight: 760, availLeft: 1920, availTop: 40 }),
    ).toEqual({ left: 1920 + 365, top: 40 + 180, width: 550, height: 400 });
    // Odd sizes round; a screen smaller than the window keeps it at its corner.
    expect(centredWindow({ availWidth: 1001, availHeight: 801 })).toMatchObject({
      left: 226,
      top: 201,
    });
    expect(centredWindow({ availWidth: 390, availHeight: 300 })).toMatchObject({
      left: 0,
      top: 0,
    });
  });

  it('opens the service in a new, centred window without an opener', () => {
    expect(shareWindowFeatures({ availWidth: 1366, availHeight: 768 })).toBe(
      'width=550,height=400,left=408,top=184,noopener',
    );
    const open = vi.fn();
    openShareWindow('twitter', link, text, {
      open,
      screen: { availWidth: 1366, availHeight: 768 } as Screen,
    });
    expect(open).toHaveBeenCalledWith(
      serviceShareUrl('twitter', link, text),
      '_blank',
      'width=550,height=400,left=408,top=184,noopener',
    );
  });
});
