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
