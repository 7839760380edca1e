// JSON Schemas of every answer, made at test time from the TypeScript types
// the npm subsonic-api client ships (its lib/index.d.ts): each method of its
// SubsonicAPI class promises `SubsonicBaseResponse & { key: Type }`, and that
// type, turned into a schema by ts-json-schema-generator, is what the answer
// of the call must match (ajv). Required fields and types must match; fields
// the client does not know are allowed, as a client ignores them.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Ajv } from 'ajv';
import { createGenerator } from 'ts-json-schema-generator';
import ts from 'typescript';

// The package exports only its entry (lib/index.js): its folder is two up.
const clientDir = dirname(dirname(fileURLToPath(import.meta.resolve('subsonic-api'))));
const clientTypes = join(clientDir, 'lib', 'index.d.ts');

// Where the client's types contradict the OpenSubsonic spec, the spec wins.
// Fields: corrected in a copy of the client's types.d.ts (each must apply
// exactly `count` times, so that a new client version is looked at again).
const typeErrata = [
  {
    why: 'genres of a song or an album are ItemGenre objects, {name}, not strings',
    find: 'genres?: string[];',
    replace: 'genres?: ItemGenre[];',
    count: 2,
  },
  {
    why: 'ArtistID3 requires only id and name; albumCount is optional',
    find: 'export interface ArtistID3 {\n    albumCount: number;',
    replace: 'export interface ArtistID3 {\n    albumCount?: number;',
    count: 1,
  },
  {
    why: 'every field of ReplayGain is optional: a server leaves out what it does not know',
    find: 'export interface ReplayGain {\n    trackGain: number;\n    albumGain: number;\n    trackPeak: number;\n    albumPeak: number;\n    baseGain: number;\n    fallbackGain: number;\n}',
    replace:
      'export interface ReplayGain {\n    trackGain?: number;\n    albumGain?: number;\n    trackPeak?: number;\n    albumPeak?: number;\n    baseGain?: number;\n    fallbackGain?: number;\n}',
    count: 1,
  },
];
const itemGenre = 'export interface ItemGenre {\n    name: string;\n}\n';

// Answers: typed here instead, in the client's own vocabulary.
export const errata = {
  // The spec answers both with an empty subsonic-response; the client's
  // types promise a playlist its code never reads.
  updatePlaylist: 'SubsonicBaseResponse',
  deletePlaylist: 'SubsonicBaseResponse',
  // The spec's lyricsList is an object holding structuredLyrics; the types
  // call the array itself lyricsList.
  getLyricsBySongId:
    'SubsonicBaseResponse & { lyricsList: { structuredLyrics?: StructuredLyrics[] } }',
};

/**
 * The answer type of every method of SubsonicAPI that answers JSON, by
 * method name, as TypeScript source (the inside of its Promise<…>).
 */
function answerTypes() {
  const source = ts.createSourceFile(
    clientTypes,
    readFileSync(clientTypes, 'utf8'),
    ts.ScriptTarget.Latest,
    true,
  );
  const types = {};
  const imports = [];
  for (const stmt of source.statements) {
    if (ts.isImportDeclaration(stmt) && stmt.importClause?.namedBindings) {
      for (const el of stmt.importClause.namedBindings.elements ?? []) imports.push(el.name.text);
    }
    if (!ts.isClassDeclaration(stmt) || stmt.name?.text !== 'SubsonicAPI') continue;
    for (const m of stmt.members) {
      if (!ts.isMethodDeclaration(m) || !m.type || !ts.isTypeReferenceNode(m.type)) continue;
      const [inner] = m.type.typeArguments ?? [];
      if (m.type.typeName.getText(source) !== 'Promise' || !inner) continue;
      const text = inner.getText(source);
      if (!text.startsWith('SubsonicBaseResponse')) continue; // binary answers
      types[m.name.getText(source)] = text;
    }
  }
  return { types: { ...types, ...errata }, imports };
}

/**
 * Compiles one validator per method: validate(method, answer) returns the
 * list of problems ([] when the answer matches the client's type).
 */
export function compileSchemas() {
  const { types, imports } = answerTypes();
  const dir = mkdtempSync(join(tmpdir(), 'subsonic-schemas-'));
  try {
    const lib = join(dir, 'client');
    cpSync(join(clientDir, 'lib'), lib, { recursive: true });
    let types_ = readFileSync(join(lib, 'types.d.ts'), 'utf8');
    for (const e of typeErrata) {
      const n = types_.split(e.find).length - 1;
      if (n !== e.count)
        throw new Error(
          `the client's types changed: "${e.find}" found ${n} times, not ${e.count} (${e.why})`,
        );
      types_ = types_.replaceAll(e.find, e.replace);
    }
    writeFileSync(join(lib, 'types.d.ts'), types_ + itemGenre);
    const file = join(dir, 'answers.ts');
    const from = JSON.stringify('./client/index.js');
    const names = [...new Set([...imports, 'SubsonicBaseResponse'])].join(', ');
    const lines = [`import type { ${names} } from ${from};`];
    for (const [method, type] of Object.entries(types)) {
      lines.push(`export type Answer_${method} = ${type};`);
    }
    writeFileSync(file, lines.join('\n') + '\n');
    writeFileSync(
      join(dir, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          strict: true,
          module: 'nodenext',
          moduleResolution: 'nodenext',
          skipLibCheck: true,
        },
        files: ['answers.ts'],
      }),
    );
    const schema = createGenerator({
      path: file,
      tsconfig: join(dir, 'tsconfig.json'),
      type: '*',
      additionalProperties: true,
      skipTypeCheck: true,
      expose: 'all',
      topRef: true,
    }).createSchema('*');

    const ajv = new Ajv({ allErrors: true, strict: false });
    // Dates travel as ISO 8601 text (the client turns them into Date).
    ajv.addFormat('date-time', /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/);
    ajv.addSchema(schema, 'answers');
    const validators = {};
    for (const method of Object.keys(types)) {
      validators[method] = ajv.getSchema(`answers#/definitions/Answer_${method}`);
      if (!validators[method]) throw new Error(`no schema made for ${method}`);
    }
    return {
      methods: Object.keys(types),
      validate(method, answer) {
        const v = validators[method];
        if (!v) return [`no type in the client for ${method}`];
        if (v(answer)) return [];
        // The base type is a union (ok or failed, Subsonic or OpenSubsonic):
        // ajv reports each branch; the branches an ok answer cannot take
        // only repeat the news.
        const noise =
          /^\/(status|openSubsonic)? ?must (be equal to constant|have required property 'error'|match a schema in anyOf)/;
        const all = v.errors.map((e) => `${e.instancePath || '/'} ${e.message}`);
        const real = [...new Set(all)].filter((m) => !noise.test(m));
        return real.length ? real : [...new Set(all)];
      },
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
