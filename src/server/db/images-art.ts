/** SVG illustrations of appliances on a 256×256 canvas, one drawing per shop category. */

const INK = '#2b2f36';
const BODY = '#f4f6f8';
const SHADE = '#d9dee4';
const GLASS = '#1d2630';

/** Colours of the brands the shop sells; unknown brands get a colour derived from their name. */
const BRAND_COLOURS: Record<string, string> = {
  samsung: '#1428a0',
  lg: '#a50034',
  hisense: '#00857c',
  sharp: '#d7000f',
  astech: '#e07b00',
  nasco: '#0b6e4f',
  royal: '#6b2c91',
  innova: '#d9482b',
  midea: '#0072ce',
  tecno: '#0057ff',
  westpool: '#2e3a87',
  binatone: '#0093c4',
};

/** A drawing: the SVG elements of one appliance, given an accent colour and a variant number. */
type Draw = (accent: string, variant: number) => string;

const rect = (x: number, y: number, w: number, h: number, fill: string, rx = 6, stroke = INK) =>
  `<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="${rx}" fill="${fill}" stroke="${stroke}" stroke-width="3"/>`;
const circle = (cx: number, cy: number, r: number, fill: string, stroke = INK) =>
  `<circle cx="${cx}" cy="${cy}" r="${r}" fill="${fill}" stroke="${stroke}" stroke-width="3"/>`;
const path = (d: string, fill: string, more = '') => `<path d="${d}" fill="${fill}" stroke="${INK}" stroke-width="3"${more}/>`;
const line = (x1: number, y1: number, x2: number, y2: number, w = 3, stroke = INK) =>
  `<line x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}" stroke="${stroke}" stroke-width="${w}" stroke-linecap="round"/>`;

const fridge: Draw = (accent, v) =>
  v % 2 === 0
    ? rect(84, 30, 88, 178, BODY, 10) + line(84, 88, 172, 88) + rect(156, 48, 6, 26, accent, 3) + rect(156, 104, 6, 40, accent, 3)
    : rect(70, 30, 116, 178, BODY, 10) +
      line(128, 30, 128, 208) +
      rect(116, 90, 6, 44, accent, 3) +
      rect(134, 90, 6, 44, accent, 3) +
      rect(84, 60, 30, 22, SHADE, 4);

const freezer: Draw = (accent) =>
  rect(50, 104, 156, 96, BODY, 8) +
  rect(46, 88, 164, 22, SHADE, 6) +
  rect(108, 110, 40, 8, accent, 3) +
  rect(62, 176, 40, 10, accent, 3) +
  line(60, 200, 60, 208, 6) +
  line(196, 200, 196, 208, 6);

const television: Draw = (accent, v) =>
  rect(30, 52, 196, 120, GLASS, 8) +
  `<path d="M40 160 L${110 + (v % 3) * 20} 62 L${150 + (v % 3) * 20} 62 L70 160 Z" fill="${accent}" opacity="0.55"/>` +
  line(128, 172, 128, 192, 6) +
  rect(92, 190, 72, 10, SHADE, 4);

const stove: Draw = (accent) =>
  rect(68, 56, 120, 150, BODY, 8) +
  rect(68, 44, 120, 16, SHADE, 4) +
  [88, 112, 144, 168].map((x) => circle(x, 76, 6, accent)).join('') +
  rect(82, 98, 92, 70, GLASS, 6) +
  line(88, 184, 168, 184, 5);

const split: Draw = (accent) =>
  rect(30, 66, 196, 62, BODY, 16) +
  line(46, 112, 210, 112) +
  circle(200, 84, 4, accent, accent) +
  [70, 128, 186]
    .map((x) => `<path d="M${x} 140 q10 16 0 32 q-10 16 0 32" fill="none" stroke="${accent}" stroke-width="5" stroke-linecap="round"/>`)
    .join('');

const airConditioner: Draw = (accent) =>
  rect(92, 34, 72, 172, BODY, 12) +
  rect(104, 50, 48, 14, GLASS, 3) +
  [86, 100, 114, 128, 142, 156].map((y) => line(104, y, 152, y, 3, accent)).join('') +
  circle(128, 184, 7, SHADE);

const washer: Draw = (accent, v) =>
  rect(66, 40, 124, 168, BODY, 10) +
  line(66, 68, 190, 68) +
  circle(160, 54, 6, accent) +
  rect(80, 50, 36, 8, SHADE, 3) +
  circle(128, 136, 46, SHADE) +
  circle(128, 136, 32, v % 2 ? GLASS : '#4d6a86') +
  `<path d="M104 146 q24 -18 48 0" fill="none" stroke="${accent}" stroke-width="4"/>`;

const fan: Draw = (accent, v) => {
  const blades = [0, 120, 240]
    .map((a) => `<ellipse cx="128" cy="68" rx="13" ry="24" fill="${accent}" opacity="0.9" transform="rotate(${a + (v % 4) * 15} 128 92)"/>`)
    .join('');
  return (
    circle(128, 92, 54, 'none') +
    blades +
    circle(128, 92, 8, SHADE) +
    line(128, 146, 128, 200, 7) +
    `<ellipse cx="128" cy="204" rx="40" ry="8" fill="${SHADE}" stroke="${INK}" stroke-width="3"/>`
  );
};

