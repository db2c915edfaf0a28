// The local service's admin surface (/admin/, bearer token) as tests drive it.
import type { RunningSandbox } from '../../electron/localservice';

export type Admin = <T = Record<string, unknown>>(method: string, path: string, body?: unknown) => Promise<T>;

/**
 * A client of a running service's admin surface: the parsed JSON answer, or an Error naming the
 * call and the service's answer. `service` may be a getter for a service the test restarts.
 */
export function sandboxAdmin(service: RunningSandbox | (() => RunningSandbox)): Admin {
  return async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    const s = typeof service === 'function' ? service() : service;
    const res = await fetch(new URL(path, s.adminUrl), {
      method,
      headers: { authorization: `Bearer ${s.adminToken}`, 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`admin ${method} ${path}: ${res.status} ${text}`);
    return (text === '' ? undefined : JSON.parse(text)) as T;
  };
}
