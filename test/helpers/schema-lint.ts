/**
 * The tool-schema portability rules the MCP Inspector's `--strict` check applies (type arrays,
 * schemas that constrain nothing, references outside the document), plus: every `$ref` resolves.
 * The Inspector itself runs in test/clients; this is the same check without a process, with paths.
 */
export interface Finding {
  tool: string;
  path: string;
  issue: string;
}

const MAPS = ['properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas'];
const LISTS = ['anyOf', 'oneOf', 'allOf', 'prefixItems'];
const ONE = ['items', 'additionalProperties', 'not', 'contains', 'propertyNames', 'if', 'then', 'else', 'unevaluatedProperties', 'unevaluatedItems'];
const CONSTRAINING = new Set([
  'type', 'enum', 'const', 'multipleOf', 'maximum', 'exclusiveMaximum', 'minimum', 'exclusiveMinimum', 'maxLength', 'minLength', 'pattern', 'format',
  'maxItems', 'minItems', 'uniqueItems', 'maxProperties', 'minProperties', 'required', 'allOf', 'anyOf', 'oneOf', 'not', 'items', 'prefixItems', 'contains',
  'properties', 'patternProperties', 'additionalProperties', 'propertyNames', '$ref',
]);

type Node = Record<string, unknown>;
const isNode = (v: unknown): v is Node => typeof v === 'object' && v !== null && !Array.isArray(v);

export function lintSchema(tool: string, root: unknown, where: string): Finding[] {
  const findings: Finding[] = [];
  const add = (path: string, issue: string) => findings.push({ tool, path, issue });
  const walk = (node: unknown, path: string, keyword?: string) => {
    if (typeof node === 'boolean') {
      if (keyword !== 'additionalProperties' && keyword !== 'unevaluatedProperties') add(path, `bare ${node} schema`);
      return;
    }
    if (!isNode(node)) return;
    if (Array.isArray(node.type)) add(path, `type array ${JSON.stringify(node.type)}`);
    if (!Object.keys(node).some((k) => CONSTRAINING.has(k)) && keyword !== 'not') add(path, 'schema constrains nothing');
    if (typeof node.$ref === 'string') {
      if (!node.$ref.startsWith('#/')) add(path, `reference outside the document: ${node.$ref}`);
      else {
        const target = node.$ref.slice(2).split('/').reduce<unknown>((at, seg) => (isNode(at) ? at[seg.replace(/~1/g, '/').replace(/~0/g, '~')] : undefined), root);
        if (target === undefined) add(path, `unresolved reference ${node.$ref}`);
      }
    }
    for (const k of MAPS) if (isNode(node[k])) for (const [name, sub] of Object.entries(node[k] as Node)) walk(sub, `${path}.${k}.${name}`, k);
    for (const k of LISTS) if (Array.isArray(node[k])) (node[k] as unknown[]).forEach((sub, i) => walk(sub, `${path}.${k}[${i}]`, k));
    for (const k of ONE) if (k in node) walk(node[k], `${path}.${k}`, k);
  };
  walk(root, where);
  return findings;
}
