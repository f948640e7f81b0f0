/**
 * The JSON Schemas tools/list publishes, made from the tools' zod schemas. An assistant reads every
 * one of them before it answers anything, and several model vendors' tool-calling APIs accept only
 * a subset of JSON Schema, so they are written compact and portable:
 *
 * - draft 2020-12 (the MCP default dialect, so no `$schema`), every shared shape once in `$defs`:
 *   the schemas named with `.meta({ id })` (Player, Unit, CardRef, ...) and any other shape a
 *   schema repeats (an id of 1-64 characters, a count 0-1000, a nullable string) where sharing it
 *   makes the schema shorter;
 * - no `type` arrays (zod writes nullable fields as `["string","null"]`; Gemini's function
 *   declarations take one type per schema): each becomes `anyOf` branches of one type each, the
 *   type's own keywords moved into its branch;
 * - no schema that accepts anything (`{}`): converting one is an error here, so a tool cannot ship it;
 * - no bounds that say nothing (zod's safe-integer range on every `.int()`);
 * - inputs only: a union of object variants told apart by a `const` field (simulate_ruling's
 *   actions) is one object with a signature per variant, and nested objects leave out
 *   `additionalProperties: false` (the server refuses unknown fields at any depth all the same);
 * - outputs only: enums without their redundant `type`, and below the top level only the structure
 *   (objects, their required fields, enums), not each leaf field's type (see relaxNestedOutput).
 *
 * The zod schemas stay what the server validates with; these are what clients are told.
 */
import { z } from 'zod';

export type JsonSchema = { [key: string]: unknown };

const isObject = (v: unknown): v is JsonSchema => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Keywords whose value is a map of schemas, a list of schemas, or one schema. */
const SCHEMA_MAPS = ['properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas'];
const SCHEMA_LISTS = ['anyOf', 'oneOf', 'allOf', 'prefixItems'];
const SCHEMA_ONE = ['items', 'additionalProperties', 'not', 'contains', 'propertyNames', 'if', 'then', 'else', 'unevaluatedProperties', 'unevaluatedItems'];

/** Every subschema directly under `node`, with a function that replaces it. */
function children(node: JsonSchema): { get: () => unknown; set: (v: JsonSchema) => void }[] {
  const out: { get: () => unknown; set: (v: JsonSchema) => void }[] = [];
  for (const k of SCHEMA_MAPS) {
    const map = node[k];
    if (isObject(map)) for (const name of Object.keys(map)) out.push({ get: () => map[name], set: (v) => (map[name] = v) });
  }
  for (const k of SCHEMA_LISTS) {
    const list = node[k];
    if (Array.isArray(list)) list.forEach((_, i) => out.push({ get: () => list[i], set: (v) => (list[i] = v) }));
  }
  for (const k of SCHEMA_ONE) if (isObject(node[k])) out.push({ get: () => node[k], set: (v) => (node[k] = v) });
  return out;
}

/** Keywords that constrain one type only, moved into that type's branch when a type array is split. */
const TYPE_KEYWORDS: Record<string, string[]> = {
  string: ['minLength', 'maxLength', 'pattern', 'format'],
  number: ['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf'],
  integer: ['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf'],
  array: ['items', 'prefixItems', 'minItems', 'maxItems', 'uniqueItems', 'contains'],
  object: ['properties', 'required', 'additionalProperties', 'patternProperties', 'propertyNames', 'minProperties', 'maxProperties'],
};

/** `{"type": ["string","null"], "maxLength": 9}` -> `{"anyOf": [{"type":"string","maxLength":9}, {"type":"null"}]}`. */
function splitTypeArray(node: JsonSchema): void {
  const types = node.type;
  if (!Array.isArray(types)) return;
  const branches = types.map((t: string) => {
    const branch: JsonSchema = { type: t };
    for (const k of TYPE_KEYWORDS[t] ?? []) if (k in node) branch[k] = node[k];
    return branch;
  });
  delete node.type;
  for (const t of types) for (const k of TYPE_KEYWORDS[t as string] ?? []) delete node[k];
  if (Array.isArray(node.anyOf)) node.allOf = [...((node.allOf as unknown[]) ?? []), { anyOf: branches }];
  else node.anyOf = branches;
}

const CONSTRAINING = new Set([
  'type', 'enum', 'const', '$ref', 'anyOf', 'oneOf', 'allOf', 'not', 'properties', 'items', 'required', 'additionalProperties',
  'minimum', 'maximum', 'minLength', 'maxLength', 'pattern', 'format', 'minItems', 'maxItems', 'prefixItems',
]);

