/**
 * The project's import graph, read with TypeScript's own parser (comments and strings are not
 * imports): every relative import of the sources under client/, server/ and shared/, resolved to
 * the file it names. test/imports.test.ts checks its rules on it; `npx tsx test/import-graph.ts
 * [root]` prints the largest folders, the imports that run back up and the cycles of any checkout.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, posix } from 'node:path';
import ts from 'typescript';

export interface Import {
  from: string;
  to: string;
  /** `import type`, or every name imported is a type: erased from the JavaScript. */
  typeOnly: boolean;
  /** `import('…')`: loaded when first needed, so not part of a cycle at load time. */
  dynamic: boolean;
}

const SOURCE_FOLDERS = ['client', 'server', 'shared'] as const;

const isSource = (file: string) => /\.tsx?$/.test(file) && !file.endsWith('.d.ts');
const isTest = (file: string) => /\.test\.tsx?$/.test(file) || /(^|\/)(test|testing)\//.test(file);

/** The source files (paths from the root, with /) of the given folders. */
export function sourceFiles(root: string, folders: readonly string[] = SOURCE_FOLDERS): string[] {
  return folders
    .flatMap((folder) =>
      existsSync(join(root, folder))
        ? readdirSync(join(root, folder), { recursive: true, encoding: 'utf8' }).map((file) =>
            posix.join(folder, file.replaceAll('\\', '/')),
          )
        : [],
    )
    .filter(isSource)
    .sort();
}

/** `./x.js` from `client/a/b.ts` → `client/a/x.ts` (or .tsx, or x/index.ts) when that file exists. */
function resolve(root: string, from: string, specifier: string): string | undefined {
  const base = posix.normalize(posix.join(posix.dirname(from), specifier)).replace(/\.js$/, '');
  return [`${base}.ts`, `${base}.tsx`, `${base}/index.ts`].find((file) => existsSync(join(root, file)));
}

