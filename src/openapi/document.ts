/**
 * Builds the OpenAPI 3.1 document of the API from endpoint registrations (./glowApi.server.ts) and the
 * zod schemas they name: every parameter, body and response schema is `z.toJSONSchema` of the schema
 * the functions validate with, so the document cannot drift from the code (docs/api.md).
 * Pure: no HTTP, no database; GET /api/openapi.json, `npm run openapi` and the tests share it.
 */
import { z } from '../lib/zod';
import { apiErrorSchema, type ApiError } from '../lib/schemas/apiError';

type Schema = z.core.$ZodType;
type JsonSchema = Record<string, unknown> & { description?: string; properties?: Record<string, JsonSchema>; required?: string[] };

/** Error statuses an endpoint can answer, each with the error body of apiErrorSchema. */
export type ErrorStatus = 400 | 401 | 403 | 404 | 405 | 409 | 413 | 415 | 429 | 503;
/** Response headers the document declares (their schemas: ./glowApi.server.ts). */
export type HeaderName =
  | 'X-Total-Count'
  | 'X-Corrected-Query'
  | 'X-Place'
  | 'X-Place-Kind'
  | 'X-Place-Within'
  | 'X-Place-Count'
  | 'X-Radius-Miles'
  | 'X-Nearest-City'
  | 'Allow'
  | 'Retry-After'
  | 'Server-Timing';

/** A JSON body: a schema, named (a reusable component) or inline, and an example. */
export interface Payload {
  schema: Schema;
  /** Its name under components.schemas; without one the schema is written inline. */
  name?: string;
  /** The body is a JSON array of the schema. */
  list?: boolean;
  example: unknown;
}

export interface SuccessResponse {
  status: 200 | 201 | 202 | 204 | 303;
  description: string;
  /** Absent for 204 (no content). */
  body?: Payload;
  /** The same answer in a text format too (a CSV download), chosen by a query parameter. */
  text?: { mediaType: string; description: string; example: string };
  headers?: HeaderName[];
}

/** One method on one path: everything the document says about it. */
export interface Endpoint {
  method: 'get' | 'post' | 'put' | 'delete';
  /** OpenAPI path template, e.g. "/api/providers/{id}/reviews". */
  path: string;
  operationId: string;
  tag: string;
  summary: string;
  description?: string;
  /** Path parameters: a zod object with one property per "{name}" of the path. */
  pathParams?: z.ZodMiniObject;
  /** Query parameters: the zod object the function parses the query string with. */
  query?: z.ZodMiniObject;
  /** An example value for some parameters (query text as a client sends it). */
  paramExamples?: Record<string, string>;
  /** JSON request body, validated with its schema (the schema's input side is documented). */
  body?: Payload;
  /** An application/x-www-form-urlencoded body instead (what `navigator.sendBeacon` posts), validated with its schema. */
  form?: Payload;
  /** A multipart/form-data body instead: its text fields (a schema) and one binary file part. */
  upload?: { fields: Payload; file: { name: string; description: string; mediaTypes: string[] } };
  responses: SuccessResponse[];
  errors: ErrorStatus[];
  /** Needs an owner's session cookie (docs/owners.md); documented as the `ownerSession` scheme. */
  session?: boolean;
}

export interface ErrorDoc {
  description: string;
  example: ApiError;
  headers?: HeaderName[];
}

export interface ApiDescription {
  info: { title: string; version: string; description: string };
  servers: { url: string; description?: string }[];
  tags: { name: string; description: string }[];
  headers: Record<HeaderName, Schema>;
  errors: Record<ErrorStatus, ErrorDoc>;
  endpoints: Endpoint[];
}

/** JSON Schema (draft 2020-12, OpenAPI 3.1's dialect) of a zod schema: its input side for what clients send. */
export function jsonSchema(schema: Schema, io: 'input' | 'output'): JsonSchema {
  const { $schema: _dialect, ...json } = z.toJSONSchema(schema, {
    target: 'draft-2020-12',
    io,
    // zod writes a catch value as `default`; it is what an invalid value becomes, not a default.
    override: ({ zodSchema, jsonSchema }) => {
      if (zodSchema._zod.def.type === 'catch') delete jsonSchema.default;
    },
  }) as JsonSchema;
  return json;
}

const errorResponseName = (status: ErrorStatus) => `Error${status}`;

