import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { SIGNATURE_TOLERANCE_SECONDS, signWave, verifyWaveSignature } from './signature.ts';

const SECRET = 'wave_sn_WHS_0123456789abcdef';
const BODY = '{"id":"AE_1","type":"checkout.session.completed","data":{"amount":"1000"}}';
const NOW = new Date('2026-11-21T10:00:00Z');
const T = NOW.getTime() / 1000;
// Wave's scheme, written out independently: hex HMAC-SHA256 of the timestamp followed directly by the raw body.
const mac = (t: number, body = BODY, secret = SECRET) => createHmac('sha256', secret).update(`${t}${body}`).digest('hex');

describe('Wave-Signature', () => {
  it('signs as Wave documents it', () => {
    expect(signWave(SECRET, T, BODY)).toBe(`t=${T},v1=${mac(T)}`);
  });

  it.each<[string, string | undefined, string | null]>([
    ['a good signature', `t=${T},v1=${mac(T)}`, null],
    ['one good v1 among several (a secret being rotated)', `t=${T},v1=${'0'.repeat(64)},v1=${mac(T)}`, null],
    ['spaces after the commas', `t=${T}, v1=${mac(T)}`, null],
    ['a timestamp at the edge of the tolerance', `t=${T - SIGNATURE_TOLERANCE_SECONDS},v1=${mac(T - SIGNATURE_TOLERANCE_SECONDS)}`, null],
    ['no header', undefined, 'en-tête Wave-Signature absent'],
    ['no timestamp', `v1=${mac(T)}`, 'illisible'],
    ['no v1', `t=${T}`, 'illisible'],
    ['a stale timestamp', `t=${T - SIGNATURE_TOLERANCE_SECONDS - 1},v1=${mac(T - SIGNATURE_TOLERANCE_SECONDS - 1)}`, 'horodatage'],
    ['a timestamp in the future', `t=${T + SIGNATURE_TOLERANCE_SECONDS + 1},v1=${mac(T + SIGNATURE_TOLERANCE_SECONDS + 1)}`, 'horodatage'],
    ['another secret', `t=${T},v1=${mac(T, BODY, 'another-secret')}`, 'signature invalide'],
    ['the signature of another body', `t=${T},v1=${mac(T, BODY.replace('1000', '100'))}`, 'signature invalide'],
    ['the signature of another timestamp', `t=${T},v1=${mac(T - 1)}`, 'signature invalide'],
    ['a truncated signature', `t=${T},v1=${mac(T).slice(0, 63)}`, 'signature invalide'],
    ['a signature that is not hex', `t=${T},v1=${'z'.repeat(64)}`, 'signature invalide'],
  ])('%s', (_l, header, refusal) => {
    const run = () => verifyWaveSignature(SECRET, header, BODY, NOW);
    if (refusal === null) expect(run).not.toThrow();
    else expect(run).toThrow(refusal);
  });

  it('refuses everything when no secret is configured', () => {
    expect(() => verifyWaveSignature(null, `t=${T},v1=${mac(T)}`, BODY, NOW)).toThrow('WAVE_WEBHOOK_SECRET');
  });
});
