/** Wave's webhook signature: `Wave-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t><raw body>">` (several v1 while a secret rotates). */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { WebhookRefused } from './provider.ts';

/** How far a signature's timestamp may be from our clock. */
export const SIGNATURE_TOLERANCE_SECONDS = 300;

/** The `Wave-Signature` header for `body` sent at `t` (the demo provider signs its events with it; tests too). */
export function signWave(secret: string, t: number, body: string): string {
  return `t=${t},v1=${createHmac('sha256', secret).update(`${t}${body}`).digest('hex')}`;
}

/** Throws `WebhookRefused` unless one `v1` of `header` is the HMAC of `<t><body>` and `t` is within the tolerance of `now`. */
export function verifyWaveSignature(secret: string | null, header: string | undefined, body: string, now: Date): void {
  if (!secret) throw new WebhookRefused(401, 'Webhook refusé : aucun secret de webhook n’est configuré (WAVE_WEBHOOK_SECRET).');
  if (!header) throw new WebhookRefused(401, 'Webhook refusé : en-tête Wave-Signature absent.');
  const parts = header.split(',').map((p) => p.trim().split('=', 2) as [string, string | undefined]);
  const t = parts.find(([k]) => k === 't')?.[1];
  const signatures = parts.filter(([k, v]) => k === 'v1' && v).map(([, v]) => v!);
  if (!t || !/^\d{1,12}$/.test(t) || signatures.length === 0)
    throw new WebhookRefused(401, 'Webhook refusé : en-tête Wave-Signature illisible.');
  if (Math.abs(now.getTime() / 1000 - Number(t)) > SIGNATURE_TOLERANCE_SECONDS)
    throw new WebhookRefused(401, 'Webhook refusé : horodatage trop ancien ou dans le futur.');
  const expected = createHmac('sha256', secret).update(`${t}${body}`).digest();
  const ok = signatures.some((sig) => {
    if (!/^[0-9a-f]{64}$/i.test(sig)) return false;
    return timingSafeEqual(expected, Buffer.from(sig, 'hex'));
  });
  if (!ok) throw new WebhookRefused(401, 'Webhook refusé : signature invalide.');
}