export function buildOpenApiDocument(api: ApiDescription) {
  const schemas: Record<string, JsonSchema> = { Error: jsonSchema(apiErrorSchema, 'output') };
  const named = new Map<string, Schema>([['Error', apiErrorSchema]]);

  /** A $ref to a named schema (registered on first use), or the schema inline. */
  function schemaOf({ schema, name, list }: Payload, io: 'input' | 'output'): JsonSchema {
    let json: JsonSchema;
    if (name) {
      const known = named.get(name);
      if (known && known !== schema) throw new Error(`Two schemas are named ${name}`);
      if (!known) {
        named.set(name, schema);
        schemas[name] = jsonSchema(schema, io);
      }
      json = { $ref: `#/components/schemas/${name}` };
    } else {
      json = jsonSchema(schema, io);
    }
    return list ? { type: 'array', items: json } : json;
  }

  const headerRefs = (names: HeaderName[] = []) =>
    names.length ? { headers: Object.fromEntries(names.map((h) => [h, { $ref: `#/components/headers/${h}` }])) } : {};

  function parameters(endpoint: Endpoint) {
    const from = (object: z.ZodMiniObject | undefined, where: 'path' | 'query') => {
      if (!object) return [];
      const json = jsonSchema(object, 'input');
      return Object.entries(json.properties ?? {}).map(([name, { description, ...schema }]) => {
        const example = endpoint.paramExamples?.[name];
        return {
          name,
          in: where,
          required: where === 'path' || (json.required ?? []).includes(name),
          ...(description ? { description } : {}),
          schema,
          ...(example === undefined ? {} : { example }),
        };
      });
    };
    const list = [...from(endpoint.pathParams, 'path'), ...from(endpoint.query, 'query')];
    return list.length ? { parameters: list } : {};
  }

  const paths: Record<string, Record<string, unknown>> = {};
  for (const endpoint of api.endpoints) {
    const responses: Record<string, unknown> = {};
    for (const r of endpoint.responses) {
      responses[String(r.status)] = {
        description: r.description,
        ...headerRefs(r.headers),
        ...(r.body || r.text
          ? {
              content: {
                ...(r.body ? { 'application/json': { schema: schemaOf(r.body, 'output'), example: r.body.example } } : {}),
                ...(r.text ? { [r.text.mediaType]: { schema: { type: 'string', description: r.text.description }, example: r.text.example } } : {}),
              },
            }
          : {}),
      };
    }
    for (const status of endpoint.errors) responses[String(status)] = { $ref: `#/components/responses/${errorResponseName(status)}` };
    paths[endpoint.path] ??= {};
    paths[endpoint.path]![endpoint.method] = {
      operationId: endpoint.operationId,
      tags: [endpoint.tag],
      summary: endpoint.summary,
      ...(endpoint.description ? { description: endpoint.description } : {}),
      ...parameters(endpoint),
      ...(endpoint.session ? { security: [{ ownerSession: [] }] } : {}),
      ...(endpoint.body
        ? { requestBody: { required: true, content: { 'application/json': { schema: schemaOf(endpoint.body, 'input'), example: endpoint.body.example } } } }
        : {}),
      ...(endpoint.form
        ? {
            requestBody: {
              required: true,
              content: { 'application/x-www-form-urlencoded': { schema: schemaOf(endpoint.form, 'input'), example: endpoint.form.example } },
            },
          }
        : {}),
      ...(endpoint.upload ? { requestBody: { required: true, content: { 'multipart/form-data': uploadContent(endpoint.upload) } } } : {}),
      responses,
    };
  }

  function uploadContent({ fields, file }: NonNullable<Endpoint['upload']>) {
    const schema = schemaOf(fields, 'input');
    return {
      schema: {
        ...schema,
        properties: { ...schema.properties, [file.name]: { type: 'string', contentMediaType: 'application/octet-stream', description: file.description } },
        required: [...(schema.required ?? []), file.name],
      },
      encoding: { [file.name]: { contentType: file.mediaTypes.join(', ') } },
      example: { ...(fields.example as object), [file.name]: '(the picture’s bytes)' },
    };
  }

  const errorStatuses = [...new Set(api.endpoints.flatMap((e) => e.errors))].sort((a, b) => a - b);
  return {
    openapi: '3.1.0',
    info: api.info,
    jsonSchemaDialect: 'https://json-schema.org/draft/2020-12/schema',
    servers: api.servers,
    tags: api.tags,
    paths,
    components: {
      ...(api.endpoints.some((e) => e.session)
        ? {
            securitySchemes: {
              ownerSession: {
                type: 'apiKey',
                in: 'cookie',
                name: 'glow.session_token',
                description:
                  'The HttpOnly session cookie set by POST /api/owners/sign-in. Every state-changing owner call also needs an `Origin` header naming this site (403 otherwise).',
              },
            },
          }
        : {}),
      schemas,
      responses: Object.fromEntries(
        errorStatuses.map((status) => {
          const doc = api.errors[status];
          return [
            errorResponseName(status),
            {
              description: doc.description,
              ...headerRefs(doc.headers),
              content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' }, example: doc.example } },
            },
          ];
        }),
      ),
      headers: Object.fromEntries(
        Object.entries(api.headers).map(([name, schema]) => {
          const { description, ...json } = jsonSchema(schema as Schema, 'output');
          // A header declared with z.optional is sent only sometimes (X-Corrected-Query).
          const required = (schema as Schema)._zod.optout !== 'optional';
          return [name, { description, required, schema: json }];
        }),
      ),
    },
  };
}

export type OpenApiDocument = ReturnType<typeof buildOpenApiDocument>;
