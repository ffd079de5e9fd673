import { describe, expect, it } from 'vitest';
import { productSchema } from './catalogue.ts';
import {
  CSV_COLUMNS,
  csvHeader,
  csvRecordOf,
  decodeCsv,
  readUtf8Csv,
  readHeader,
  readRow,
  relabel,
  wholeOrText,
  yesNoOrText,
} from './catalogue-csv.ts';

const refs = {
  categories: new Map([['television', 3]]),
  tags: new Map([
    ['ramadan', 1],
    ['nouveauté', 2],
  ]),
};

describe('catalogue CSV rules', () => {
  it('names the columns in French, in the export order', () => {
    expect(CSV_COLUMNS.map(csvHeader).join(';')).toBe(
      'id;nom;description;catégorie;étiquettes;prix;prix promo;en promo;prix précommande;à crédit;prix crédit;en vente;rang;stock',
    );
  });

  it('reads a header whatever its case, accents or order, and refuses unknown or repeated columns', () => {
    expect(readHeader(['Nom', 'PRIX', 'Categorie', 'prix-promo', 'a credit'])).toEqual({
      columns: ['name', 'list_price', 'categ_id', 'promo_price', 'is_creditorder'],
    });
    expect(readHeader(['nom', 'couleur'])).toMatchObject({ error: expect.stringMatching(/^Colonne inconnue : « couleur »/) });
    expect(readHeader(['nom', 'Nom'])).toEqual({ error: 'La colonne « nom » figure deux fois.' });
    expect(readHeader(['prix'])).toEqual({ error: 'La ligne d’en-tête doit au moins nommer la colonne « id » ou « nom ».' });
  });

  it.each<[string, number | string]>([
    ['250000', 250000],
    ['250 000', 250000],
    ['250\u202f000\u00a0F\u202fCFA', 250000],
    ['12000 FCFA', 12000],
    ['-3', -3],
    ['99,5', 99.5],
    ['abc', 'abc'],
    ['1 2 x', '1 2 x'],
  ])('whole francs: %j → %j', (text, want) => expect(wholeOrText(text)).toBe(want));

  it.each<[string, boolean | string]>([
    ['oui', true],
    ['Non', false],
    ['VRAI', true],
    ['0', false],
    ['peut-être', 'peut-être'],
  ])('yes or no: %j → %j', (text, want) => expect(yesNoOrText(text)).toBe(want));

  it('reads a row: references by name, empty cells clear optional prices, an escaped formula loses its apostrophe', () => {
    const columns = readHeader(['id', 'nom', 'catégorie', 'étiquettes', 'prix', 'prix promo', 'en promo', 'rang', 'stock']) as {
      columns: typeof CSV_COLUMNS;
    };
    expect(readRow(['', "'=Télé", 'Television', 'Ramadan, nouveauté', '1 000', '', 'oui', "'-2", ''], columns.columns, refs)).toEqual({
      id: null,
      errors: [],
      body: { name: '=Télé', categ_id: 3, tags: [1, 2], list_price: 1000, promo_price: null, en_promo: true, rang: -2 },
    });
    expect(readRow(['7', '', '', '', '', '', '', '', ''], columns.columns, refs)).toEqual({
      id: 7,
      errors: [],
      body: { categ_id: null, tags: [], promo_price: null },
    });
    expect(readRow(['x', 'A', 'Frigo', 'Ramadan, Soldes, Noël', '1', '', '', '', ''], columns.columns, refs).errors).toEqual([
      'L’identifiant « x » n’est pas un nombre entier positif (laissez « id » vide pour créer un produit).',
      'La catégorie « Frigo » n’existe pas : créez-la d’abord dans « Catégories et étiquettes ».',
      'Étiquettes inconnues : « Soldes », « Noël ».',
    ]);
  });

  it('an exported product reads back as the same fields', () => {
    const p = productSchema.parse({
      id: 4,
      name: 'TV ; 32"',
      description: 'Ligne 1\nligne 2',
      categ_id: 'TELEVISION',
      list_price: 90000,
      en_promo: true,
      promo_price: 85000,
      rang: -1,
      quantity: 2,
      tags: [{ id: 1, name: 'Ramadan' }],
    });
    const columns = readHeader(CSV_COLUMNS.map(csvHeader)) as { columns: typeof CSV_COLUMNS };
    expect(readRow(csvRecordOf(p), columns.columns, refs)).toEqual({
      id: 4,
      errors: [],
      body: {
        name: 'TV ; 32"',
        description: 'Ligne 1\nligne 2',
        categ_id: 3,
        tags: [1],
        list_price: 90000,
        promo_price: 85000,
        en_promo: true,
        preorder_price: null,
        is_creditorder: false,
        creditorder_price: null,
        sale_ok: true,
        rang: -1,
        quantity: 2,
      },
    });
  });

  it('names fields as people read them in the schema’s messages', () => {
    expect(relabel('Le champ « list_price » doit être un nombre.', 'list_price', csvHeader)).toBe('Le champ « prix » doit être un nombre.');
    expect(relabel('Trop petit : attendu >= 0', 'quantity', csvHeader)).toBe('« stock » : Trop petit : attendu >= 0');
    expect(relabel('Requête invalide.', undefined, csvHeader)).toBe('Requête invalide.');
  });

  it('decodes UTF-8 with or without BOM, and Windows-1252 as French Excel saves it', () => {
    expect(decodeCsv(new Uint8Array([0xef, 0xbb, 0xbf, ...new TextEncoder().encode('prix;télé')]))).toBe('prix;télé');
    expect(decodeCsv(new Uint8Array([0x74, 0xe9, 0x6c, 0xe9, 0x80]))).toBe('télé€');
  });

  const bytes = (...parts: Array<string | number[]>) =>
    new Uint8Array(parts.flatMap((p) => (typeof p === 'string' ? [...new TextEncoder().encode(p)] : p)));
  const notUtf8 = (line: number) => ({
    error: `Le fichier n’est pas en UTF-8 (ligne ${line}) : enregistrez-le en « CSV UTF-8 » depuis votre tableur.`,
    line,
  });

  it.each<[string, Uint8Array, { text: string } | ReturnType<typeof notUtf8>]>([
    ['UTF-8', bytes('nom;prix\nRéfrigérateur;1000\n'), { text: 'nom;prix\nRéfrigérateur;1000\n' }],
    ['UTF-8 with a BOM (the BOM dropped)', bytes([0xef, 0xbb, 0xbf], 'nom;prix\r\nTélé;1\r\n'), { text: 'nom;prix\r\nTélé;1\r\n' }],
    ['UTF-8 holding the replacement character itself', bytes('nom\n\ufffd\n'), { text: 'nom\n\ufffd\n' }],
    ['nothing', bytes(), { text: '' }],
    ['Windows-1252 é on line 3 (LF)', bytes('nom;prix\nTélé;1\nR', [0xe9], 'frig', [0xe9], 'rateur;2\n'), notUtf8(3)],
    ['Windows-1252 é on line 3 (CRLF)', bytes('nom;prix\r\nTélé;1\r\nR', [0xe9], 'frig;2\r\n'), notUtf8(3)],
    ['Windows-1252 é on line 3 (CR, old Macs)', bytes('nom;prix\rTélé;1\rR', [0xe9], 'frig;2\r'), notUtf8(3)],
    ['Windows-1252 in the header', bytes('nom;cat', [0xe9], 'gorie\nX;Y\n'), notUtf8(1)],
    ['a bad byte just before the line ends', bytes('nom\nCaf', [0xe9], '\nThé\n'), notUtf8(2)],
    ['a bad byte in a quoted cell over two lines', bytes('nom;description\nX;"ligne 1\nligne ', [0xe9], '"\n'), notUtf8(3)],
    ['a sequence cut short at the very end', bytes('nom\nT', [0xc3]), notUtf8(2)],
    ['an overlong encoding of "/"', bytes('nom\n', [0xc0, 0xaf], '\n'), notUtf8(2)],
    ['a UTF-16 surrogate encoded in UTF-8 (CESU)', bytes('nom\n\n', [0xed, 0xa0, 0x80], '\n'), notUtf8(3)],
  ])('readUtf8Csv: %s', (_l, input, expected) => expect(readUtf8Csv(input)).toEqual(expected));
});
