// Reading an OpenAPI 3 document for the API reference: used by the React pages
// (src/components/ApiReference) and by the build-time generator of the searchable
// reference (scripts/generate-api-reference.mjs), so both show the same thing.
// Types: openapi.d.mts.

export const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

const MAX_DEPTH = 6;

/** Key that the build adds next to each description with its Markdown as HTML (plugins/openapi-reference.ts). */
const DESCRIPTION_HTML = 'x-description-html';

/** The HTML of an object's description, when the build rendered it. */
export function descriptionHtml(node) {
  return node && typeof node[DESCRIPTION_HTML] === 'string' ? node[DESCRIPTION_HTML] : undefined;
}

/** Lower-case, dash-separated identifier usable as a URL segment or an HTML id. */
export function slugify(text) {
  const slug = String(text)
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return slug || 'section';
}

/** Follows a local JSON reference such as "#/components/schemas/Address". */
export function resolveRef(document, ref) {
  if (typeof ref !== 'string' || !ref.startsWith('#/')) return undefined;
  let node = document;
  for (const raw of ref.slice(2).split('/')) {
    const key = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    if (node === null || typeof node !== 'object') return undefined;
    node = node[key];
  }
  return node;
}

/** The name of a schema of components/schemas when the value is a direct reference to it. */
export function componentName(value) {
  const prefix = '#/components/schemas/';
  return value && typeof value.$ref === 'string' && value.$ref.startsWith(prefix)
    ? value.$ref.slice(prefix.length)
    : undefined;
}

/** The object behind a $ref (one level after another), with the name of the last reference. */
export function deref(document, value) {
  let current = value;
  let refName;
  const seen = new Set();
  while (current && typeof current === 'object' && typeof current.$ref === 'string') {
    if (seen.has(current.$ref)) break;
    seen.add(current.$ref);
    refName = current.$ref.split('/').pop();
    current = resolveRef(document, current.$ref);
  }
  return { value: current ?? {}, refName };
}

function isNullSchema(schema) {
  return (
    schema &&
    (schema.type === 'null' ||
      (Array.isArray(schema.enum) && schema.enum.length === 1 && schema.enum[0] === null))
  );
}

/** A short human label of a schema's type: "string (date)", "array of Address", "integer | null". */
export function schemaType(document, input, depth = 0) {
  const { value: schema, refName } = deref(document, input);
  if (refName && depth > 0) return refName;
  if (depth > MAX_DEPTH) return 'object';
  const nullable = schema.nullable === true;
  let label;
  if (Array.isArray(schema.type)) {
    label = schema.type.join(' | ');
  } else if (schema.type === 'array') {
    label = `array of ${schema.items ? schemaType(document, schema.items, depth + 1) : 'any'}`;
  } else if (schema.type) {
    label = schema.format ? `${schema.type} (${schema.format})` : schema.type;
  } else if (schema.anyOf || schema.oneOf) {
    const variants = schema.anyOf ?? schema.oneOf;
    const parts = variants.map((variant) =>
      isNullSchema(deref(document, variant).value) ? 'null' : schemaType(document, variant, depth + 1),
    );
    label = [...new Set(parts)].join(' | ');
  } else if (schema.allOf) {
    label = refName ?? 'object';
  } else if (schema.properties) {
    label = 'object';
  } else if (schema.const !== undefined) {
    label = typeof schema.const;
  } else if (Array.isArray(schema.enum)) {
    label = typeof schema.enum[0];
  } else {
    label = 'any';
  }
  return nullable && !label.includes('null') ? `${label} | null` : label;
}

/** Validation keywords and examples of a schema, as short phrases. */
export function schemaConstraints(document, input) {
  const { value: schema } = deref(document, input);
  const items = [];
  const enumValues = schema.enum ?? (schema.const !== undefined ? [schema.const] : undefined);
  if (Array.isArray(enumValues)) items.push(`one of: ${enumValues.map((v) => JSON.stringify(v)).join(', ')}`);
  if (schema.minLength !== undefined) items.push(`min length ${schema.minLength}`);
  if (schema.maxLength !== undefined) items.push(`max length ${schema.maxLength}`);
  if (schema.minimum !== undefined) items.push(`minimum ${schema.minimum}`);
  if (schema.exclusiveMinimum !== undefined && schema.exclusiveMinimum !== false)
    items.push(`greater than ${schema.exclusiveMinimum === true ? schema.minimum : schema.exclusiveMinimum}`);
  if (schema.maximum !== undefined) items.push(`maximum ${schema.maximum}`);
  if (schema.exclusiveMaximum !== undefined && schema.exclusiveMaximum !== false)
    items.push(`less than ${schema.exclusiveMaximum === true ? schema.maximum : schema.exclusiveMaximum}`);
  if (schema.minItems !== undefined) items.push(`min items ${schema.minItems}`);
  if (schema.maxItems !== undefined) items.push(`max items ${schema.maxItems}`);
  if (schema.pattern !== undefined) items.push(`pattern ${schema.pattern}`);
  if (schema.default !== undefined) items.push(`default ${JSON.stringify(schema.default)}`);
  if (schema.example !== undefined) items.push(`example ${JSON.stringify(schema.example)}`);
  return items;
}

/** Properties of an object schema, merging allOf parts and object variants. */
function objectShape(document, schema, depth) {
  const properties = {};
  const required = new Set(Array.isArray(schema.required) ? schema.required : []);
  if (schema.properties && typeof schema.properties === 'object')
    Object.assign(properties, schema.properties);
  if (Array.isArray(schema.allOf) && depth <= MAX_DEPTH) {
    for (const part of schema.allOf) {
      const inner = objectShape(document, deref(document, part).value, depth + 1);
      Object.assign(properties, inner.properties);
      for (const name of inner.required) required.add(name);
    }
  }
  return { properties, required };
}

