/**
 * fast-check arbitraries for hostile and odd tool input: garbage of every JSON shape, and values
 * generated from a tool's own JSON Schema (as tools/list publishes it), so every tool, including
 * ones added later, gets inputs that reach its handler as well as inputs that must be refused.
 */
import fc from 'fast-check';

export type JsonSchema = {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  $ref?: string;
  $defs?: Record<string, JsonSchema>;
  definitions?: Record<string, JsonSchema>;
};

/** Strings that have broken servers before: traversal, prototype keys, control and odd Unicode, markup. */
export const nastyStrings = [
  '',
  ' ',
  '\u0000',
  '../../../../etc/passwd',
  '..\\..\\..\\windows\\win.ini',
  '/etc/passwd',
  'file:///etc/passwd',
  '%2e%2e%2f%2e%2e%2fetc%2fpasswd',
  'corpus/manifest.json',
  'dist/data/corpus-rules.json',
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'hasOwnProperty',
  '{"$ref":"#"}',
  '$ref',
  '<script>alert(1)</script>',
  "' OR 1=1 --",
  '${process.exit(1)}',
  '\u202e\u0301\ufeff',
  '\ud83d\ude00'.repeat(30),
  '８－５－２',
  'rule 8-5-3-2-3.',
  '8-5-3-2-3',
  '2.4.1',
  'section-8',
  'GD01-001',
  'ST01-014-p4',
  'GD01-999',
  '\\',
  '"',
  '%',
  '*',
  '~'.repeat(64),
];

const leafGarbage = fc.oneof(
  fc.constantFrom(...nastyStrings),
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 20 }),
  fc.integer().map((n) => 'x'.repeat(Math.abs(n) % 5000)),
  fc.integer(),
  fc.constantFrom(-1, 0, -0, 1.5, 1e308, -1e308, Number.MAX_SAFE_INTEGER + 2, 2 ** 53, -(2 ** 31)),
  fc.double({ noNaN: true }),
  fc.boolean(),
  fc.constant(null),
);

/** Any JSON value, a few levels deep, biased towards nasty leaves. */
export const garbageValue: fc.Arbitrary<unknown> = fc.letrec<{ v: unknown }>((tie) => ({
  v: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    leafGarbage,
    fc.array(tie('v'), { maxLength: 5 }),
    fc.dictionary(fc.oneof(fc.string({ maxLength: 10 }), fc.constantFrom('__proto__', 'constructor', '$ref', 'id', 'query')), tie('v'), { maxKeys: 5 }),
    // Self-references as JSON can spell them.
    fc.constantFrom({ $ref: '#' }, { $ref: '$' }, { a: { $ref: '#/a' } }, { id: 'a', parent: { $ref: 'a' } }),
  ),
})).v;

/** An object from pairs, serialised by hand so keys such as "__proto__" become real own keys. */
function objectFromPairs(pairs: [string, unknown][]): Record<string, unknown> {
  return JSON.parse(`{${pairs.map(([k, v]) => `${JSON.stringify(k)}:${JSON.stringify(v ?? null)}`).join(',')}}`) as Record<string, unknown>;
}

/** Garbage arguments for a tool: random objects, objects over its own field names, and non-objects. */
export function garbageArguments(schema: JsonSchema): fc.Arbitrary<unknown> {
  const names = Object.keys(schema.properties ?? {});
  const key = names.length ? fc.oneof(fc.constantFrom(...names), fc.string({ maxLength: 12 }), fc.constantFrom('__proto__', 'constructor', '$ref')) : fc.string({ maxLength: 12 });
  return fc.oneof(
    { weight: 6, arbitrary: fc.array(fc.tuple(key, garbageValue), { maxLength: 6 }).map(objectFromPairs) },
    { weight: 1, arbitrary: fc.oneof(fc.constant(null), fc.array(garbageValue, { maxLength: 3 }), fc.string({ maxLength: 20 }), fc.integer(), fc.boolean()) },
  );
}

function resolve(schema: JsonSchema, root: JsonSchema): JsonSchema {
  if (!schema.$ref) return schema;
  const m = /^#\/(\$defs|definitions)\/(.+)$/.exec(schema.$ref);
  const target = m ? root[m[1] as '$defs' | 'definitions']?.[decodeURIComponent(m[2]!)] : schema.$ref === '#' ? root : undefined;
  return target ?? {};
}

/**
 * Values shaped by a JSON Schema. With `mutate`, every node now and then becomes garbage instead
 * (a wrong type, a number out of range, an over-long string): near-valid input whose one bad
 * field the error message has to name.
 */
