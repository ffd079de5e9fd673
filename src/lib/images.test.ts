import { describe, expect, it } from 'vitest';
import { PLACEHOLDER_IMAGE, productImageSrc, productImageSrcset } from './images.ts';

// Real magic bytes, base64-encoded: a PNG signature, a JPEG SOI+APP0, a RIFF…WEBP header, GIF89a, '<svg', '<?xml'.
const png = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';
const jpeg = '/9j/4AAQSkZJRgABAQAAAQABAAD/2wBDAAMCAgICAgMCAgIDAwMDBAYEBAQEBAgGBgUGCQgKCgkICQkKDA8MCgsOCwkJDRENDg8QEBEQCgwSExIQEw8QEBA=';
const webp = 'UklGRiQAAABXRUJQVlA4IBgAAAAwAQCdASoBAAEAAwA0JaQAA3AA/vuUAAA=';
const gif = 'R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==';
const svg = btoa('<svg xmlns="http://www.w3.org/2000/svg"/>');
const xmlSvg = btoa('<?xml version="1.0"?><svg/>');

describe('productImageSrc', () => {
  const cases: Array<[label: string, value: string | null | undefined, baseURL: string, expected: string]> = [
    ['null', null, '', PLACEHOLDER_IMAGE],
    ['undefined', undefined, '', PLACEHOLDER_IMAGE],
    ['empty string', '', '', PLACEHOLDER_IMAGE],
    ['blank string', '   \n', '', PLACEHOLDER_IMAGE],
    ['our server path, same origin', '/api/images/12/256.webp?v=3', '', '/api/images/12/256.webp?v=3'],
    [
      'our server path, API elsewhere',
      '/api/images/12/256.webp',
      'https://api.example.sn',
      'https://api.example.sn/api/images/12/256.webp',
    ],
    ['API base with a trailing slash', '/api/images/1.webp', 'https://api.example.sn/', 'https://api.example.sn/api/images/1.webp'],
    ['absolute https URL', 'https://cdn.example.sn/p/1.jpg', 'https://api.example.sn', 'https://cdn.example.sn/p/1.jpg'],
    ['absolute http URL', 'http://localhost:8069/web/image/1', '', 'http://localhost:8069/web/image/1'],
    ['data URL', `data:image/png;base64,${png}`, '', `data:image/png;base64,${png}`],
    ['raw PNG base64', png, '', `data:image/png;base64,${png}`],
    ['raw JPEG base64 (starts with a slash)', jpeg, 'https://api.example.sn', `data:image/jpeg;base64,${jpeg}`],
    ['raw WebP base64', webp, '', `data:image/webp;base64,${webp}`],
    ['raw GIF base64', gif, '', `data:image/gif;base64,${gif}`],
    ['raw SVG base64', svg, '', `data:image/svg+xml;base64,${svg}`],
    ['raw SVG base64 with an XML prolog', xmlSvg, '', `data:image/svg+xml;base64,${xmlSvg}`],
    ['base64 wrapped at 76 columns', `${png.slice(0, 76)}\n${png.slice(76)}\n`, '', `data:image/png;base64,${png}`],
    ['base64 of an unknown format', btoa('%PDF-1.7 not an image'), '', PLACEHOLDER_IMAGE],
    ['damaged base64', 'iVBOR*not base64*', '', PLACEHOLDER_IMAGE],
    ['truncated base64', png.slice(0, 30), '', PLACEHOLDER_IMAGE],
    ['javascript: URL', 'javascript:alert(1)', '', PLACEHOLDER_IMAGE],
    ['non-image data URL', 'data:text/html;base64,PHNjcmlwdD4=', '', PLACEHOLDER_IMAGE],
    ['protocol-relative URL', '//evil.example/x.png', '', PLACEHOLDER_IMAGE],
    ['relative path', 'images/x.png', '', PLACEHOLDER_IMAGE],
    ['Odoo "false" as text', 'false', '', PLACEHOLDER_IMAGE],
  ];

  it.each(cases)('%s', (_label, value, baseURL, expected) => {
    expect(productImageSrc(value, baseURL)).toBe(expected);
  });

  it('treats a non-string (Odoo sends false) as missing', () => {
    expect(productImageSrc(false as unknown as string)).toBe(PLACEHOLDER_IMAGE);
  });

  it('defaults the base to PUBLIC_API_URL (unset here: same origin)', () => {
    expect(productImageSrc('/api/images/5/256.webp')).toBe('/api/images/5/256.webp');
  });
});

describe('productImageSrcset', () => {
  it.each<[string, string | null, string, string | undefined]>([
    [
      'our 256 rendition',
      '/api/images/ab12/256.webp',
      '',
      '/api/images/ab12/256 256w, /api/images/ab12/512 512w, /api/images/ab12/1024 1024w',
    ],
    [
      'our 1024 rendition, API elsewhere',
      '/api/images/ab12/1024.webp',
      'https://api.example.sn',
      'https://api.example.sn/api/images/ab12/256 256w, https://api.example.sn/api/images/ab12/512 512w, https://api.example.sn/api/images/ab12/1024 1024w',
    ],
    ['a query string (not ours)', '/api/images/12/256.webp?v=3', '', undefined],
    ['an outside image', 'https://cdn.example.sn/p/1.jpg', '', undefined],
    ['a data URL', `data:image/png;base64,${png}`, '', undefined],
    ['no image', null, '', undefined],
  ])('%s', (_label, value, baseURL, expected) => {
    expect(productImageSrcset(value, baseURL)).toBe(expected);
  });
});
