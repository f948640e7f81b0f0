/**
 * Checks answers against a published OpenAPI 3.1 document with ajv's draft 2020-12 validator (the
 * dialect of 3.1 schemas): the document is added whole, so its $refs to components resolve, and
 * each answer is checked against the schema the document gives for its operation and status.
 */
import { Ajv2020 } from 'ajv/dist/2020.js';

type Doc = { paths: Record<string, Record<string, { responses: Record<string, { content?: Record<string, unknown>; headers?: Record<string, { required?: boolean }> }> }>> };

/** A JSON pointer into the document as a URI fragment. */
const pointer = (...segments: string[]) => '#' + segments.map((s) => '/' + encodeURIComponent(s.replace(/~/g, '~0').replace(/\//g, '~1'))).join('');

export interface Operation {
  method: string;
  template: string;
  responses: Record<string, { content?: Record<string, unknown>; headers?: Record<string, { required?: boolean }> }>;
}

export function openApiChecker(doc: unknown) {
  const d = doc as Doc;
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  ajv.addSchema(doc as object, 'openapi.json');
  const operations: Operation[] = Object.entries(d.paths).flatMap(([template, item]) =>
    Object.entries(item).map(([method, op]) => ({ method: method.toUpperCase(), template, responses: op.responses })),
  );
  /** The operation a request meets: a path without templates wins over a templated one (OpenAPI's rule). */
  const operationFor = (method: string, path: string): Operation | undefined => {
    const matches = operations.filter((o) => o.method === method && new RegExp(`^${o.template.replace(/[.]/g, '\\.').replace(/\{\w+\}/g, '[^/]+')}$`).test(path));
    return matches.find((o) => !o.template.includes('{')) ?? matches[0];
  };
  /** Problems of one answer against the document ([] when it conforms); null headers: a JSON body whose headers were not seen. */
  const check = (method: string, path: string, status: number, headers: Headers | null, body: unknown): string[] => {
    const op = operationFor(method, path);
    if (!op) return [`${method} ${path} is not in the document`];
    const response = op.responses[String(status)];
    if (!response) return [`${method} ${op.template} does not document status ${status}`];
    const problems: string[] = [];
    if (headers) for (const [name, h] of Object.entries(response.headers ?? {})) if (h.required && !headers.has(name)) problems.push(`header ${name} missing`);
    const type = headers ? (headers.get('content-type') ?? '').split(';')[0]!.trim() : 'application/json';
    if (!response.content?.[type]) return [...problems, `content type "${type}" not documented for ${status}`];
    const validate = ajv.getSchema(`openapi.json${pointer('paths', op.template, method.toLowerCase(), 'responses', String(status), 'content', type, 'schema')}`);
    if (!validate) return [...problems, 'no schema found'];
    if (!validate(body)) problems.push(...(validate.errors ?? []).slice(0, 5).map((e) => `${e.instancePath || '(root)'} ${e.message}`));
    return problems;
  };
  return { operations, operationFor, check };
}
