import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getPlayerState, playSongs, resetPlayer } from '@/lib/player-store';
import { json } from '@/test/deferred';
import { makeSong } from '@/test/songs';
import { InSession, renderRoutes } from '@/test/utils';
import type { ChatMessage } from '../conversation';
import { ChatWidget } from './ChatWidget';

interface Call {
  method: string;
  url: string;
  accept: string;
  body: Record<string, unknown>;
}

type Answer = Response | Promise<Response>;

/** Replaces fetch: the chat answers from `chat`, other calls from `others` by 'METHOD /path'. */
function mockFetch(
  chat: (body: Record<string, unknown>) => Answer,
  others: Record<string, () => Answer> = {},
) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = String(input);
      const method = init.method ?? 'GET';
      const headers = (init.headers ?? {}) as Record<string, string>;
      const body =
        typeof init.body === 'string' ? (JSON.parse(init.body) as Record<string, unknown>) : {};
      calls.push({ method, url, accept: headers.Accept ?? '', body });
      if (url === '/api/assistant/chat') return chat(body);
      const other = others[`${method} ${url}`];
      if (!other) throw new Error(`unexpected call ${method} ${url}`);
      return other();
    }),
  );
  return calls;
}

/** A streamed answer: the events are written as the test says. */
function eventStream() {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const stream = new ReadableStream<Uint8Array>({
    start(c) {
      controller = c;
    },
  });
  const encoder = new TextEncoder();
  return {
    response: new Response(stream, {
      status: 200,
      headers: { 'Content-Type': 'text/event-stream' },
    }),
    write: (event: string, data: unknown) =>
      controller.enqueue(encoder.encode(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`)),
    close: () => controller.close(),
  };
}

/** A whole streamed answer at once. */
function streamed(reply: string, actions: unknown[] = []): Response {
  const s = eventStream();
  s.write('delta', { text: reply });
  s.write('done', { reply, actions });
  s.close();
  return s.response;
}

function setWidth(width: number) {
  Object.defineProperty(window, 'innerWidth', { configurable: true, value: width });
}

function renderChat() {
  const utils = renderRoutes(
    [
      {
        path: '*',
        element: (
          <InSession>
            <ChatWidget />
          </InSession>
        ),
      },
    ],
    '/home',
  );
  fireEvent.click(screen.getByRole('button', { name: 'Open chat' }));
  return utils;
}

const panel = () => screen.getByRole('dialog', { name: 'Musicify' });
const input = () => within(panel()).getByRole('textbox', { name: 'Enter a message...' });
const log = () => within(panel()).getByRole('log');
const chatCalls = (calls: Call[]) => calls.filter((c) => c.url === '/api/assistant/chat');

beforeEach(() => {
  resetPlayer();
  setWidth(1024);
});

afterEach(() => {
  vi.useRealTimers();
  setWidth(1024);
});

describe('the chat panel', () => {
  it('opens with the welcome message in a polite log, and the box takes the focus', () => {
    mockFetch(() => streamed('Hi'));
    renderChat();
    expect(log()).toHaveAttribute('aria-live', 'polite');
    expect(within(log()).getByText('Welcome to Musicify. How can I help you?')).toBeInTheDocument();
    expect(input()).toHaveFocus();
    expect(within(panel()).getByRole('button', { name: 'Send' })).toBeEnabled();
  });

  it('sends nothing for empty or blank text', async () => {
    const calls = mockFetch(() => streamed('Hi'));
    const user = userEvent.setup();
    renderChat();
    await user.click(within(panel()).getByRole('button', { name: 'Send' }));
    await user.type(input(), '   ');
    await user.click(within(panel()).getByRole('button', { name: 'Send' }));
    await user.type(input(), '{Enter}');
    expect(calls).toHaveLength(0);
    expect(log().querySelector('.chat__bubble--outgoing')).toBeNull();
  });

  it('sends on Enter in a window wider than 800 px, and Shift+Enter adds a line', async () => {
    const calls = mockFetch(() => streamed('Hello!'));
    const user = userEvent.setup();
    setWidth(1024);
    renderChat();
    await user.type(input(), 'first{Shift>}{Enter}{/Shift}line');
    expect(input()).toHaveValue('first\nline');
    expect(calls).toHaveLength(0);
    await user.keyboard('{Enter}');
    expect(chatCalls(calls).map((c) => c.body.message)).toEqual(['first\nline']);
    expect(input()).toHaveValue('');
    expect(within(log()).getByText(/^first\s+line$/)).toHaveClass('chat__bubble--outgoing');
  });

  it('adds a new line on Enter in a window of 800 px or less', async () => {
    const calls = mockFetch(() => streamed('Hello!'));
    const user = userEvent.setup();
    setWidth(600);
    renderChat();
    await user.type(input(), 'hello{Enter}there');
    expect(input()).toHaveValue('hello\nthere');
    expect(calls).toHaveLength(0);
    // The button still sends.
    await user.click(within(panel()).getByRole('button', { name: 'Send' }));
    expect(chatCalls(calls)).toHaveLength(1);
  });

  it('shows the reply no sooner than 600 ms after sending, however fast the server is', async () => {
    vi.useFakeTimers();
    const calls = mockFetch(() => streamed('Here you go.'));
    renderChat();
    fireEvent.change(input(), { target: { value: 'play something' } });
    fireEvent.click(within(panel()).getByRole('button', { name: 'Send' }));
    expect(within(log()).getByText('play something')).toBeInTheDocument();
    expect(chatCalls(calls)[0]?.accept).toBe('text/event-stream');
    await act(() => vi.advanceTimersByTimeAsync(599));
    expect(within(log()).queryByText('Here you go.')).toBeNull();
    expect(within(log()).getByText('Musicify is typing…')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(within(log()).getByText('Here you go.')).toHaveClass('chat__bubble--incoming');
    expect(within(log()).queryByText('Musicify is typing…')).toBeNull();
  });

  it('shows a streamed reply from 600 ms on, as it grows, then the whole answer', async () => {
    vi.useFakeTimers();
    const s = eventStream();
    mockFetch(() => s.response);
    renderChat();
    fireEvent.change(input(), { target: { value: 'hello' } });
    fireEvent.click(within(panel()).getByRole('button', { name: 'Send' }));
    await act(async () => {
      s.write('delta', { text: 'Hel' });
      await vi.advanceTimersByTimeAsync(100);
    });
    expect(within(log()).queryByText('Hel')).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(500));
    expect(within(log()).getByText('Hel')).toHaveClass('chat__bubble--streaming');
    await act(async () => {
      s.write('delta', { text: 'lo there' });
      await vi.advanceTimersByTimeAsync(10);
    });
    expect(within(log()).getByText('Hello there')).toBeInTheDocument();
    await act(async () => {
      s.write('done', { reply: 'Hello there!', actions: [] });
      s.close();
      await vi.advanceTimersByTimeAsync(10);
    });
    expect(within(log()).getByText('Hello there!')).not.toHaveClass('chat__bubble--streaming');
    expect(log().querySelectorAll('.chat__bubble--incoming')).toHaveLength(2);
  });

  it('keeps the log busy while a reply streams, so only the whole reply is announced', async () => {
    vi.useFakeTimers();
    const s = eventStream();
    mockFetch(() => s.response);
    renderChat();
    expect(log()).not.toHaveAttribute('aria-busy');
    fireEvent.change(input(), { target: { value: 'hello' } });
    fireEvent.click(within(panel()).getByRole('button', { name: 'Send' }));
    await act(async () => {
      s.write('delta', { text: 'Hel' });
      await vi.advanceTimersByTimeAsync(600);
    });
    expect(log()).toHaveAttribute('aria-busy', 'true');
    const growing = within(log()).getByText('Hel');
    expect(growing).toHaveAttribute('aria-hidden', 'true');
    await act(async () => {
      s.write('delta', { text: 'lo' });
      await vi.advanceTimersByTimeAsync(10);
    });
    expect(log()).toHaveAttribute('aria-busy', 'true');
    await act(async () => {
      s.write('done', { reply: 'Hello!', actions: [] });
      s.close();
      await vi.advanceTimersByTimeAsync(10);
    });
    expect(log()).not.toHaveAttribute('aria-busy');
    expect(within(log()).getByText('Hello!')).not.toHaveAttribute('aria-hidden');
  });

  it('drops what the old reply still sends once a new conversation starts', async () => {
    vi.useFakeTimers();
    const old = eventStream();
    const next = eventStream();
    let n = 0;
    mockFetch(() => {
      n += 1;
      return n === 1 ? old.response : next.response;
    });
    renderChat();
    fireEvent.change(input(), { target: { value: 'hello' } });
    fireEvent.click(within(panel()).getByRole('button', { name: 'Send' }));
    await act(async () => {
      old.write('delta', { text: 'Old ' });
      await vi.advanceTimersByTimeAsync(600);
    });
    expect(within(log()).getByText('Old')).toBeInTheDocument();

    fireEvent.click(within(panel()).getByRole('button', { name: 'Start a new conversation' }));
    fireEvent.change(input(), { target: { value: 'again' } });
    fireEvent.click(within(panel()).getByRole('button', { name: 'Send' }));
    // The old stream was read on before the abort: its pieces and its end come late.
    await act(async () => {
      old.write('delta', { text: 'reply' });
      await vi.advanceTimersByTimeAsync(700);
    });
    expect(within(log()).queryByText(/Old/)).toBeNull();
    expect(log()).not.toHaveAttribute('aria-busy');
    expect(within(log()).getByText('Musicify is typing…')).toBeInTheDocument();
    await act(async () => {
      old.write('done', { reply: 'Old reply', actions: [] });
      old.close();
      next.write('delta', { text: 'New' });
      await vi.advanceTimersByTimeAsync(10);
    });
    expect(within(log()).queryByText(/Old/)).toBeNull();
    expect(within(log()).getByText('New')).toHaveClass('chat__bubble--streaming');
    await act(async () => {
      next.write('done', { reply: 'New reply', actions: [] });
      next.close();
      await vi.advanceTimersByTimeAsync(10);
    });
    expect(within(log()).getByText('New reply')).toBeInTheDocument();
    expect(within(log()).queryByText(/Old/)).toBeNull();
    expect(log().querySelectorAll('.chat__bubble--outgoing')).toHaveLength(1);
  });

  it('answers a failure with the error bubble, no sooner than 600 ms', async () => {
    vi.useFakeTimers();
    mockFetch(() => json(500, {}));
    renderChat();
    fireEvent.change(input(), { target: { value: 'hello' } });
    fireEvent.click(within(panel()).getByRole('button', { name: 'Send' }));
    await act(() => vi.advanceTimersByTimeAsync(599));
    expect(within(log()).queryByText(/Oops!/)).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(1));
    const bubble = within(log()).getByText('Oops! Something went wrong. Please try again.');
    expect(bubble).toHaveClass('chat__bubble--incoming', 'chat__bubble--error');
  });

  it('shows the error bubble with the reason when the stream reports an error', async () => {
    const s = eventStream();
    s.write('error', { message: "The assistant's language model could not be reached." });
    s.close();
    mockFetch(() => s.response);
    const user = userEvent.setup();
    renderChat();
    await user.type(input(), 'hello{Enter}');
    const bubble = await within(log()).findByText(/Oops! Something went wrong/);
    expect(bubble).toHaveTextContent("The assistant's language model could not be reached.");
  });

  it('keeps the conversation for the session and sends it as history, without error bubbles', async () => {
    let n = 0;
    const calls = mockFetch(() => {
      n += 1;
      return n === 2 ? json(500, {}) : streamed(`Answer ${n}`);
    });
    const user = userEvent.setup();
    const { unmount } = renderChat();
    await user.type(input(), 'one{Enter}');
    await within(log()).findByText('Answer 1');
    await user.type(input(), 'two{Enter}');
    await within(log()).findByText(/Oops!/);
    await user.type(input(), 'three{Enter}');
    await within(log()).findByText('Answer 3');

    expect(chatCalls(calls).map((c) => c.body.history)).toEqual([
      [],
      [
        { role: 'user', text: 'one' },
        { role: 'assistant', text: 'Answer 1' },
      ],
      [
        { role: 'user', text: 'one' },
        { role: 'assistant', text: 'Answer 1' },
        { role: 'user', text: 'two' },
      ],
    ]);
    // 'Answer 3' shows while it streams, a moment before the finished reply
    // is kept: wait for what the tab keeps, not for the bubble.
    await waitFor(() => {
      const saved = JSON.parse(sessionStorage.getItem('musicify.chat.u1') ?? '[]') as ChatMessage[];
      expect(saved.map((m) => [m.type, m.text])).toEqual([
        ['outgoing', 'one'],
        ['incoming', 'Answer 1'],
        ['outgoing', 'two'],
        ['error', 'Oops! Something went wrong. Please try again.'],
        ['outgoing', 'three'],
        ['incoming', 'Answer 3'],
      ]);
    });

    // A reload of the page brings the conversation back.
    unmount();
    renderChat();
    expect(within(log()).getByText('Answer 1')).toBeInTheDocument();
    expect(within(log()).getByText('three')).toBeInTheDocument();
  });

  it('sends only the last 20 messages as history', async () => {
    const earlier: ChatMessage[] = Array.from({ length: 30 }, (_, i) => ({
      id: `m${i}`,
      type: i % 2 === 0 ? 'outgoing' : 'incoming',
      text: `message ${i}`,
    }));
    sessionStorage.setItem('musicify.chat.u1', JSON.stringify(earlier));
    const calls = mockFetch(() => streamed('ok'));
    const user = userEvent.setup();
    renderChat();
    await user.type(input(), 'next one{Enter}');
    await within(log()).findByText('ok');
    const history = chatCalls(calls)[0]?.body.history as { text: string }[];
    expect(history).toHaveLength(20);
    expect(history[0]?.text).toBe('message 10');
    expect(history[19]?.text).toBe('message 29');
  });

  it('reads a plain JSON answer when the server does not stream', async () => {
    mockFetch(() => json(200, { reply: 'Plain and simple.', actions: [] }));
    const user = userEvent.setup();
    renderChat();
    await user.type(input(), 'hi{Enter}');
    expect(await within(log()).findByText('Plain and simple.')).toBeInTheDocument();
  });
});

describe('the suggestions', () => {
  it('sends a suggestion and hands the focus to the box', async () => {
    const calls = mockFetch(() => streamed('Lots of things.'));
    const user = userEvent.setup();
    renderChat();
    await user.click(within(log()).getByRole('button', { name: "What's popular right now?" }));
    expect(chatCalls(calls).map((c) => c.body.message)).toEqual(["What's popular right now?"]);
    expect(within(log()).queryByRole('button', { name: 'Recommend me something' })).toBeNull();
    expect(document.activeElement).toBe(input());
    await within(log()).findByText('Lots of things.');
  });
});

describe('the actions under a reply', () => {
  const songs = [makeSong('s1', { song: 'Yellow Submarine Dreams' }), makeSong('s2')];

  it('sends the player with the message and acts on the player at once, without a button', async () => {
    playSongs([makeSong('a'), makeSong('b')], 0);
    const calls = mockFetch(() =>
      streamed('Skipping to the next song.', [{ type: 'next', label: 'next' }]),
    );
    const user = userEvent.setup();
    renderChat();
    await user.type(input(), 'skip this{Enter}');
    await within(log()).findByText('Skipping to the next song.');
    expect(chatCalls(calls)[0]?.body.player).toMatchObject({ song: 'a', queue: ['a', 'b'] });
    expect(getPlayerState().index).toBe(1);
    expect(within(log()).queryByRole('button', { name: 'next' })).toBeNull();
  });

  it('plays at once what a play request asks for, and keeps its button', async () => {
    mockFetch(() =>
      streamed('Here are 2 songs.', [
        { type: 'play', label: 'Play lo-fi songs', songs, now: true },
      ]),
    );
    const user = userEvent.setup();
    renderChat();
    await user.type(input(), 'play some lo-fi{Enter}');
    expect(await screen.findByRole('button', { name: 'Play lo-fi songs' })).toBeInTheDocument();
    expect(getPlayerState().queue.map((s) => s._id)).toEqual(['s1', 's2']);
    expect(getPlayerState().playing).toBe(true);
  });

  it('plays the songs it offers', async () => {
    mockFetch(() =>
      streamed('I found it.', [{ type: 'play', label: 'Play “Yellow Submarine Dreams”', songs }]),
    );
    const user = userEvent.setup();
    renderChat();
    await user.type(input(), 'play yellow submarine dreams{Enter}');
    await user.click(await screen.findByRole('button', { name: 'Play “Yellow Submarine Dreams”' }));
    expect(getPlayerState().queue.map((s) => s._id)).toEqual(['s1', 's2']);
    expect(getPlayerState().playing).toBe(true);
  });

  it('opens a playlist', async () => {
    mockFetch(() =>
      streamed('Here it is.', [
        { type: 'open_playlist', label: 'Open “Road Trip”', playlist: 'p9' },
      ]),
    );
    const user = userEvent.setup();
    const { router } = renderChat();
    await user.type(input(), 'open my playlist road trip{Enter}');
    await user.click(await screen.findByRole('button', { name: 'Open “Road Trip”' }));
    expect(router.state.location.pathname).toBe('/player/p9');
  });

  it('creates a playlist, adds each song in order, says so and opens it', async () => {
    const playlist = { _id: 'p1', id: 'p1', name: 'Focus', owner: 'ann', mine: true };
    const calls = mockFetch(
      () =>
        streamed('I can make it.', [
          { type: 'create_playlist', label: 'Create “Focus”', name: 'Focus', songs },
        ]),
      {
        'POST /api/playlist/create': () => json(200, { message: 'success', playlist }),
        'PUT /api/playlist/add': () => json(200, { message: 'success', playlist }),
      },
    );
    const user = userEvent.setup();
    const { router } = renderChat();
    await user.type(input(), 'make a playlist called Focus{Enter}');
    await user.click(await screen.findByRole('button', { name: 'Create “Focus”' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/player/p1'));
    const writes = calls.filter((c) => c.url.startsWith('/api/playlist'));
    expect(writes.map((c) => [c.method, c.url, c.body])).toEqual([
      ['POST', '/api/playlist/create', { name: 'Focus' }],
      ['PUT', '/api/playlist/add', { id: 'p1', songs: 's1' }],
      ['PUT', '/api/playlist/add', { id: 'p1', songs: 's2' }],
    ]);
    expect(screen.getByRole('status')).toHaveTextContent('Created “Focus” with 2 songs');
  });

  it('adds the songs to one of my playlists, says so and opens it', async () => {
    const playlist = { _id: 'p7', id: 'p7', name: 'Focus Flow', owner: 'ann', mine: true };
    let adds = 0;
    const calls = mockFetch(
      () =>
        streamed('I can add them.', [
          { type: 'add_to_playlist', label: 'Add to “Focus Flow”', playlist: 'p7', songs },
        ]),
      {
        // The second song is in the playlist already.
        'PUT /api/playlist/add': () =>
          ++adds === 1
            ? json(200, { message: 'success', playlist })
            : json(409, { message: 'This song is already in the playlist.' }),
      },
    );
    const user = userEvent.setup();
    const { router } = renderChat();
    await user.type(input(), 'add them to focus{Enter}');
    await user.click(await screen.findByRole('button', { name: 'Add to “Focus Flow”' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/player/p7'));
    const writes = calls.filter((c) => c.url.startsWith('/api/playlist'));
    expect(writes.map((c) => [c.method, c.url, c.body])).toEqual([
      ['PUT', '/api/playlist/add', { id: 'p7', songs: 's1' }],
      ['PUT', '/api/playlist/add', { id: 'p7', songs: 's2' }],
    ]);
    expect(screen.getByRole('status')).toHaveTextContent('Added 1 song; 1 song already there');
  });

  it('remembers the playlist it made for the session: a reload still opens it', async () => {
    const playlist = { _id: 'p1', id: 'p1', name: 'Focus', owner: 'ann', mine: true };
    const calls = mockFetch(
      () =>
        streamed('I can make it.', [
          { type: 'create_playlist', label: 'Create “Focus”', name: 'Focus', songs },
        ]),
      {
        'POST /api/playlist/create': () => json(200, { message: 'success', playlist }),
        'PUT /api/playlist/add': () => json(200, { message: 'success', playlist }),
      },
    );
    const user = userEvent.setup();
    const first = renderChat();
    await user.type(input(), 'make a playlist called Focus{Enter}');
    await user.click(await screen.findByRole('button', { name: 'Create “Focus”' }));
    await waitFor(() => expect(first.router.state.location.pathname).toBe('/player/p1'));
    // The router moves before React commits the conversation it keeps.
    await waitFor(() => {
      const saved = JSON.parse(sessionStorage.getItem('musicify.chat.u1') ?? '[]') as ChatMessage[];
      expect(saved[1]?.actions?.[0]).toMatchObject({ type: 'create_playlist', created: 'p1' });
    });

    // Closing the panel, then a reload of the page.
    fireEvent.click(within(panel()).getByRole('button', { name: 'Close chat' }));
    fireEvent.click(screen.getByRole('button', { name: 'Open chat' }));
    first.unmount();
    const { router } = renderChat();
    await user.click(screen.getByRole('button', { name: 'Create “Focus”' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/player/p1'));
    expect(calls.filter((c) => c.url === '/api/playlist/create')).toHaveLength(1);
  });

  it('opens the playlist of that name the caller has already, instead of an error', async () => {
    const focus = { _id: 'p7', id: 'p7', name: 'focus', owner: 'ann', mine: true };
    const other = { _id: 'p3', id: 'p3', name: 'Focus music', owner: 'ann', mine: true };
    const calls = mockFetch(
      () =>
        streamed('I can make it.', [
          { type: 'create_playlist', label: 'Create “Focus”', name: 'Focus', songs },
        ]),
      {
        'POST /api/playlist/create': () =>
          json(409, { message: 'You already have a playlist called “Focus”.' }),
        'GET /api/playlist/all': () => json(200, [other, focus]),
      },
    );
    const user = userEvent.setup();
    const { router } = renderChat();
    await user.type(input(), 'make a playlist called Focus{Enter}');
    await user.click(await screen.findByRole('button', { name: 'Create “Focus”' }));
    await waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent(
        '“focus” is already one of your playlists.',
      ),
    );
    expect(router.state.location.pathname).toBe('/player/p7');
    expect(screen.getByRole('alert')).toBeEmptyDOMElement();
    // Nothing is added to a playlist that was there already.
    expect(calls.filter((c) => c.url === '/api/playlist/add')).toHaveLength(0);
    await waitFor(() => {
      const saved = JSON.parse(sessionStorage.getItem('musicify.chat.u1') ?? '[]') as ChatMessage[];
      expect(saved[1]?.actions?.[0]?.created).toBe('p7');
    });
  });

  it('says why a playlist could not be made', async () => {
    mockFetch(
      () =>
        streamed('I can make it.', [
          { type: 'create_playlist', label: 'Create “Focus”', name: 'Focus', songs },
        ]),
      {
        'POST /api/playlist/create': () =>
          json(409, { message: 'You already have a playlist called “Focus”.' }),
        // The playlist of that name is not to be found among the caller's.
        'GET /api/playlist/all': () =>
          json(200, [{ _id: 'p3', id: 'p3', name: 'Focus music', owner: 'ann', mine: true }]),
      },
    );
    const user = userEvent.setup();
    const { router } = renderChat();
    await user.type(input(), 'make a playlist called Focus{Enter}');
    await user.click(await screen.findByRole('button', { name: 'Create “Focus”' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'You already have a playlist called “Focus”.',
    );
    expect(router.state.location.pathname).toBe('/home');
  });
});