function portable(node: JsonSchema, path: string): void {
  // zod bounds every .int() by the safe-integer range, which no value of ours comes near: bytes
  // that say nothing (a number beyond it cannot be an exact integer anyway).
  if (node.minimum === Number.MIN_SAFE_INTEGER) delete node.minimum;
  if (node.maximum === Number.MAX_SAFE_INTEGER) delete node.maximum;
  splitTypeArray(node);
  // Every key of a JSON object is a string: zod's `propertyNames` for a record says nothing.
  if (isObject(node.propertyNames) && JSON.stringify(node.propertyNames) === '{"type":"string"}') delete node.propertyNames;
  if (!Object.keys(node).some((k) => CONSTRAINING.has(k))) {
    throw new Error(`${path}: a schema that accepts any value (${JSON.stringify(node)}); say what the value is`);
  }
  for (const c of children(node)) {
    const v = c.get();
    if (isObject(v)) portable(v, path);
    else if (typeof v === 'boolean' && v) throw new Error(`${path}: a bare \`true\` schema`);
  }
}

/** `{"anyOf": [{"anyOf": [a, b]}, c]}` -> `{"anyOf": [a, b, c]}` (zod nests a nullable union so). */
function flattenAnyOf(node: JsonSchema): void {
  for (const c of children(node)) {
    const v = c.get();
    if (isObject(v)) flattenAnyOf(v);
  }
  if (!Array.isArray(node.anyOf)) return;
  node.anyOf = (node.anyOf as unknown[]).flatMap((b) => (isObject(b) && Array.isArray(b.anyOf) && Object.keys(b).length === 1 ? (b.anyOf as unknown[]) : [b]));
}

/** A schema with its local `$ref`s followed to the definition (undefined for a cycle or a non-schema). */
function deref(defs: JsonSchema, s: unknown, seen: ReadonlySet<string> = new Set()): JsonSchema | undefined {
  if (!isObject(s)) return undefined;
  if (typeof s.$ref !== 'string') return s;
  const name = s.$ref.replace('#/$defs/', '');
  if (seen.has(name)) return undefined;
  return deref(defs, defs[name], new Set(seen).add(name));
}

/**
 * An input union of many object variants told apart by a `const` field (simulate_ruling's 16
 * actions) is published as one object: the discriminator as an `enum`, every variant's fields,
 * and a description giving each variant's fields (`attack: attacker, target, blocker?, ...`).
 * Each variant written out in full would cost an assistant 2-3 KB more context on every request,
 * and `oneOf` is what several vendors' tool-calling APIs handle worst. The server still checks
 * each action against its own variant, and an error names the fields that variant accepts.
 */
