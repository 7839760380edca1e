import type { Playlist } from '@/lib/playlist';

/** A value of a condition: text, a number, a date ('2024-12-31'), days, a pair, a key or a boolean. */
export type RuleValue = string | number | boolean | [number, number] | [string, string] | null;

export interface Condition {
  field: string;
  op: string;
  value?: RuleValue;
}

export interface Group {
  match: 'all' | 'any';
  rules: Rule[];
}

export type Rule = Condition | Group;

/** A smart playlist's rules (docs/api.md, 'Smart playlists'). */
export interface SmartRules extends Group {
  sort?: string;
  order?: 'asc' | 'desc';
  limit?: number;
}

/** A playlist as the API returns it, with the smart playlist's fields. */
export type MaybeSmart = Playlist & { smart?: boolean; rules?: SmartRules };

export type Kind = 'text' | 'number' | 'date' | 'bool' | 'key';

/** A field rules may name, as GET /api/playlist/smart/fields lists it. */
export interface Field {
  name: string;
  label: string;
  kind: Kind;
  min?: number;
  max?: number;
  never?: boolean;
}

export interface FieldCatalog {
  fields: Field[];
  operators: Record<Kind, string[]>;
  maxDepth: number;
  maxLimit: number;
}

export const isGroup = (r: Rule): r is Group => 'match' in r;

const OP_LABELS: Record<Kind, Record<string, string>> = {
  text: {
    is: 'is',
    isNot: 'is not',
    contains: 'contains',
    notContains: 'does not contain',
    startsWith: 'starts with',
  },
  number: { eq: 'is', ne: 'is not', lt: 'is less than', gt: 'is more than', between: 'is between' },
  date: {
    eq: 'is on',
    ne: 'is not on',
    lt: 'is before',
    gt: 'is after',
    between: 'is between',
    inTheLast: 'in the last',
    notInTheLast: 'not in the last',
    never: 'never',
  },
  bool: { is: 'is' },
  key: { is: 'is', isNot: 'is not' },
};

export function opLabel(kind: Kind, op: string): string {
  return OP_LABELS[kind][op] ?? op;
}

/** The operators a field offers: 'never' only for a date that may not have happened. */
export function opsOf(catalog: FieldCatalog, field: Field): string[] {
  return catalog.operators[field.kind].filter((op) => op !== 'never' || field.never);
}

const PITCHES = ['C', 'C♯', 'D', 'E♭', 'E', 'F', 'F♯', 'G', 'A♭', 'A', 'B♭', 'B'];

/** The 24 keys, as the server spells them. */
export const KEYS = [...PITCHES.map((p) => `${p} major`), ...PITCHES.map((p) => `${p} minor`)];

function today(): string {
  return new Date().toISOString().slice(0, 10);
}

/** A sensible value for a field and operator, so a new condition already means something. */
export function defaultValue(field: Field, op: string): RuleValue | undefined {
  switch (field.kind) {
    case 'text':
      return '';
    case 'bool':
      return true;
    case 'key':
      return 'A minor';
    case 'date':
      if (op === 'never') return undefined;
      if (op === 'inTheLast' || op === 'notInTheLast') return 30;
      if (op === 'between') return [today(), today()];
      return today();
    case 'number': {
      const n = field.min ?? 0;
      return op === 'between' ? [n, field.max ?? n + 10] : n;
    }
  }
}

/** The value kept when the operator changes, when it still fits; else a fresh default. */
export function valueForOp(field: Field, from: string, to: string, value: RuleValue | undefined) {
  const shape = (op: string) =>
    op === 'between'
      ? 'pair'
      : op === 'inTheLast' || op === 'notInTheLast'
        ? 'days'
        : op === 'never'
          ? 'none'
          : 'one';
  if (shape(from) === shape(to)) return value;
  return defaultValue(field, to);
}

export function newCondition(catalog: FieldCatalog, name = 'artist'): Condition {
  const field = catalog.fields.find((f) => f.name === name) ?? catalog.fields[0]!;
  const op = opsOf(catalog, field)[0]!;
  return { field: field.name, op, value: defaultValue(field, op) };
}

/** The address of a rule in the tree: indexes from the top group down. */
export type Path = number[];

/** The rules with the group at path replaced by what change makes of it. */
export function updateGroup(root: SmartRules, path: Path, change: (g: Group) => Group): SmartRules {
  const walk = (g: Group, rest: Path): Group => {
    if (rest.length === 0) return change(g);
    const [i, ...tail] = rest;
    return {
      ...g,
      rules: g.rules.map((r, j) => (j === i && isGroup(r) ? walk(r, tail) : r)),
    };
  };
  return { ...root, ...walk(root, path) };
}

/** How many conditions the rules hold, nested ones included. */
export function countConditions(g: Group): number {
  return g.rules.reduce((n, r) => n + (isGroup(r) ? countConditions(r) : 1), 0);
}

export const EMPTY_RULES: SmartRules = { match: 'all', rules: [] };
