/**
 * Builds the client package in packages/client/dist: src/client/ bundled by esbuild into one ES module, and its
 * declarations by tsc, where each type the client takes from src/lib (zod-inferred records, the catalogue, the error
 * codes) is written out in full in types.d.ts, so the package needs neither zod nor this repository.
 */
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { build } from 'esbuild';
import ts from 'typescript';

const ROOT = resolve(import.meta.dirname, '../..');
/** The package folder (package.json, README.md; dist/ is built). */
export const CLIENT_PACKAGE = join(ROOT, 'packages/client');
const SOURCES = ['index', 'errors', 'transport'];
const COMPILER_OPTIONS: ts.CompilerOptions = {
  strict: true,
  exactOptionalPropertyTypes: true,
  target: ts.ScriptTarget.ES2022,
  module: ts.ModuleKind.ESNext,
  moduleResolution: ts.ModuleResolutionKind.Bundler,
  allowImportingTsExtensions: true,
  skipLibCheck: true,
  declaration: true,
  emitDeclarationOnly: true,
};

/** Builds dist/index.js, dist/{index,errors,transport}.d.ts and dist/types.d.ts; returns the dist folder. */
export async function buildClientPackage(): Promise<string> {
  const dist = join(CLIENT_PACKAGE, 'dist');
  await rm(dist, { recursive: true, force: true });
  await mkdir(dist, { recursive: true });
  await build({
    entryPoints: [join(ROOT, 'src/client/index.ts')],
    outfile: join(dist, 'index.js'),
    bundle: true,
    format: 'esm',
    platform: 'neutral',
    target: 'es2022',
    logLevel: 'warning',
  });
  const emitted = new Map<string, string>();
  const program = ts.createProgram(
    SOURCES.map((name) => join(ROOT, `src/client/${name}.ts`)),
    COMPILER_OPTIONS,
  );
  const errors = ts.getPreEmitDiagnostics(program).filter((d) => d.category === ts.DiagnosticCategory.Error);
  if (errors.length > 0)
    throw new Error(
      ts.formatDiagnostics(errors, {
        getCanonicalFileName: (f) => f,
        getCurrentDirectory: () => ROOT,
        getNewLine: () => '\n',
      }),
    );
  program.emit(undefined, (file, text) => emitted.set(file, text));
  const imported = new Set<string>();
  for (const name of SOURCES) {
    const file = [...emitted.keys()].find((path) => path.endsWith(`/src/client/${name}.d.ts`))!;
    // Imports of src/lib become ./types.js; the client's own modules keep their names, in .js.
    const text = emitted.get(file)!.replace(/from '(\.\.\/lib\/[^']+|\.\/[^']+)\.ts'/g, (_, path: string) => {
      if (!path.startsWith('../lib/')) return `from '${path}.js'`;
      return "from './types.js'";
    });
    for (const match of emitted.get(file)!.matchAll(/import (?:type )?\{([^}]+)\} from '\.\.\/lib\/[^']+'/g)) {
      for (const item of match[1]!.split(',')) imported.add(item.replace(/^\s*type\s+/, '').trim());
    }
    await writeFile(join(dist, `${name}.d.ts`), text);
  }
  await writeFile(join(dist, 'types.d.ts'), libTypes(program, [...imported].filter(Boolean)));
  return dist;
}

/** types.d.ts: each name the client imports from src/lib, written out structurally (a function: its return type). */
function libTypes(program: ts.Program, names: string[]): string {
  const checker = program.getTypeChecker();
  const flags =
    ts.TypeFormatFlags.NoTruncation |
    ts.TypeFormatFlags.InTypeAlias |
    ts.TypeFormatFlags.UseSingleQuotesForStringLiteralType;
  const lines = [
    '// Generated from the zod schemas of permis-facts (src/lib) by npm run client:pack: do not edit.',
    '',
  ];
  for (const source of program.getSourceFiles().filter((file) => file.fileName.includes('/src/lib/'))) {
    const module = checker.getSymbolAtLocation(source);
    if (!module) continue;
    for (const symbol of checker.getExportsOfModule(module)) {
      if (
        !names.includes(symbol.name) ||
        lines.some((line) => line.includes(` ${symbol.name} `) || line.includes(` ${symbol.name}:`))
      )
        continue;
      if (symbol.flags & (ts.SymbolFlags.TypeAlias | ts.SymbolFlags.Interface)) {
        lines.push(
          `export type ${symbol.name} = ${checker.typeToString(checker.getDeclaredTypeOfSymbol(symbol), undefined, flags)};`,
        );
      } else {
        const type = checker.getTypeOfSymbol(symbol);
        const returned = type.getCallSignatures()[0]?.getReturnType();
        lines.push(
          `export declare const ${symbol.name}: ${returned ? `(...args: never[]) => ${checker.typeToString(returned, undefined, flags)}` : checker.typeToString(type, undefined, flags)};`,
        );
      }
    }
  }
  const missing = names.filter(
    (name) => !lines.some((line) => line.includes(` ${name} `) || line.includes(` ${name}:`)),
  );
  if (missing.length > 0) throw new Error(`client types: ${missing.join(', ')} not found in src/lib`);
  return `${lines.join('\n')}\n`;
}

/** Lists what the package's dist/ holds (for the pack summary). */
export async function distFiles(): Promise<string[]> {
  return (await readdir(join(CLIENT_PACKAGE, 'dist'))).sort();
}

/** The package's version, from its package.json. */
export async function clientVersion(): Promise<string> {
  return (JSON.parse(await readFile(join(CLIENT_PACKAGE, 'package.json'), 'utf8')) as { version: string }).version;
}
