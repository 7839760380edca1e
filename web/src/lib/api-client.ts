/**
 * An API call that failed: status is the HTTP status (0 when the server could
 * not be reached); field is the input the server says the message is about.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly field: string | undefined;
  /** Every field the server refused with its message, when it named several. */
  readonly fields: Readonly<Record<string, string>>;

  constructor(
    status: number,
    message: string,
    field?: string,
    fields: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.field = field;
    this.fields = fields;
  }
}

export const NETWORK_ERROR_MESSAGE =
  "We couldn't reach Musicify. Check your connection and try again.";

/** The sentence to show when the server sent no message of its own. */
export function fallbackMessage(status: number): string {
  if (status === 401) return 'Please log in to continue.';
  if (status === 404) return 'We could not find what you were looking for.';
  if (status === 429) return 'Too many attempts. Please wait a moment and try again.';
  if (status >= 500) return 'Something went wrong on our side. Please try again.';
  return 'Something went wrong. Please try again.';
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** A write that could not reach the server, offered to the offline queue. */
export interface DeferrableWrite {
  method: Exclude<Method, 'GET'>;
  path: string;
  body?: unknown;
}

/** The answer a write kept for later gets: the screen goes on as if it was sent. */
export const QUEUED_ANSWER = { message: 'Saved offline; it is sent when you are back online.' };

let deferWrite: ((write: DeferrableWrite) => boolean) | null = null;

/**
 * Installs the offline queue (lib/offline): it keeps listens, likes and
 * playlist edits made without a connection, returning true when it kept one.
 */
export function setWriteDeferral(fn: ((write: DeferrableWrite) => boolean) | null): void {
  deferWrite = fn;
}

export interface RequestOptions {
  method?: Method;
  /** Sent as JSON; a FormData goes as multipart, as it is. */
  body?: unknown;
  signal?: AbortSignal;
}

async function readJSON(res: Response): Promise<unknown> {
  const text = await res.text();
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function fieldOf(body: unknown): string | undefined {
  if (body && typeof body === 'object' && 'field' in body) {
    const { field } = body as { field: unknown };
    if (typeof field === 'string' && field !== '') return field;
  }
  return undefined;
}

function fieldsOf(body: unknown): Record<string, string> {
  if (!body || typeof body !== 'object' || !('fields' in body)) return {};
  const { fields } = body as { fields: unknown };
  if (!fields || typeof fields !== 'object') return {};
  return Object.fromEntries(
    Object.entries(fields).filter((e): e is [string, string] => typeof e[1] === 'string'),
  );
}

function messageOf(body: unknown): string | undefined {
  if (body && typeof body === 'object' && 'message' in body) {
    const { message } = body as { message: unknown };
    if (typeof message === 'string' && message.trim() !== '') return message;
  }
  return undefined;
}

/**
 * Calls the Musicify API on the same origin with the session cookie. A
 * failed call throws ApiError carrying the status and the server's message.
 */
export async function api<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const { method = 'GET', body, signal } = options;
  const headers: Record<string, string> = { Accept: 'application/json' };
  const multipart = typeof FormData !== 'undefined' && body instanceof FormData;
  // The browser writes the multipart Content-Type itself, with its boundary.
  if (body !== undefined && !multipart) headers['Content-Type'] = 'application/json';

  let res: Response;
  try {
    res = await fetch(path, {
      method,
      headers,
      body: body === undefined ? undefined : multipart ? (body as FormData) : JSON.stringify(body),
      credentials: 'same-origin',
      signal,
    });
  } catch (err) {
    if (err instanceof DOMException && err.name === 'AbortError') throw err;
    if (method !== 'GET' && !multipart && deferWrite?.({ method, path, body })) {
      return { ...QUEUED_ANSWER } as T;
    }
    throw new ApiError(0, NETWORK_ERROR_MESSAGE);
  }

  const data = await readJSON(res);
  if (!res.ok) {
    throw new ApiError(
      res.status,
      messageOf(data) ?? fallbackMessage(res.status),
      fieldOf(data),
      fieldsOf(data),
    );
  }
  // Done (204) or taken on (202), with nothing to say.
  if ((res.status === 204 || res.status === 202) && data === undefined) return undefined as T;
  if (data === undefined) {
    throw new ApiError(
      res.status,
      'The server sent an answer we could not read. Please try again.',
    );
  }
  return data as T;
}

/** The message to show for any error thrown by a call or a mutation. */
export function errorMessage(err: unknown): string {
  if (err instanceof ApiError) return err.message;
  return 'Something went wrong. Please try again.';
}

/**
 * The refusal of a form's input as { field, message } when the server named
 * one of `fields`, else null (the message is then for the whole form). The
 * '(field)' the server adds for API clients is left out beside the field.
 */
export function fieldError<F extends string>(
  err: unknown,
  fields: readonly F[],
): { field: F; message: string } | null {
  if (!(err instanceof ApiError) || err.field === undefined) return null;
  const field = fields.find((f) => f === err.field);
  if (field === undefined) return null;
  return { field, message: besideField(err.message, field) };
}

/** The '(field)' the server adds for API clients is left out beside the field. */
function besideField(message: string, field: string): string {
  return message.replace(` (${field}).`, '.').replace(` (${field})`, '');
}

/**
 * Every one of `fields` the server refused, as field → message: the ones its
 * answer lists, or the one it named.
 */
export function fieldErrors<F extends string>(
  err: unknown,
  fields: readonly F[],
): Partial<Record<F, string>> {
  if (!(err instanceof ApiError)) return {};
  const out: Partial<Record<F, string>> = {};
  for (const f of fields) {
    const message = err.fields[f] ?? (err.field === f ? err.message : undefined);
    if (message !== undefined) out[f] = besideField(message, f);
  }
  return out;
}
