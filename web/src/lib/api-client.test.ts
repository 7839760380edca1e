import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  ApiError,
  NETWORK_ERROR_MESSAGE,
  QUEUED_ANSWER,
  api,
  errorMessage,
  fieldError,
  fieldErrors,
  setWriteDeferral,
} from './api-client';

function stubFetch(impl: () => Promise<Response>) {
  const fn = vi.fn(impl);
  vi.stubGlobal('fetch', fn);
  return fn;
}

afterEach(() => vi.unstubAllGlobals());

describe('api', () => {
  it('returns the JSON of a successful answer and sends JSON with same-origin cookies', async () => {
    const fetch = stubFetch(async () => Response.json({ okay: 123, message: 'sent' }));
    await expect(
      api('/api/auth/cheak', { method: 'POST', body: { email: 'a@b.co' } }),
    ).resolves.toEqual({
      okay: 123,
      message: 'sent',
    });
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/auth/cheak');
    expect(init.method).toBe('POST');
    expect(init.credentials).toBe('same-origin');
    expect(init.body).toBe('{"email":"a@b.co"}');
    expect((init.headers as Record<string, string>)['Content-Type']).toBe('application/json');
  });

  it("throws an ApiError with the status and the server's message", async () => {
    stubFetch(async () =>
      Response.json({ message: 'Wrong username or password' }, { status: 401 }),
    );
    const err = await api('/api/auth/login').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ status: 401, message: 'Wrong username or password' });
    expect(errorMessage(err)).toBe('Wrong username or password');
  });

  it('falls back to a sentence by status when the error has no message', async () => {
    stubFetch(async () => new Response('<html>bad gateway</html>', { status: 502 }));
    await expect(api('/api/verified')).rejects.toMatchObject({
      status: 502,
      message: 'Something went wrong on our side. Please try again.',
    });
    stubFetch(async () => Response.json({}, { status: 429 }));
    await expect(api('/api/verified')).rejects.toMatchObject({
      status: 429,
      message: 'Too many attempts. Please wait a moment and try again.',
    });
  });

  it('turns a network failure into an ApiError with status 0', async () => {
    stubFetch(async () => {
      throw new TypeError('Failed to fetch');
    });
    await expect(api('/api/verified')).rejects.toMatchObject({
      status: 0,
      message: NETWORK_ERROR_MESSAGE,
    });
  });

  it('rejects a successful answer that is not JSON', async () => {
    stubFetch(async () => new Response('not json', { status: 200 }));
    await expect(api('/api/verified')).rejects.toBeInstanceOf(ApiError);
  });

  it('takes 204 No Content as done', async () => {
    stubFetch(async () => new Response(null, { status: 204 }));
    await expect(api('/api/devices/d1', { method: 'DELETE' })).resolves.toBeUndefined();
  });

  it('gives a generic sentence for errors that are not ApiErrors', () => {
    expect(errorMessage(new Error('secret stack detail'))).toBe(
      'Something went wrong. Please try again.',
    );
  });
});

describe('fieldError', () => {
  it('carries the field the server names, for a form that has it', async () => {
    stubFetch(async () =>
      Response.json(
        { message: 'This username is already taken', field: 'username' },
        { status: 409 },
      ),
    );
    const err = await api('/api/auth/cheak').catch((e: unknown) => e);
    expect(err).toMatchObject({ status: 409, field: 'username' });
    expect(fieldError(err, ['email', 'username'])).toEqual({
      field: 'username',
      message: 'This username is already taken',
    });
    expect(fieldError(err, ['email'])).toBeNull();
  });

  it('leaves out the "(field)" meant for API clients', () => {
    const err = new ApiError(400, 'Please give the station a name (name).', 'name');
    expect(fieldError(err, ['name'])?.message).toBe('Please give the station a name.');
  });

  it('is null for a refusal about no field', () => {
    expect(fieldError(new ApiError(429, 'Too many attempts.'), ['password'])).toBeNull();
    expect(fieldError(new Error('x'), ['password'])).toBeNull();
  });
});

describe('fieldErrors', () => {
  it('reads every field the server lists, beside the one it named', async () => {
    stubFetch(async () =>
      Response.json(
        {
          message: 'Please enter a valid email address',
          field: 'email',
          fields: {
            email: 'Please enter a valid email address',
            username: 'Please choose a username',
            x: 3,
          },
        },
        { status: 400 },
      ),
    );
    const err = await api('/api/auth/cheak').catch((e: unknown) => e);
    expect(fieldErrors(err, ['email', 'password', 'username'])).toEqual({
      email: 'Please enter a valid email address',
      username: 'Please choose a username',
    });
  });

  it('falls back to the one field named, and to nothing for other errors', () => {
    const err = new ApiError(409, 'This username is already taken', 'username');
    expect(fieldErrors(err, ['email', 'username'])).toEqual({
      username: 'This username is already taken',
    });
    expect(fieldErrors(new Error('x'), ['email'])).toEqual({});
  });
});

describe('api with the offline queue', () => {
  afterEach(() => setWriteDeferral(null));

  it('answers a write the queue kept as if it was sent', async () => {
    stubFetch(async () => {
      throw new TypeError('Failed to fetch');
    });
    const kept: unknown[] = [];
    setWriteDeferral((write) => {
      kept.push(write);
      return true;
    });
    await expect(api('/api/like/add', { method: 'POST', body: { song: 's1' } })).resolves.toEqual(
      QUEUED_ANSWER,
    );
    expect(kept).toEqual([{ method: 'POST', path: '/api/like/add', body: { song: 's1' } }]);
  });

  it('fails as before when the queue does not keep it, and never offers a read', async () => {
    stubFetch(async () => {
      throw new TypeError('Failed to fetch');
    });
    const offer = vi.fn(() => false);
    setWriteDeferral(offer);
    await expect(api('/api/upload', { method: 'POST', body: {} })).rejects.toMatchObject({
      status: 0,
      message: NETWORK_ERROR_MESSAGE,
    });
    offer.mockReturnValue(true);
    await expect(api('/api/like/all')).rejects.toMatchObject({ status: 0 });
    expect(offer).toHaveBeenCalledTimes(1);
  });
});
