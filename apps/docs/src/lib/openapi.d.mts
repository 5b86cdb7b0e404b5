// Types of openapi.mjs. The OpenAPI document is kept loosely typed: it comes from the API's export.

// biome-ignore lint/suspicious/noExplicitAny: the OpenAPI document is untyped JSON from the API export.
export type JsonObject = { [key: string]: any };
export type OpenApiDocument = JsonObject & { openapi: string; info?: JsonObject; paths?: JsonObject };

export type SchemaRow = {
  name: string;
  depth: number;
  type: string;
  required: boolean;
  description: string;
  descriptionHtml?: string;
  constraints: string[];
  deprecated: boolean;
};

export type OperationEntry = {
  id: string;
  method: string;
  path: string;
  pathItem: JsonObject;
  operation: JsonObject;
};

export type OperationGroup = {
  name: string;
  slug: string;
  description: string;
  descriptionHtml?: string;
  operations: OperationEntry[];
};

export declare const HTTP_METHODS: string[];
export declare function descriptionHtml(node: JsonObject | undefined): string | undefined;
export declare function componentName(value: unknown): string | undefined;
export declare function slugify(text: string): string;
export declare function resolveRef(document: OpenApiDocument, ref: string): unknown;
export declare function deref(
  document: OpenApiDocument,
  value: unknown,
): { value: JsonObject; refName?: string };
export declare function schemaType(document: OpenApiDocument, schema: unknown, depth?: number): string;
export declare function schemaConstraints(document: OpenApiDocument, schema: unknown): string[];
export declare function schemaRows(document: OpenApiDocument, schema: unknown): SchemaRow[];
export declare function operationParameters(
  document: OpenApiDocument,
  pathItem: JsonObject,
  operation: JsonObject,
): JsonObject[];
export declare function operationSecurity(document: OpenApiDocument, operation: JsonObject): string[][];
export declare function describeSecurityScheme(scheme: JsonObject | undefined): string;
export declare function groupOperations(document: OpenApiDocument): OperationGroup[];
export declare function contentEntries(
  document: OpenApiDocument,
  holder: unknown,
): { mediaType: string; schema: unknown }[];
export declare function operationResponses(
  document: OpenApiDocument,
  operation: JsonObject,
): { status: string; response: JsonObject }[];