function flattenUnions(node: JsonSchema, defs: JsonSchema, minVariants = 2): void {
  for (const c of children(node)) {
    const v = c.get();
    if (isObject(v)) flattenUnions(v, defs, minVariants);
  }
  for (const k of ['oneOf', 'anyOf']) {
    const list = node[k];
    if (!Array.isArray(list) || list.length < minVariants) continue;
    // A bare reference stands for its definition; one with more beside it is not flattened.
    const resolve = (b: unknown): JsonSchema | undefined => {
      const r = isObject(b) && typeof b.$ref === 'string' && Object.keys(b).length > 1 ? undefined : deref(defs, b);
      return r && r.type === 'object' && isObject(r.properties) ? r : undefined;
    };
    const variants = list.map(resolve);
    if (variants.some((v) => !v)) continue;
    const objects = variants as JsonSchema[];
    const field = Object.keys(objects[0]!.properties as JsonSchema).find((f) =>
      objects.every((o) => isObject((o.properties as JsonSchema)[f]) && ('const' in ((o.properties as JsonSchema)[f] as JsonSchema) || 'enum' in ((o.properties as JsonSchema)[f] as JsonSchema))),
    );
    if (!field) continue;
    const valuesOf = (o: JsonSchema) => {
      const d = (o.properties as Record<string, JsonSchema>)[field]!;
      return 'const' in d ? [d.const] : (d.enum as unknown[]);
    };
    const names = (o: JsonSchema) => Object.keys(o.properties as JsonSchema).filter((f) => f !== field);
    const common = names(objects[0]!).filter((f) => objects.every((o) => names(o).includes(f)));
    const properties: Record<string, JsonSchema> = {};
    const seen = new Map<string, Map<string, JsonSchema>>();
    const said = new Map<string, Set<string>>();
    for (const o of objects) {
      for (const f of names(o)) {
        const { description, ...schema } = (o.properties as Record<string, JsonSchema>)[f]!;
        const forms = seen.get(f) ?? new Map<string, JsonSchema>();
        forms.set(JSON.stringify(schema), schema);
        seen.set(f, forms);
        if (typeof description === 'string') said.set(f, (said.get(f) ?? new Set()).add(description));
      }
    }
    for (const [f, forms] of seen) {
      const distinct = [...forms.values()];
      const schema: JsonSchema = distinct.length === 1 ? { ...distinct[0] } : { anyOf: distinct };
      const descriptions = [...(said.get(f) ?? [])];
      if (descriptions.length) schema.description = descriptions.join('; ');
      properties[f] = schema;
    }
    // Variants with the same fields share one signature ("rest|recover(target,amount?)"), and an
    // optional field that three or more variants take is named once after them ("player? on …").
    const requiredIn = (o: JsonSchema) => new Set((o.required as string[] | undefined) ?? []);
    const takers = (f: string) => objects.filter((o) => names(o).includes(f));
    const fieldsOf = (o: JsonSchema) => JSON.stringify(names(o).filter((f) => !common.includes(f)));
    const spread = [...seen.keys()].filter((f) => !common.includes(f) && new Set(takers(f).map(fieldsOf)).size >= 3 && takers(f).every((o) => !requiredIn(o).has(f)));
    const grouped = new Map<string, unknown[]>();
    for (const o of objects) {
      const required = requiredIn(o);
      const fields = names(o).filter((f) => !common.includes(f) && !spread.includes(f)).map((f) => (required.has(f) ? f : `${f}?`));
      const tail = `(${fields.join(',')})${typeof o.description === 'string' ? `: ${o.description}` : ''}`;
      grouped.set(tail, [...(grouped.get(tail) ?? []), ...valuesOf(o)]);
    }
    const byTakers = new Map<string, string[]>();
    for (const f of spread) {
      const on = takers(f).flatMap(valuesOf).join('|');
      byTakers.set(on, [...(byTakers.get(on) ?? []), `${f}?`]);
    }
    const signatures = [...[...grouped].map(([tail, values]) => `${values.join('|')}${tail}`), ...[...byTakers].map(([on, fields]) => `${fields.join(',')} on ${on}`)];
    const discriminator = (objects[0]!.properties as Record<string, JsonSchema>)[field]!;
    const { const: _c, enum: _e, description: _d, ...rest } = discriminator;
    delete node[k];
    Object.assign(node, {
      type: 'object',
      properties: { [field]: { ...rest, enum: objects.flatMap(valuesOf) }, ...properties },
      required: [field, ...common.filter((f) => objects.every((o) => ((o.required as string[] | undefined) ?? []).includes(f)))],
      additionalProperties: false,
      description: `${typeof node.description === 'string' ? `${node.description}. ` : ''}${signatures.join('; ')}`,
    });
  }
}

/**
 * Nested input objects are published without `additionalProperties: false`: the server refuses an
 * unknown field at any depth all the same, naming it and the fields accepted there, and the
 * keyword is one that Gemini's function declarations reject; the top level keeps it.
 */
function openNestedInputObjects(root: JsonSchema): void {
  const visit = (node: JsonSchema) => {
    for (const c of children(node)) {
      const v = c.get();
      if (!isObject(v)) continue;
      if (v.additionalProperties === false) delete v.additionalProperties;
      visit(v);
    }
  };
  visit(root);
}

/**
 * Output enums without their `type`: `{"enum": ["en", "ja"]}` accepts exactly what
 * `{"type": "string", "enum": ["en", "ja"]}` does. Inputs keep it: some vendors' function
 * declarations want a type on every schema.
 */
function untypedOutputEnums(node: JsonSchema): void {
  const jsonType = (v: unknown) => (v === null ? 'null' : Array.isArray(v) ? 'array' : Number.isInteger(v) ? 'integer' : typeof v);
  if (Array.isArray(node.enum) && typeof node.type === 'string') {
    const type = node.type;
    if (node.enum.every((v) => jsonType(v) === type || (type === 'number' && typeof v === 'number'))) delete node.type;
  }
  for (const c of children(node)) {
    const v = c.get();
    if (isObject(v)) untypedOutputEnums(v);
  }
}