export function fromSchema(schema: JsonSchema, options: { mutate?: boolean; root?: JsonSchema; depth?: number } = {}): fc.Arbitrary<unknown> {
  const root = options.root ?? schema;
  const depth = options.depth ?? 0;
  const s = resolve(schema, root);
  const next = (sub: JsonSchema) => fromSchema(sub, { ...options, root, depth: depth + 1 });
  const shaped = shapedBy(s, next, depth);
  if (!options.mutate) return shaped;
  return fc.oneof({ weight: 12, arbitrary: shaped }, { weight: 1, arbitrary: outOfBounds(s) }, { weight: 1, arbitrary: garbageValue });
}

function shapedBy(s: JsonSchema, next: (sub: JsonSchema) => fc.Arbitrary<unknown>, depth: number): fc.Arbitrary<unknown> {
  if (s.const !== undefined) return fc.constant(s.const);
  if (s.enum) return fc.constantFrom(...s.enum);
  const alternatives = s.anyOf ?? s.oneOf;
  if (alternatives?.length) return fc.oneof(...alternatives.map(next));
  if (s.allOf?.length) return next(s.allOf[0]!);
  const type = Array.isArray(s.type) ? s.type : s.type ? [s.type] : s.properties ? ['object'] : [];
  if (type.length > 1) return fc.oneof(...type.map((t) => next({ ...s, type: t })));
  switch (type[0]) {
    case 'string': {
      const min = s.minLength ?? 0;
      const max = Math.max(min, Math.min(s.maxLength ?? 60, 200));
      return fc.oneof(
        fc.string({ minLength: min, maxLength: max }),
        fc.string({ unit: 'grapheme', minLength: min, maxLength: Math.min(max, 40) }),
        fc.constantFrom(...nastyStrings.filter((x) => x.length >= min && x.length <= max)).map((x) => x),
        fc.constant('x'.repeat(max)),
      );
    }
    case 'integer': {
      const min = s.minimum ?? (s.exclusiveMinimum !== undefined ? s.exclusiveMinimum + 1 : -1_000_000);
      const max = s.maximum ?? (s.exclusiveMaximum !== undefined ? s.exclusiveMaximum - 1 : 1_000_000);
      return fc.oneof(fc.integer({ min, max }), fc.constantFrom(min, max));
    }
    case 'number': {
      const min = s.minimum ?? -1e9;
      const max = s.maximum ?? 1e9;
      return fc.oneof(fc.double({ min, max, noNaN: true, noDefaultInfinity: true }), fc.constantFrom(min, max));
    }
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array': {
      const min = s.minItems ?? 0;
      // Deep down, arrays stay short; near the top, sometimes long (up to the schema's own maximum).
      const cap = depth > 2 ? 2 : 4;
      const max = Math.max(min, Math.min(s.maxItems ?? cap, cap));
      const item = s.items ? next(s.items) : garbageValue;
      const normal = fc.array(item, { minLength: min, maxLength: max });
      if (s.maxItems === undefined || s.maxItems <= max || s.maxItems > 20 || depth > 3) return normal;
      return fc.oneof({ weight: 8, arbitrary: normal }, { weight: 1, arbitrary: fc.array(item, { minLength: s.maxItems, maxLength: s.maxItems }) });
    }
    case 'object': {
      const props = s.properties ?? {};
      const required = new Set(s.required ?? []);
      if (depth > 6) return fc.constant(Object.fromEntries([...required].map((k) => [k, null])));
      const record: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [k, sub] of Object.entries(props)) record[k] = next(sub);
      return fc.record(record, { requiredKeys: [...required].filter((k) => k in props) });
    }
    default:
      return garbageValue;
  }
}

/** Just outside what the schema accepts: past the bounds, or the wrong type. */
function outOfBounds(s: JsonSchema): fc.Arbitrary<unknown> {
  const type = Array.isArray(s.type) ? s.type[0] : s.type;
  switch (type) {
    case 'string':
      return fc.constantFrom('x'.repeat((s.maxLength ?? 1000) + 1), '', 42, null);
    case 'integer':
    case 'number':
      return fc.constantFrom((s.minimum ?? 0) - 1, (s.maximum ?? 1e9) + 1, 0.5, -1, '7', null);
    case 'array':
      return fc.constantFrom(Array.from({ length: (s.maxItems ?? 100) + 1 }, () => ({})), 'not an array', {});
    case 'object':
      return fc.constantFrom([], 'not an object', { unknown_field: 1 });
    default:
      return garbageValue;
  }
}