const microwave: Draw = (accent) =>
  rect(36, 70, 184, 112, BODY, 10) +
  rect(50, 84, 118, 84, GLASS, 6) +
  line(180, 86, 180, 166, 3, SHADE) +
  [94, 112, 130, 148].map((y) => rect(190, y, 18, 10, accent, 3)).join('') +
  rect(190, 80, 18, 8, GLASS, 2);

const iron: Draw = (accent) =>
  path('M40 168 Q60 112 150 112 L200 112 L212 168 Z', BODY) +
  path('M36 168 L214 168 L214 180 L36 180 Z', SHADE) +
  `<path d="M120 112 Q126 66 180 68 L200 70 L204 112" fill="none" stroke="${INK}" stroke-width="10"/>` +
  circle(150, 142, 10, accent);

const blender: Draw = (accent) =>
  path('M90 40 L166 40 L154 146 L102 146 Z', '#dff3ff', ' opacity="0.95"') +
  rect(84, 30, 88, 14, accent, 4) +
  `<path d="M100 96 L156 96 L154 146 L102 146 Z" fill="${accent}" opacity="0.45"/>` +
  rect(92, 146, 72, 58, BODY, 8) +
  circle(128, 176, 9, accent);

const waterHeater: Draw = (accent) =>
  rect(86, 30, 84, 170, BODY, 40) +
  circle(128, 88, 16, '#ffffff') +
  line(128, 88, 136, 80, 3, accent) +
  line(108, 200, 108, 222, 6) +
  line(148, 200, 148, 222, 6) +
  rect(100, 130, 56, 8, accent, 3);

const dispenser: Draw = (accent) =>
  path('M100 28 L156 28 L160 84 L96 84 Z', '#9fd3f5') +
  rect(88, 84, 80, 124, BODY, 8) +
  rect(104, 110, 48, 40, GLASS, 4) +
  rect(110, 118, 10, 12, '#d9342b', 2) +
  rect(136, 118, 10, 12, accent, 2);

const phone: Draw = (accent, v) =>
  rect(90, 30, 76, 180, GLASS, 14) +
  `<rect x="98" y="46" width="60" height="148" rx="6" fill="${accent}" opacity="${0.6 + (v % 3) * 0.1}"/>` +
  circle(128, 38, 3, SHADE, SHADE);

const parcel: Draw = (accent) =>
  rect(62, 84, 132, 112, '#c89b64', 4) +
  path('M62 84 L94 52 L226 52 L194 84 Z', '#deb887') +
  path('M194 84 L226 52 L226 164 L194 196 Z', '#b5854f') +
  rect(112, 84, 32, 112, accent, 0);

const truck: Draw = (accent) =>
  rect(30, 80, 130, 90, BODY, 6) +
  path('M160 104 L204 104 L226 136 L226 170 L160 170 Z', accent) +
  circle(70, 176, 16, GLASS) +
  circle(194, 176, 16, GLASS) +
  rect(176, 112, 24, 20, '#dff3ff', 3);

const DRAWINGS: Record<string, Draw> = {
  CONGELATEUR: freezer,
  TELEVISION: television,
  REFRIGERATEUR: fridge,
  CUISINIERE: stove,
  CLIMATISEUR: airConditioner,
  SPLIT: split,
  'MACHINE A LAVER': washer,
  VENTILATEUR: fan,
  'MICRO-ONDES': microwave,
  'FER A REPASSER': iron,
  MIXEUR: blender,
  'CHAUFFE-EAU': waterHeater,
  'FONTAINE A EAU': dispenser,
  TELEPHONE: phone,
  DELIVERIES: truck,
};

function hashText(s: string): number {
  let h = 2166136261;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 16777619);
  return h >>> 0;
}

const escapeXml = (s: string) => s.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The brand colour of a product, from its brand name. */
function brandColour(brand: string): string {
  return BRAND_COLOURS[brand.toLowerCase()] ?? `hsl(${hashText(brand) % 360} 55% 38%)`;
}

/** The whole 256×256 SVG: brand-coloured background, the category's appliance, and the brand in capitals. */
export function productSvg(opts: { brand: string; category: string; seed: number }): string {
  const bg = brandColour(opts.brand);
  const accents = ['#ffb400', '#1fb5ad', '#ef476f', '#06d6a0', '#118ab2', '#f78c6b'];
  const accent = accents[opts.seed % accents.length]!;
  const draw = DRAWINGS[opts.category.toUpperCase()] ?? parcel;
  const glowX = 60 + (opts.seed % 7) * 22;
  const label = escapeXml(opts.brand.toUpperCase().slice(0, 12));
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 256 256" width="256" height="256">` +
    `<rect width="256" height="256" fill="${bg}"/>` +
    `<circle cx="${glowX}" cy="110" r="100" fill="#ffffff" opacity="0.16"/>` +
    `<g transform="translate(0 -6)">${draw(accent, opts.seed)}</g>` +
    `<text x="128" y="242" text-anchor="middle" font-family="DejaVu Sans, Liberation Sans, Arial, sans-serif" font-weight="bold" font-size="22" fill="#ffffff" letter-spacing="1">${label}</text>` +
    `</svg>`
  );
}