/**
 * Below its top level, an output schema keeps its structure and drops its leaf detail. The whole
 * tools/list has 24 KB; the input schemas, which an assistant needs to call a tool right, take
 * half of it, and the output schemas written out in full were 17 KB. So every output object
 * except the top-level one is published with its `type` and the schemas of only those fields that
 * hold further objects (described the same way) or a closed set of values (an enum); a leaf field
 * (a string, number, boolean, list of strings, or any of those or null) is named in `required` and
 * its type is left out, an optional leaf field is left out, and `additionalProperties: false` is
 * not repeated. `required` is kept one level down (a result, a card, a rule) and left out deeper (a
 * result's children, a rule's citations), where an assistant learns the fields from the answer
 * itself. The top level stays exact: every field's type, `required`, no other field. docs/tools.md
 * says the same for clients.
 */
function relaxNestedOutput(root: JsonSchema): void {
  const defs = (root.$defs ?? {}) as JsonSchema;
  const resolve = (s: unknown) => deref(defs, s);
  /** Whether a field's value is, or can be, an object (alone, in a list, or beside null). */
  const holdsObjects = (s: unknown): boolean => {
    const r = resolve(s);
    if (!r) return false;
    if (r.type === 'object') return true;
    if (r.type === 'array') return holdsObjects(r.items);
    return Array.isArray(r.anyOf) && r.anyOf.some(holdsObjects);
  };
  const closedSet = (s: unknown): boolean => {
    const r = resolve(s);
    if (!r) return false;
    if ('enum' in r || 'const' in r) return true;
    if (r.type === 'array') return closedSet(r.items);
    return Array.isArray(r.anyOf) && r.anyOf.some(closedSet);
  };
  // depth counts objects: the top is 0, an object field of it 1 (or a shared definition), its own object fields 2.
  const visit = (node: JsonSchema, depth: number) => {
    const inner = node.type === 'object' ? depth + 1 : depth;
    for (const c of children(node)) {
      const v = c.get();
      if (isObject(v)) visit(v, inner);
    }
    if (depth === 0 || node.type !== 'object') return;
    if (node.additionalProperties === false) delete node.additionalProperties;
    if (depth >= 2) delete node.required;
    const properties = node.properties;
    if (!isObject(properties)) return;
    for (const [name, field] of Object.entries(properties)) if (!holdsObjects(field) && !closedSet(field)) delete properties[name];
    if (!Object.keys(properties).length) delete node.properties;
  };
  visit(root, 0);
}

/** Drops the `$defs` nothing refers to any more (the variants `flattenUnions` inlined). */
function dropUnusedDefs(root: JsonSchema): void {
  const defs = root.$defs;
  if (!isObject(defs)) return;
  for (;;) {
    const { $defs: _, ...rest } = root;
    const text = JSON.stringify(rest) + JSON.stringify(defs);
    const unused = Object.keys(defs).filter((name) => !text.includes(`"#/$defs/${name}"`));
    if (!unused.length) break;
    for (const name of unused) delete defs[name];
  }
  if (!Object.keys(defs).length) delete root.$defs;
}

/** A readable name for a shared shape: known leaves by what they are, others by where they were first met. */
function shapeName(node: JsonSchema, where: string): string {
  const { type, minLength, maxLength, minimum, maximum } = node as Record<string, unknown>;
  const keys = Object.keys(node).length;
  if (type === 'string' && minLength === 1 && maxLength === 64 && keys === 3) return 'Id';
  if (type === 'integer' && minimum === 0 && maximum === 1000 && keys === 3) return 'Count';
  if (type === 'integer' && minimum === -1000 && maximum === 1000 && keys === 3) return 'Modifier';
  if (type === 'string' && maxLength === 200 && keys === 2) return 'Text';
  if (type === 'string' && maxLength === 1000 && keys === 2) return 'LongText';
  if (type === 'string' && maxLength === 20 && keys === 2) return 'ShortText';
  const branches = node.anyOf;
  if (Array.isArray(branches) && branches.length === 2 && keys === 1 && isObject(branches[1]) && branches[1].type === 'null' && Object.keys(branches[1]).length === 1) {
    const b = branches[0] as JsonSchema;
    const inner = typeof b.$ref === 'string' ? b.$ref.replace('#/$defs/', '') : typeof b.type === 'string' && Object.keys(b).length === 1 ? b.type[0]!.toUpperCase() + b.type.slice(1) : where;
    return `${inner}OrNull`;
  }
  if (type === 'array' && keys === 2 && isObject(node.items) && node.items.type === 'string' && Object.keys(node.items).length === 1) return 'Strings';
  if (type === 'string' && Array.isArray(node.enum)) return (node.enum as string[]).map((e) => e.replace(/(^|_)(\w)/g, (_m, _u, c: string) => c.toUpperCase())).join('').slice(0, 32) || where;
  return where;
}

