import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, sep } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { build, type Rolldown } from 'vite';
import { astroEntries, COMPILE_ALL, compileHintFor, firstLine, inPackages, staticClosure } from '../../scripts/static-imports.mjs';
import { EARLY_TAPS_SCRIPT } from '../../src/features/frame/early-taps';

// A small source tree: what the build's chunk policy (astro.config.mjs) reads of the frame's scripts.
const root = mkdtempSync(join(tmpdir(), 'static-imports-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const files: Record<string, string> = {
  'entry.ts': [
    "import { a } from './a.ts';",
    "import type { T } from './types.ts';",
    "import { type U } from './types-too.ts';",
    "import './side-effect.ts';",
    "export { b } from './b.ts';",
    "export type { V } from './types-three.ts';",
    "import { atom } from 'nanostores';",
    "import { persistentAtom } from '@nanostores/persistent';",
    "const later = () => import('./lazy.ts');",
  ].join('\n'),
  'a.ts': "import { c } from './deep/c.ts';\nexport const a = c;",
  'deep/c.ts': "import { a } from '../a.ts';\nexport const c = 1;",
  'b.ts': 'export const b = 2;',
  'side-effect.ts': '',
  'types.ts': 'export type T = 1;',
  'types-too.ts': 'export type U = 1;',
  'types-three.ts': 'export type V = 1;',
  'lazy.ts': 'export const lazy = 3;',
  'Frame.astro': [
    '---',
    "import Header from './Header.astro';",
    "import Unused from './Unused.astro';",
    "import Toasts from './Toasts.tsx';",
    "import Menu from './Menu.tsx';",
    "import Static from './Static.tsx';",
    "import type { Props } from './types.ts';",
    '---',
    '<script is:inline set:html={x} />',
    '<Header />',
    '<Toasts client:idle />',
    '<Menu client:visible items={[1]} />',
    '<Static />',
    '<script>',
    "  import './frame-live.ts';",
    '</script>',
    '<script is:inline>',
    "  import './inline.ts';",
    '</script>',
  ].join('\n'),
  'Header.astro': "---\nimport Search from './Search.tsx';\nimport Frame from './Frame.astro';\n---\n<Search client:load />\n<Frame />",
  'Unused.astro': "---\nimport Never from './Never.tsx';\n---\n<Never client:load />",
};
for (const [name, text] of Object.entries(files)) {
  mkdirSync(join(root, name, '..'), { recursive: true });
  writeFileSync(join(root, name), text);
}

describe('staticClosure: what a script loads with it', () => {
  const { files: found, packages } = staticClosure([join(root, 'entry.ts')]);
  it.each<[string, boolean]>([
    ['entry.ts', true],
    ['a.ts', true],
    ['deep/c.ts', true],
    ['b.ts', true],
    ['side-effect.ts', true],
    ['types.ts', false],
    ['types-too.ts', false],
    ['types-three.ts', false],
    ['lazy.ts', false],
  ])('%s: %s', (name, loaded) => expect(found.has(join(root, name))).toBe(loaded));
  it('names the npm packages imported', () => expect([...packages].sort()).toEqual(['@nanostores/persistent', 'nanostores']));
});

describe('inPackages', () => {
  const id = (path: string) => ['', 'w', 'node_modules', ...path.split('/')].join(sep);
  it.each<[string, boolean]>([
    ['react/index.js', true],
    ['react-dom/client.js', false],
    ['@nanostores/react/index.js', true],
    ['@nanostores/persistent/index.js', false],
  ])('%s', (path, inside) => expect(inPackages(id(path), ['react', '@nanostores/react'])).toBe(inside));
});

describe('astroEntries: what a page frame loads on every page', () => {
  const entries = astroEntries(join(root, 'Frame.astro'), ['load', 'idle']);
  it.each<[string, boolean]>([
    ['Toasts.tsx', true],
    ['Search.tsx', true],
    ['frame-live.ts', true],
    ['Menu.tsx', false],
    ['Static.tsx', false],
    ['Never.tsx', false],
    ['inline.ts', false],
  ])('%s: %s', (name, loaded) => expect(entries.has(join(root, name))).toBe(loaded));
});

describe('compileHintFor: the first line of a chunk', () => {
  const id = (path: string) => ['', 'w', 'node_modules', ...path.split('/')].join(sep);
  const hint = compileHintFor(['react-dom', 'nanostores']);
  it.each<[string, string[], string]>([
    ['React DOM with our renderer', [id('react-dom/cjs/react-dom-client.production.js'), join(root, 'client.js')], COMPILE_ALL],
    ['nanostores with our stores', [join(root, 'a.ts'), id('nanostores/atom/index.js')], COMPILE_ALL],
    ['our modules only', [join(root, 'a.ts'), join(root, 'b.ts')], ''],
    ['another package', [id('zod/v4/core/core.js')], ''],
    ['a package whose name only starts alike', [id('react-dom-extra/index.js')], ''],
    ['an empty chunk', [], ''],
  ])('%s', (_, moduleIds, first) => expect(hint({ moduleIds })).toBe(first));
  it('heads the inline early-tap listener too', () => expect(EARLY_TAPS_SCRIPT.split('\n')[0]).toBe(COMPILE_ALL));
});

describe('firstLine: the line heads the chunk as Vite writes it', () => {
  // An entry with dynamic imports that share a module: Vite prepends its preload helper to the entry's chunk.
  const app = mkdtempSync(join(tmpdir(), 'first-line-'));
  afterAll(() => rmSync(app, { recursive: true, force: true }));
  writeFileSync(join(app, 'main.js'), "globalThis.one = () => import('./one.js');\nglobalThis.two = () => import('./two.js');\n");
  writeFileSync(join(app, 'one.js'), "import { shared } from './common.js';\nexport const one = () => shared('un');\n");
  writeFileSync(join(app, 'two.js'), "import { shared } from './common.js';\nexport const two = () => shared('deux');\n");
  writeFileSync(join(app, 'common.js'), "export const shared = (word) => word + '!';\n");

  const chunksOf = async (lineFor: (chunk: { moduleIds: readonly string[] }) => string) => {
    const out = (await build({
      root: app,
      configFile: false,
      logLevel: 'silent',
      plugins: [firstLine(lineFor)],
      build: { write: false, rolldownOptions: { input: join(app, 'main.js') } },
    })) as Rolldown.RolldownOutput;
    return out.output.filter((item): item is Rolldown.OutputChunk => item.type === 'chunk');
  };
  const entryOnly = (chunk: { moduleIds: readonly string[] }) => (chunk.moduleIds.some((id) => id.endsWith('main.js')) ? COMPILE_ALL : '');

  it('comes before Vite’s preload helper, on the chunks it is asked for only', async () => {
    const chunks = await chunksOf(entryOnly);
    const entry = chunks.find((c) => c.isEntry);
    expect(entry?.code).toContain('__vite__mapDeps');
    expect(entry?.code.split('\n')[0]).toBe(COMPILE_ALL);
    expect(entry?.code.indexOf(COMPILE_ALL, 1)).toBe(-1);
    expect(chunks.filter((c) => !c.isEntry && c.code.includes(COMPILE_ALL))).toEqual([]);
  });

  it('changes the file name of the chunk it heads, and of no other', async () => {
    const [hinted, plain] = await Promise.all([chunksOf(entryOnly), chunksOf(() => '')]);
    const names = (chunks: Rolldown.OutputChunk[]) => chunks.map((c) => c.fileName).toSorted();
    const changed = names(hinted).filter((name) => !names(plain).includes(name));
    expect(changed).toEqual([hinted.find((c) => c.isEntry)?.fileName]);
  });
});
