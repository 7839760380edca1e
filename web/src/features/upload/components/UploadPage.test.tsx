import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetPlayer, getPlayerState } from '@/lib/player-store';
import { makeSong } from '@/test/songs';
import { renderRoutes } from '@/test/utils';
import { UploadPage } from './UploadPage';

/** A stand-in for XMLHttpRequest that the test answers by hand. */
class FakeXHR {
  static sent: FakeXHR[] = [];
  upload = new EventTarget();
  status = 0;
  responseText = '';
  method = '';
  url = '';
  body: FormData | null = null;
  private listeners = new Map<string, (() => void)[]>();

  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader() {}
  addEventListener(type: string, fn: () => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), fn]);
  }
  send(body: FormData) {
    this.body = body;
    FakeXHR.sent.push(this);
  }
  abort() {
    this.emit('abort');
  }
  emit(type: string) {
    this.listeners.get(type)?.forEach((fn) => fn());
  }
  respond(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.emit('load');
  }
}

function renderUpload() {
  return renderRoutes([{ path: '/upload', element: <UploadPage /> }], '/upload');
}

const tune = () => new File(['ID3 tune bytes'], 'tune.mp3', { type: 'audio/mpeg' });
const image = () => new File(['png'], 'cover.png', { type: 'image/png' });

beforeEach(() => {
  FakeXHR.sent = [];
  vi.stubGlobal('XMLHttpRequest', FakeXHR);
  let n = 0;
  // jsdom has no object URLs.
  URL.createObjectURL = vi.fn(() => `blob:preview-${++n}`);
  URL.revokeObjectURL = vi.fn();
  resetPlayer();
});

afterEach(() => {
  vi.unstubAllGlobals();
  Reflect.deleteProperty(URL, 'createObjectURL');
  Reflect.deleteProperty(URL, 'revokeObjectURL');
});