/**
 * Every shape a schema repeats (description aside) goes into `$defs` once, and its uses become
 * `{"$ref": ..., "description": ...}`: the named ones zod extracted already, a repeated id, count
 * or nullable string, the same record shape in two lists. A shape is shared only where that
 * makes the schema shorter; an existing definition is reused where a shape equals it, unless it
 * carries a description of its own.
 */
function shareShapes(root: JsonSchema): void {
  const defs = (root.$defs ??= {}) as JsonSchema;
  const keyOf = (node: JsonSchema) => {
    const { description: _d, ...rest } = node;
    return JSON.stringify(rest);
  };
  const pascal = (s: string) => s.replace(/(^|_)(\w)/g, (_m, _u, c: string) => c.toUpperCase());
  type Use = { node: JsonSchema; set: (v: JsonSchema) => void; where: string };
  const collect = (): Map<string, Use[]> => {
    const uses = new Map<string, Use[]>();
    const visit = (node: JsonSchema, where: string) => {
      for (const k of SCHEMA_MAPS) {
        const map = node[k];
        if (!isObject(map)) continue;
        for (const name of Object.keys(map)) {
          const v = map[name];
          if (!isObject(v)) continue;
          // A definition is not a use of itself.
          if (k !== '$defs') record(v, (nv) => (map[name] = nv), pascal(name));
          visit(v, k === '$defs' ? name : pascal(name));
        }
      }
      for (const c of children(node)) {
        const v = c.get();
        if (!isObject(v)) continue;
        if (SCHEMA_MAPS.some((k) => isObject(node[k]) && Object.values(node[k] as JsonSchema).includes(v))) continue;
        const inItems = node.items === v;
        record(v, c.set, inItems ? `${where}Item` : where);
        visit(v, inItems ? `${where}Item` : where);
      }
    };
    const record = (node: JsonSchema, set: (v: JsonSchema) => void, where: string) => {
      if (typeof node.$ref === 'string' && Object.keys(node).filter((k) => k !== 'description').length === 1) return;
      const key = keyOf(node);
      const list = uses.get(key) ?? [];
      list.push({ node, set, where });
      uses.set(key, list);
    };
    visit(root, 'Root');
    return uses;
  };
  // A definition that carries its own description (Rules: "Rule numbers") says what its uses
  // are: it is not reused for another field of the same shape (a deck's colors are not rule numbers).
  const defByKey = () =>
    new Map(
      Object.entries(defs)
        .filter(([, v]) => isObject(v) && v.description === undefined)
        .map(([name, v]) => [keyOf(v as JsonSchema), name]),
    );
  for (let round = 0; round < 500; round++) {
    const uses = collect();
    const existing = defByKey();
    let best: { key: string; list: Use[]; saving: number; name?: string } | undefined;
    for (const [key, list] of uses) {
      const name = existing.get(key);
      const refCost = 19 + (name ?? 'NameOfTen').length;
      const saving = name ? list.length * (key.length - refCost) : list.length * (key.length - refCost) - key.length - 12;
      if ((name ? list.length >= 1 : list.length >= 2) && saving > 0 && (!best || saving > best.saving)) best = { key, list, saving, name };
    }
    if (!best) break;
    let name = best.name;
    if (!name) {
      name = shapeName(JSON.parse(best.key) as JsonSchema, best.list[0]!.where);
      const base = name;
      for (let i = 2; name in defs; i++) name = `${base}${i}`;
      defs[name] = JSON.parse(best.key) as JsonSchema;
    }
    for (const u of best.list) {
      const ref: JsonSchema = { $ref: `#/$defs/${name}` };
      if (typeof u.node.description === 'string') ref.description = u.node.description;
      u.set(ref);
    }
  }
  if (!Object.keys(defs).length) delete root.$defs;
}

/** The JSON Schema a client is given for a tool's input or output. */
export function toolJsonSchema(schema: z.ZodType, io: 'input' | 'output', name = 'schema'): JsonSchema {
  const json = z.toJSONSchema(schema, { target: 'draft-2020-12', io, unrepresentable: 'throw' }) as JsonSchema;
  delete json.$schema;
  portable(json, `${name} ${io}`);
  flattenAnyOf(json);
  if (io === 'input') {
    flattenUnions(json, (json.$defs ?? {}) as JsonSchema);
    openNestedInputObjects(json);
  } else {
    untypedOutputEnums(json);
    relaxNestedOutput(json);
  }
  dropUnusedDefs(json);
  shareShapes(json);
  return json;
}
