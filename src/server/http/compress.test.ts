import { describe, expect, it } from 'vitest';
import { compressResponse, pickEncoding } from './compress.ts';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';

describe('pickEncoding', () => {
  it.each<[string | null, string | null]>([
    [null, null],
    ['', null],
    ['gzip', 'gzip'],
    ['br, gzip', 'br'],
    ['gzip;q=0.5, br', 'br'],
    ['GZIP', 'gzip'],
    ['gzip;q=0', null],
    ['br;q=0, gzip', 'gzip'],
    ['br', 'br'],
    ['identity', null],
    ['*', 'br'],
    ['*, br;q=0', 'gzip'],
    ['x-gzip', null],
  ])('%j → %s', (header, expected) => {
    expect(pickEncoding(header)).toBe(expected);
  });
});

describe('compressResponse', () => {
  const page = `<!doctype html><p>${'Réfrigérateur double porte '.repeat(200)}</p>`;
  const html = () => new Response(page, { headers: { 'Content-Type': 'text/html; charset=utf-8' } });

  it.each<[string, (b: Buffer) => Buffer]>([
    ['br', brotliDecompressSync],
    ['gzip', gunzipSync],
  ])('%s: smaller and the same page once decoded', async (enc, decode) => {
    const res = compressResponse(html(), enc);
    expect(res.headers.get('Content-Encoding')).toBe(enc);
    expect(res.headers.get('Vary')).toMatch(/Accept-Encoding/);
    const body = Buffer.from(await res.arrayBuffer());
    expect(body.length).toBeLessThan(Buffer.byteLength(page) / 5);
    expect(decode(body).toString()).toBe(page);
  });

  it('leaves images, HEAD and clients without an encoding alone', async () => {
    expect(
      compressResponse(new Response('x'.repeat(5000), { headers: { 'Content-Type': 'image/png' } }), 'br').headers.get('Content-Encoding'),
    ).toBeNull();
    expect(compressResponse(html(), 'br', 'HEAD').headers.get('Content-Encoding')).toBeNull();
    const plain = compressResponse(html(), 'identity');
    expect(plain.headers.get('Content-Encoding')).toBeNull();
    expect(await plain.text()).toBe(page);
  });
});