/** The schema that describes the elements to list under a field, if any (object or array of objects). */
function childObject(document, input) {
  let { value: schema } = deref(document, input);
  if (schema.type === 'array' && schema.items) schema = deref(document, schema.items).value;
  const variants = schema.anyOf ?? schema.oneOf;
  if (Array.isArray(variants)) {
    const objects = variants.map((v) => deref(document, v).value).filter((v) => !isNullSchema(v));
    if (objects.length === 1) schema = objects[0];
  }
  if (schema.properties || schema.allOf) return schema;
  return undefined;
}

/**
 * Flattens a schema into rows (one per field, nested fields as "parent.child", array elements as
 * "parent[].child"), which both the rendered reference and the searchable pages show.
 */
export function schemaRows(document, input, prefix = '', depth = 0, trail = new Set()) {
  const { value: root, refName } = deref(document, input);
  if (depth > MAX_DEPTH) return [];
  if (refName && trail.has(refName)) return [];
  const nextTrail = new Set(trail);
  if (refName) nextTrail.add(refName);
  const shape = objectShape(document, root, depth);
  const rows = [];
  for (const [name, property] of Object.entries(shape.properties)) {
    const { value: resolved, refName: propertyRef } = deref(document, property);
    const fieldName = prefix ? `${prefix}.${name}` : name;
    rows.push({
      name: fieldName,
      depth,
      type: schemaType(document, property),
      required: shape.required.has(name),
      description: resolved.description ?? property.description ?? '',
      descriptionHtml: descriptionHtml(resolved) ?? descriptionHtml(property),
      constraints: schemaConstraints(document, property),
      deprecated: resolved.deprecated === true,
    });
    const child = childObject(document, property);
    if (child && !(propertyRef && nextTrail.has(propertyRef))) {
      const childPrefix = resolved.type === 'array' ? `${fieldName}[]` : fieldName;
      rows.push(...schemaRows(document, child, childPrefix, depth + 1, nextTrail));
    }
  }
  return rows;
}

/** Parameters of an operation: those of the path item, overridden by the operation's own. */
export function operationParameters(document, pathItem, operation) {
  const byKey = new Map();
  for (const raw of [...(pathItem.parameters ?? []), ...(operation.parameters ?? [])]) {
    const { value } = deref(document, raw);
    if (value?.name) byKey.set(`${value.in}:${value.name}`, value);
  }
  const order = { path: 0, query: 1, header: 2, cookie: 3 };
  return [...byKey.values()].sort((a, b) => (order[a.in] ?? 9) - (order[b.in] ?? 9));
}

/** Security requirement of an operation as readable alternatives, e.g. [["bearerAuth", "customerHash"]]. */
export function operationSecurity(document, operation) {
  const requirements = operation.security ?? document.security ?? [];
  return requirements.map((requirement) => Object.keys(requirement));
}

/** Describes a security scheme in a few words. */
export function describeSecurityScheme(scheme) {
  if (!scheme) return '';
  if (scheme.type === 'http')
    return `HTTP ${scheme.scheme ?? ''} authentication${scheme.bearerFormat ? ` (${scheme.bearerFormat})` : ''}`.replace(
      '  ',
      ' ',
    );
  if (scheme.type === 'apiKey') return `API key in the ${scheme.in} "${scheme.name}"`;
  if (scheme.type === 'oauth2') return 'OAuth 2';
  if (scheme.type === 'openIdConnect') return 'OpenID Connect';
  return scheme.type ?? '';
}

/**
 * Operations grouped by tag, in the order of the document's tag list; operations of undeclared
 * tags follow, and untagged operations are listed under "Other".
 */
export function groupOperations(document) {
  const declared = Array.isArray(document.tags) ? document.tags : [];
  const groups = new Map();
  for (const tag of declared) {
    if (tag?.name)
      groups.set(tag.name, { name: tag.name, description: tag.description ?? '', operations: [] });
  }
  for (const [path, rawPathItem] of Object.entries(document.paths ?? {})) {
    const { value: pathItem } = deref(document, rawPathItem);
    for (const method of HTTP_METHODS) {
      const operation = pathItem[method];
      if (!operation) continue;
      const tags = operation.tags?.length ? operation.tags : ['Other'];
      for (const tag of tags) {
        if (!groups.has(tag)) groups.set(tag, { name: tag, description: '', operations: [] });
        groups.get(tag).operations.push({
          id: slugify(`${method}-${path}`),
          method,
          path,
          pathItem,
          operation,
        });
      }
    }
  }
  const result = [...groups.values()].filter((group) => group.operations.length > 0);
  // Ids that the rendered reference uses for its own sections.
  const used = new Set(['security-schemes', 'schemas']);
  for (const group of result) {
    let slug = slugify(group.name);
    while (used.has(slug)) slug = `${slug}-x`;
    used.add(slug);
    group.slug = slug;
  }
  return result;
}

/** Content entries of a request body or response: [{ mediaType, schema }]. */
export function contentEntries(document, holder) {
  const { value } = deref(document, holder);
  const content = value?.content ?? {};
  return Object.entries(content).map(([mediaType, media]) => ({ mediaType, schema: media?.schema }));
}

/** Responses of an operation, dereferenced, in status order. */
export function operationResponses(document, operation) {
  return Object.entries(operation.responses ?? {})
    .map(([status, raw]) => ({ status, response: deref(document, raw).value }))
    .sort((a, b) => a.status.localeCompare(b.status));
}
