import { and, count, eq } from 'drizzle-orm';
import sharp, { type Sharp } from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { photo, sendRaw } from '../../../tests/fixtures/admin-products.ts';
import { setupApi, type TestApi } from '../../../tests/fixtures/api.ts';
import { testDatabases } from '../../../tests/fixtures/db.ts';
import { images } from '../db/schema.ts';

const SIZES = [256, 512, 1024] as const;
const WITHOUT_AVIF = ['image/webp,*/*', 'image/png,image/*;q=0.8,*/*;q=0.5', undefined];
const WITH_AVIF = 'image/avif,image/webp,*/*';

describe.each(testDatabases())('product images on $name', (kind) => {
  let t: TestApi;
  let admin: string;

  beforeAll(async () => {
    t = await setupApi(kind);
    admin = (await t.login('admin')).access_token;
  });
  afterAll(() => t.close());
  afterEach(() => vi.restoreAllMocks());

  // Sending the same photo again stores again whatever a test removed: the version is the hash of its renditions.
  const upload = async () => {
    const res = await sendRaw(t, `/api/admin/produits/${t.ids.product.cuisiniere}/image`, {
      body: await photo(),
      type: 'image/png',
      token: admin,
    });
    expect(res.status).toBe(200);
    return /\/api\/images\/([a-z0-9]+)\/256\.webp$/.exec((await res.json()).image_256)![1]!;
  };
  const stored = async (version: string) => {
    const rows = await t.database.db.select().from(images).where(eq(images.version, version));
    return new Map(rows.map((r) => [`${r.size}/${r.format}`, Buffer.from(r.data)]));
  };
  const remove = (version: string, size: number, format?: 'avif' | 'webp') =>
    t.database.db
      .delete(images)
      .where(and(eq(images.version, version), eq(images.size, size), ...(format ? [eq(images.format, format)] : [])));
  const get = (version: string, file: string | number, accept?: string) =>
    t.app.request(`/api/images/${version}/${file}`, accept === undefined ? {} : { headers: { Accept: accept } });
  const body = async (res: Response) => Buffer.from(await res.arrayBuffer());
  // Whatever sharp makes (a resize, a WebP, an AVIF) ends in toBuffer: its calls count the encodings.
  const countEncodes = () => vi.spyOn(sharp.prototype as Sharp, 'toBuffer');

  it('an uploaded photo is kept as a WebP at every size, and as an AVIF too wherever that is smaller', async () => {
    const variants = await stored(await upload());
    for (const size of SIZES) {
      expect(await sharp(variants.get(`${size}/webp`)).metadata(), `WebP ${size}`).toMatchObject({
        format: 'webp',
        width: size,
        height: size,
      });
      const avif = variants.get(`${size}/avif`);
      if (avif) {
        expect(await sharp(avif).metadata(), `AVIF ${size}`).toMatchObject({
          format: 'heif',
          compression: 'av1',
          width: size,
          height: size,
        });
        expect(avif.length).toBeLessThan(variants.get(`${size}/webp`)!.length);
      }
    }
    // This flat photo is much smaller as AVIF at 1024 px: the upload above did keep both.
    expect(variants.has('1024/avif')).toBe(true);
    expect(variants.size).toBeGreaterThan(SIZES.length);
  });

  it('browsers without image/avif in Accept get the stored WebP, request after request, without an encoding', async () => {
    const version = await upload();
    const before = await stored(version);
    const encodes = countEncodes();
    for (let round = 0; round < 3; round++) {
      for (const size of SIZES) {
        for (const accept of WITHOUT_AVIF) {
          for (const file of [size, `${size}.webp`]) {
            const res = await get(version, file, accept);
            expect(res.status).toBe(200);
            expect(res.headers.get('content-type')).toBe('image/webp');
            expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
            expect(res.headers.get('vary')).toMatch(/^Accept\b/);
            expect(await body(res)).toEqual(before.get(`${size}/webp`));
          }
        }
      }
    }
    expect(encodes).not.toHaveBeenCalled();
    expect(await stored(version)).toEqual(before);
  });

  it('browsers that accept AVIF get the stored AVIF where there is one, the WebP elsewhere, without an encoding', async () => {
    const version = await upload();
    const before = await stored(version);
    const encodes = countEncodes();
    for (const size of SIZES) {
      const format = before.has(`${size}/avif`) ? 'avif' : 'webp';
      const res = await get(version, `${size}.webp`, WITH_AVIF);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe(`image/${format}`);
      expect(res.headers.get('vary')).toMatch(/^Accept\b/);
      expect(await body(res)).toEqual(before.get(`${size}/${format}`));
    }
    expect(encodes).not.toHaveBeenCalled();
  });

  it('the missing WebP of an AVIF stored before WebPs were kept is made once, even for requests at the same time, then served from the table', async () => {
    const version = await upload();
    await remove(version, 1024, 'webp');
    const encodes = countEncodes();
    const first = await Promise.all(WITHOUT_AVIF.concat(WITHOUT_AVIF).map((accept) => get(version, '1024.webp', accept)));
    expect(first.map((r) => [r.status, r.headers.get('content-type')])).toEqual(first.map(() => [200, 'image/webp']));
    const made = (await stored(version)).get('1024/webp');
    expect(await sharp(made).metadata()).toMatchObject({ format: 'webp', width: 1024, height: 1024 });
    for (const res of first) expect(await body(res)).toEqual(made);
    expect(encodes).toHaveBeenCalledTimes(1);
    for (const accept of WITHOUT_AVIF) expect(await body(await get(version, 1024, accept))).toEqual(made);
    const modern = await get(version, 1024, WITH_AVIF);
    expect(modern.headers.get('content-type')).toBe('image/avif');
    expect(encodes).toHaveBeenCalledTimes(1);
  });

  it('a size stored before it was served is drawn once from the 1024 (its WebP, else its AVIF), kept as WebP and then served from the table', async () => {
    for (const from of ['webp', 'avif'] as const) {
      const version = await upload();
      await remove(version, 512);
      if (from === 'avif') await remove(version, 1024, 'webp');
      const encodes = countEncodes();
      const first = await Promise.all([WITH_AVIF, ...WITHOUT_AVIF].map((accept) => get(version, 512, accept)));
      expect(first.map((r) => [r.status, r.headers.get('content-type')])).toEqual(first.map(() => [200, 'image/webp']));
      const after = await stored(version);
      expect(await sharp(after.get('512/webp')).metadata()).toMatchObject({ format: 'webp', width: 512, height: 512 });
      for (const res of first) expect(await body(res)).toEqual(after.get('512/webp'));
      // Only the size asked for is made: no AVIF, and not the 1024's missing WebP.
      expect([after.has('512/avif'), after.has('1024/webp')]).toEqual([false, from === 'webp']);
      for (const accept of [WITH_AVIF, ...WITHOUT_AVIF])
        expect((await get(version, '512.webp', accept)).headers.get('content-type')).toBe('image/webp');
      expect(encodes, `drawn from the 1024 ${from}`).toHaveBeenCalledTimes(1);
      vi.restoreAllMocks();
    }
  });

  it('an unknown image, or a size with nothing to draw it from, is a 404 that encodes and writes nothing', async () => {
    const rows = async () => (await t.database.db.select({ n: count() }).from(images))[0]!.n;
    const before = await rows();
    const encodes = countEncodes();
    // v1 (the fixtures') has only its 256 px rendition.
    for (const [version, file] of [
      ['inconnue', '256.webp'],
      ['inconnue', 1024],
      ['v1', 512],
      ['v1', '1024.webp'],
    ] as const) {
      for (const accept of [WITH_AVIF, ...WITHOUT_AVIF]) {
        const res = await get(version, file, accept);
        expect(res.status).toBe(404);
        expect(await res.json()).toEqual({ message: 'Image introuvable.' });
      }
    }
    expect(encodes).not.toHaveBeenCalled();
    expect(await rows()).toBe(before);
  });
});