describe('the upload page', () => {
  it('has the original app’s fields and checks them before sending anything', async () => {
    const user = userEvent.setup();
    renderUpload();
    expect(screen.getByLabelText('Song name')).toBeRequired();
    expect(screen.getByLabelText('Upload Song')).toHaveAttribute('accept', 'audio/*');
    expect(screen.getByLabelText('Upload Song Cover')).toHaveAttribute('accept', 'image/*');
    expect(screen.getByLabelText('Lyrics')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(screen.getByText('Please give the song a name.')).toBeInTheDocument();
    expect(screen.getByText('Please choose an audio file.')).toBeInTheDocument();
    expect(screen.getByLabelText('Song name')).toHaveFocus();
    expect(FakeXHR.sent).toHaveLength(0);
  });

  it('previews the chosen files and revokes a replaced preview', async () => {
    const user = userEvent.setup();
    renderUpload();
    await user.upload(screen.getByLabelText('Upload Song'), tune());
    const audio = screen.getByLabelText('Preview of the chosen song');
    expect(audio).toHaveAttribute('src', 'blob:preview-1');
    expect(screen.getByText('tune.mp3')).toBeInTheDocument();

    await user.upload(
      screen.getByLabelText('Upload Song'),
      new File(['x'], 'other.mp3', { type: 'audio/mpeg' }),
    );
    expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:preview-1');
    expect(screen.getByLabelText('Preview of the chosen song')).toHaveAttribute(
      'src',
      'blob:preview-2',
    );

    await user.upload(screen.getByLabelText('Upload Song Cover'), image());
    expect(screen.getByRole('img', { name: 'Preview of the chosen cover' })).toHaveAttribute(
      'src',
      'blob:preview-3',
    );
  });

  it('refuses a file over 200 MB without sending it', async () => {
    const user = userEvent.setup();
    renderUpload();
    const big = tune();
    Object.defineProperty(big, 'size', { value: 201 * 1024 * 1024 });
    await user.type(screen.getByLabelText('Song name'), 'Huge');
    await user.upload(screen.getByLabelText('Upload Song'), big);
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(screen.getByText('This file is 201 MB. Songs can be at most 200 MB.')).toBeVisible();
    expect(FakeXHR.sent).toHaveLength(0);
  });

  it("shows the server's message on failure and keeps what was filled in", async () => {
    const user = userEvent.setup();
    renderUpload();
    await user.type(screen.getByLabelText('Song name'), 'Not a song');
    await user.upload(screen.getByLabelText('Upload Song'), tune());
    await user.type(screen.getByLabelText('Lyrics'), 'words');
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    const xhr = FakeXHR.sent[0];
    expect(xhr?.method).toBe('POST');
    expect(xhr?.url).toBe('/api/upload');
    expect(xhr?.body?.get('song')).toBe('Not a song');
    expect((xhr?.body?.get('audio') as File).name).toBe('tune.mp3');
    expect(xhr?.body?.get('text')).toBe('words');
    expect(xhr?.body?.get('cover')).toBeNull();

    xhr?.upload.dispatchEvent(
      new ProgressEvent('progress', { lengthComputable: true, loaded: 40, total: 100 }),
    );
    expect(await screen.findByRole('progressbar', { name: 'Upload progress' })).toHaveAttribute(
      'aria-valuenow',
      '40',
    );

    xhr?.respond(415, { message: 'This file is not an audio file we can play' });
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent(
        'This file is not an audio file we can play',
      ),
    );
    expect(screen.getByLabelText('Song name')).toHaveValue('Not a song');
    expect(screen.getByLabelText('Lyrics')).toHaveValue('words');
    expect(screen.getByLabelText('Preview of the chosen song')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Submit' })).toBeEnabled();
  });

  it('shows a refusal that names a field beside that field, not as a toast', async () => {
    const user = userEvent.setup();
    renderUpload();
    await user.type(screen.getByLabelText('Song name'), 'Not a song');
    await user.upload(screen.getByLabelText('Upload Song'), tune());
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    FakeXHR.sent[0]?.respond(415, {
      message: 'This file is not an audio file we can play',
      field: 'audio',
    });
    const audio = screen.getByLabelText('Upload Song');
    await waitFor(() => expect(audio).toHaveAttribute('aria-invalid', 'true'));
    expect(audio).toHaveAccessibleDescription(
      expect.stringContaining('This file is not an audio file we can play'),
    );
    expect(screen.getByRole('alert')).toBeEmptyDOMElement();

    // The server's '(song)' for API clients is left out beside the field.
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    FakeXHR.sent[1]?.respond(400, {
      message: 'Please give the song a name (song).',
      field: 'song',
    });
    await waitFor(() =>
      expect(screen.getByLabelText('Song name')).toHaveAccessibleDescription(
        'Please give the song a name.',
      ),
    );
  });

  it('announces the new song and offers to play it', async () => {
    const user = userEvent.setup();
    renderUpload();
    await user.type(screen.getByLabelText('Song name'), 'Night Drive');
    await user.upload(screen.getByLabelText('Upload Song'), tune());
    await user.upload(screen.getByLabelText('Upload Song Cover'), image());
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect((FakeXHR.sent[0]?.body?.get('cover') as File).name).toBe('cover.png');

    const song = makeSong('n1', { song: 'Night Drive', artist: 'neon-harbor' });
    FakeXHR.sent[0]?.respond(200, { message: 'success', song });

    expect(await screen.findByText('Uploaded “Night Drive”')).toBeInTheDocument();
    const card = screen.getByRole('region', { name: 'Night Drive' });
    expect(within(card).getByText(/neon harbor/)).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'Go to Songs' })).toHaveAttribute(
      'href',
      '/songs',
    );
    await user.click(within(card).getByRole('button', { name: 'Play' }));
    expect(getPlayerState().queue.map((s) => s._id)).toEqual(['n1']);
    expect(getPlayerState().playing).toBe(true);
  });
});