function importsOf(root: string, file: string): Import[] {
  const text = readFileSync(join(root, file), 'utf8');
  const source = ts.createSourceFile(
    file,
    text,
    ts.ScriptTarget.Latest,
    false,
    file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );
  const found: Import[] = [];
  const add = (specifier: ts.Expression | undefined, typeOnly: boolean, dynamic: boolean) => {
    if (!specifier || !ts.isStringLiteralLike(specifier) || !specifier.text.startsWith('.')) return;
    const to = resolve(root, file, specifier.text);
    if (to) found.push({ from: file, to, typeOnly, dynamic });
  };
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node)) {
      const clause = node.importClause;
      const bindings = clause?.namedBindings;
      const allTypes =
        clause !== undefined &&
        (clause.isTypeOnly ||
          (clause.name === undefined &&
            bindings !== undefined &&
            ts.isNamedImports(bindings) &&
            bindings.elements.length > 0 &&
            bindings.elements.every((element) => element.isTypeOnly)));
      add(node.moduleSpecifier, allTypes, false);
    } else if (ts.isExportDeclaration(node)) {
      add(node.moduleSpecifier, node.isTypeOnly, false);
    } else if (ts.isImportTypeNode(node)) {
      const argument = node.argument;
      if (ts.isLiteralTypeNode(argument)) add(argument.literal, true, false);
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      add(node.arguments[0], false, true);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

export function importGraph(root: string, files = sourceFiles(root)): Import[] {
  return files.flatMap((file) => importsOf(root, file));
}

/**
 * The import cycles among `imports`: each strongly connected set of files (Tarjan), sorted.
 * Pass only the imports that run at load time (no type-only, no dynamic) for the cycles that matter.
 */
export function cycles(imports: readonly Import[]): string[][] {
  const next = new Map<string, string[]>();
  for (const { from, to } of imports) next.set(from, [...(next.get(from) ?? []), to]);
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  let counter = 0;
  const connect = (file: string) => {
    index.set(file, counter);
    low.set(file, counter);
    counter += 1;
    stack.push(file);
    onStack.add(file);
    for (const to of next.get(file) ?? []) {
      if (!index.has(to)) {
        connect(to);
        low.set(file, Math.min(low.get(file) as number, low.get(to) as number));
      } else if (onStack.has(to)) low.set(file, Math.min(low.get(file) as number, index.get(to) as number));
    }
    if (low.get(file) === index.get(file)) {
      const set: string[] = [];
      let member: string;
      do {
        member = stack.pop() as string;
        onStack.delete(member);
        set.push(member);
      } while (member !== file);
      const selfImport = (next.get(file) ?? []).includes(file);
      if (set.length > 1 || selfImport) found.push(set.sort());
    }
  };
  for (const file of [...next.keys()].sort()) if (!index.has(file)) connect(file);
  return found.sort((a, b) => a[0].localeCompare(b[0]));
}

/** A file's folder as a unit of the layering: `server/games`, `client/features/rounds`, `shared`… */
const folderOf = (file: string) =>
  file
    .split('/')
    .slice(0, file.startsWith('client/features/') ? 3 : 2)
    .join('/')
    .replace(/\.tsx?$/, '');

/** Cycles between folders: product code (no tests, no dynamic imports) with each folder as one node. */
export function folderCycles(imports: readonly Import[]): string[][] {
  return cycles(
    imports
      .filter((edge) => !isTest(edge.from) && !edge.dynamic)
      .map((edge) => ({ ...edge, from: folderOf(edge.from), to: folderOf(edge.to) }))
      .filter((edge) => edge.from !== edge.to),
  );
}

/** The folders holding the most source files (tests included), largest first. */
function largestFolders(files: readonly string[], count = 5): { folder: string; files: number }[] {
  const sizes = new Map<string, number>();
  for (const file of files) sizes.set(dirname(file), (sizes.get(dirname(file)) ?? 0) + 1);
  return [...sizes]
    .map(([folder, size]) => ({ folder, files: size }))
    .sort((a, b) => b.files - a.files || a.folder.localeCompare(b.folder))
    .slice(0, count);
}

/**
 * The floors of each side, lowest first: a product file may import its own floor and the floors
 * below, never one above (tests and test helpers may import anything of their side). `shared/`
 * is below both sides and imports neither; client and server never import each other.
 */
function floorOf(file: string): { side: 'client' | 'server' | 'shared'; floor: number; name: string } {
  if (file.startsWith('shared/')) return { side: 'shared', floor: 0, name: 'shared/' };
  if (file.startsWith('client/')) {
    if (file === 'client/App.tsx' || file === 'client/main.tsx')
      return { side: 'client', floor: 3, name: 'the app (App.tsx, main.tsx)' };
    if (file.startsWith('client/screens/')) return { side: 'client', floor: 2, name: 'screens/' };
    if (file.startsWith('client/features/')) return { side: 'client', floor: 1, name: 'features/' };
    return { side: 'client', floor: 0, name: 'shared client code (components/, api/, state/, hooks/, i18n/)' };
  }
  if (
    file === 'server/app.ts' ||
    file === 'server/main.ts' ||
    file === 'server/admin-cli.ts' ||
    file.startsWith('server/storage/') ||
    file === 'server/api.ts'
  )
    return { side: 'server', floor: 2, name: 'the assembly (app.ts, main.ts, admin-cli.ts, api.ts, storage/)' };
  const folder = file.split('/').length === 2 ? '' : file.split('/')[1];
  if (['', 'http', 'events', 'db'].includes(folder))
    return { side: 'server', floor: 0, name: 'the base (http/, events/, db/, config, errors, ids, paths)' };
  return { side: 'server', floor: 1, name: 'the features' };
}

/** Imports that run back up: across the sides, out of shared/, or to a higher floor of the same side. */
export function arrowsBackUp(imports: readonly Import[]): string[] {
  return imports
    .filter(({ from, to }) => {
      const [a, b] = [floorOf(from), floorOf(to)];
      if (a.side === 'shared') return b.side !== 'shared';
      if (b.side === 'shared') return false;
      if (a.side !== b.side) return true;
      return !isTest(from) && b.floor > a.floor;
    })
    .map(({ from, to }) => `${from} → ${to}`);
}

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].replace(/\\/g, '/').split('/').pop() as string)) {
  const root = process.argv[2] ?? process.cwd();
  const files = sourceFiles(root);
  const imports = importGraph(root, files);
  const atLoad = imports.filter((edge) => !edge.typeOnly && !edge.dynamic);
  console.log(
    JSON.stringify(
      {
        files: files.length,
        largestFolders: largestFolders(files, 8),
        arrowsBackUp: arrowsBackUp(imports),
        cyclesAtLoad: cycles(atLoad),
        cyclesWithTypes: cycles(imports.filter((edge) => !edge.dynamic)),
        folderCycles: folderCycles(imports),
      },
      null,
      1,
    ),
  );
}
