// The build's chunk policy reads which modules a script loads with it: its static imports, followed through our own
// files. Type-only imports and dynamic `import()` are left out (they load nothing, or load later).
import { readFileSync } from 'node:fs';
import { dirname, resolve, sep } from 'node:path';
import { parseSync } from 'vite';

/** An import or re-export that TypeScript erases: `import type`, `export type`, or an import of types only. */
const typeOnly = (node) =>
  node.importKind === 'type' ||
  node.exportKind === 'type' ||
  (node.type === 'ImportDeclaration' && node.specifiers.length > 0 && node.specifiers.every((s) => s.importKind === 'type'));

/**
 * The static import closure of `entries` (paths from the project root): our files (absolute paths, the entries
 * included) and the npm packages they import.
 */
export function staticClosure(entries) {
  const files = new Set();
  const packages = new Set();
  const visit = (file) => {
    if (files.has(file)) return;
    files.add(file);
    const { program } = parseSync(file, readFileSync(file, 'utf8'));
    for (const node of program.body) {
      const from = node.source?.value;
      if (typeof from !== 'string' || typeOnly(node)) continue;
      if (from.startsWith('.')) visit(resolve(dirname(file), from));
      else
        packages.add(
          from
            .split('/')
            .slice(0, from.startsWith('@') ? 2 : 1)
            .join('/'),
        );
    }
  };
  for (const entry of entries) visit(resolve(entry));
  return { files, packages };
}

/** A module id (as the bundler names it) inside one of `packages` under node_modules. */
export function inPackages(id, packages) {
  const path = id.split(sep).join('/');
  return [...packages].some((p) => path.includes(`/node_modules/${p}/`));
}

/** The default imports of an .astro file's frontmatter that name one of our files: component name → absolute path. */
function componentImports(file, frontmatter) {
  const found = new Map();
  for (const node of parseSync(`${file}.ts`, frontmatter).program.body) {
    const from = node.source?.value;
    if (node.type !== 'ImportDeclaration' || typeof from !== 'string' || !from.startsWith('.') || typeOnly(node)) continue;
    for (const s of node.specifiers) if (s.type === 'ImportDefaultSpecifier') found.set(s.local.name, resolve(dirname(file), from));
  }
  return found;
}

/**
 * What an .astro page frame loads on every page it draws: the islands it hydrates with one of `directives`
 * (`client:idle`, …) and the modules its bundled `<script>` tags import, following the .astro components it renders.
 */
export function astroEntries(file, directives, seen = new Set()) {
  const path = resolve(file);
  const entries = new Set();
  if (seen.has(path)) return entries;
  seen.add(path);
  const text = readFileSync(path, 'utf8');
  const [, frontmatter = '', template = text] = /^---\r?\n([\s\S]*?)\r?\n---\r?\n([\s\S]*)$/.exec(text) ?? [];
  for (const [name, from] of componentImports(path, frontmatter)) {
    const uses = [...template.matchAll(new RegExp(`<${name}\\b([^>]*)`, 'g'))].map((u) => /\bclient:(\w+)/.exec(u[1])?.[1]);
    if (from.endsWith('.astro') && uses.length) for (const e of astroEntries(from, directives, seen)) entries.add(e);
    else if (uses.some((d) => d && directives.includes(d))) entries.add(from);
  }
  for (const [, attrs, code] of template.matchAll(/<script\b([^>]*?)(?<!\/)>([\s\S]*?)<\/script>/g)) {
    if (/\bis:inline\b/.test(attrs)) continue;
    for (const node of parseSync(`${path}.script.ts`, code).program.body)
      if (node.type === 'ImportDeclaration' && node.source.value.startsWith('.')) entries.add(resolve(dirname(path), node.source.value));
  }
  return entries;
}

/** V8's explicit compile hint: the whole file is compiled as it loads (https://v8.dev/blog/explicit-compile-hints). */
export const COMPILE_ALL = '//# allFunctionsCalledOnLoad';

/**
 * The first line a chunk should carry: the compile hint on chunks carrying one of `packages`, nothing on others.
 * @param {readonly string[]} packages
 * @returns {(chunk: { moduleIds: readonly string[] }) => string}
 */
export function compileHintFor(packages) {
  return (chunk) => (chunk.moduleIds.some((id) => inPackages(id, packages)) ? COMPILE_ALL : '');
}

/**
 * A build plugin that writes `lineFor(chunk)` (when not empty) as the very first line of each chunk. V8 reads its
 * compile hint only there, and Vite prepends its preload helper (`const __vite__mapDeps=…`) to any chunk with a
 * dynamic `import()` after the bundler's banners: so the line is written once Vite has done so, and counts in the
 * chunk's hash (the file name a browser caches for a year). Chunks only: no source map is shifted (none is built).
 * @param {(chunk: { moduleIds: readonly string[] }) => string} lineFor
 * @returns {import('vite').Plugin}
 */
export function firstLine(lineFor) {
  return {
    name: 'boutique:first-line',
    apply: 'build',
    augmentChunkHash: (chunk) => lineFor(chunk) || undefined,
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        for (const chunk of Object.values(bundle)) {
          if (chunk.type !== 'chunk') continue;
          const line = lineFor(chunk);
          if (line) chunk.code = `${line}\n${chunk.code}`;
        }
      },
    },
  };
}
