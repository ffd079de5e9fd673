/** Uploads with progress (a product photo, a catalogue CSV, a membership request's documents): XMLHttpRequest reports the bytes sent, fetch does not. */
import * as z from '../domain/zod.ts';
import { $tokens } from '../features/account/tokens.store.ts';
import { api, type ApiClient } from './api.ts';

/** What to send, where, and who hears how far it got (0 to 1). */
export interface Upload {
  method: 'PUT' | 'POST';
  path: string;
  body: Blob | string | FormData;
  /** The body's Content-Type; absent for a FormData, whose boundary the browser writes. */
  type?: string;
  onProgress?: (fraction: number) => void;
  client?: ApiClient;
}

/** A refused or failed upload, shaped like the client's errors (`status`, `data.message`) so screens read both alike. */
class UploadError extends Error {
  readonly status: number;
  readonly data: unknown;
  constructor(status: number, data: unknown) {
    super(`Envoi refusé (${status || 'réseau'})`);
    this.status = status;
    this.data = data;
  }
}

function sendOnce(u: Upload, token: string | undefined): Promise<{ status: number; data: unknown }> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(u.method, `${import.meta.env.PUBLIC_API_URL ?? ''}${u.path}`);
    if (u.type) xhr.setRequestHeader('Content-Type', u.type);
    xhr.setRequestHeader('Accept', 'application/json');
    if (token) xhr.setRequestHeader('Access-Token', token);
    // The browser parses the answer (null when it is not JSON); callers decode it with zod.
    xhr.responseType = 'json';
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) u.onProgress?.(e.loaded / e.total);
    };
    xhr.onload = () => resolve({ status: xhr.status, data: xhr.response as unknown });
    xhr.onerror = () => reject(new UploadError(0, { message: 'Envoi impossible. Vérifiez votre connexion puis réessayez.' }));
    xhr.send(u.body);
  });
}

/** Sends `u`, with the stored token and one refresh on 401 as api.ts does; decodes the answer with `schema`, logs `message` (§8) on failure. */
export async function upload<S extends z.core.$ZodType>(schema: S, message: string, u: Upload): Promise<z.output<S>> {
  const client = u.client ?? api;
  try {
    let res = await sendOnce(u, $tokens.get().accessToken);
    if (res.status === 401 && $tokens.get().refreshToken) res = await sendOnce(u, await client.refresh());
    if (res.status < 200 || res.status >= 300) throw new UploadError(res.status, res.data);
    return z.parse(schema, res.data);
  } catch (error) {
    client.log(message, error);
    throw error;
  }
}
