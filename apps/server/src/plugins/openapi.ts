import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import {
  jsonSchemaTransform,
  jsonSchemaTransformObject,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import {
  apiKeyScopeInfo,
  apiKeyScopes,
  webhookEventInfo,
  webhookEventNames,
} from '@leasing/contract';

export const DOCS_PREFIX = '/api/docs';
const DOCUMENTED_PREFIX = '/api/integrations/';

const description = `The door for the systems around the console — the leasing assistant, the
property-management system (PMS), the phone bot. Create properties and leads by their PMS ids and
append events to a lead's timeline; every append shows up live in the consoles of your company.

**Authentication.** Create an API key in the console (user menu → API keys) or with
\`npm run apikey:create -- --company <companyId>\`, and send it on every request as
\`Authorization: Bearer <key>\`. A key reaches its own company only: another company's PMS ids
answer 404.

**Scopes and expiry.** A key may do only what its scopes allow; each operation names the scopes it
needs, and a key without one is answered 403 with the missing scope in the message. A key past its
expiry (if it has one) is answered 401. \`messages:send\` is defined for operations to come: no
operation sends messages yet.

${apiKeyScopes.map((scope) => `- \`${scope}\`: ${apiKeyScopeInfo[scope].description}`).join('\n')}

**Errors** are always \`{"error": {"code", "message", "details"?}}\`; a 400 names each field that
is wrong in \`details\`.

**Outbound webhooks.** The other direction: admins add endpoint URLs (user menu → Webhooks) and pick
events; each event is POSTed to every endpoint that picked it as JSON
\`{"id", "type", "createdAt", "companyId", "data": {"lead": {"id", "pmsLeadId", "propertyId",
"pmsPropertyId", "name"}, …}}\`. Events:

${webhookEventNames.map((name) => `- \`${name}\`: ${webhookEventInfo[name].description}`).join('\n')}

Every request is signed the Standard Webhooks way, with these headers:

- \`Webhook-Id\`: the delivery's id, also the body's \`id\` — the same on every retry and on
  'Redeliver', so use it to process each event once.
- \`Webhook-Timestamp\`: when this attempt was sent, in Unix seconds (refuse old ones, e.g. > 5 min).
- \`Webhook-Signature\`: \`v1,<base64 HMAC-SHA256>\` of \`<Webhook-Id>.<Webhook-Timestamp>.<raw body>\`,
  keyed with the base64-decoded part of the endpoint's secret after \`whsec_\`. Compare in constant
  time; the \`standardwebhooks\` libraries do all of this.

Answer 2xx within the timeout (10 s by default) to acknowledge; anything else, or no answer, is
retried with backoff (10 s, 30 s, 2 min, 10 min, 30 min, 2 h, 6 h, 12 h by default), then the
delivery is marked failed. Redirects are not followed.`;

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type TransformedDocument = ReturnType<typeof jsonSchemaTransformObject>;
type OpenApiDocument = {
  paths?: unknown;
  components?: { schemas?: Record<string, unknown> };
};

const SCHEMA_REF = '#/components/schemas/';

/** Every component a part of the document refers to, however deep. */
const collectRefs = (value: unknown, into: Set<string>) => {
  if (Array.isArray(value)) value.forEach((item) => collectRefs(item, into));
  else if (value && typeof value === 'object') {
    for (const [key, child] of Object.entries(value)) {
      if (key === '$ref' && typeof child === 'string' && child.startsWith(SCHEMA_REF)) {
        into.add(child.slice(SCHEMA_REF.length));
      } else collectRefs(child, into);
    }
  }
};

/** zod spells out an ISO date-time as a 400-character regex; `format: date-time` says it. */
const dropDateTimePatterns = (value: Json): Json => {
  if (Array.isArray(value)) return value.map(dropDateTimePatterns);
  if (!value || typeof value !== 'object') return value;
  const entries = Object.entries(value)
    .filter(([key]) => !(key === 'pattern' && value.format === 'date-time'))
    .map(([key, child]) => [key, dropDateTimePatterns(child)]);
  return Object.fromEntries(entries) as Json;
};

/**
 * The zod transform lists every registered schema twice (as read and as written, `XInput` and
 * `X`); a reader wants the ones the paths use, under their own names.
 */
const tidyDocument = (transformed: TransformedDocument): TransformedDocument => {
  const document = transformed as OpenApiDocument;
  const schemas = (document.components?.schemas ?? {}) as Record<string, unknown>;
  const used = new Set<string>();
  collectRefs(document.paths, used);
  for (let size = -1; size !== used.size;) {
    size = used.size;
    [...used].forEach((name) => collectRefs(schemas[name], used));
  }
  const renamed = new Map(
    [...used].map((name) => {
      const plain = name.replace(/Input$/, '');
      return [name, plain !== name && !used.has(plain) ? plain : name];
    }),
  );
  let text = JSON.stringify({
    ...document,
    components: {
      ...document.components,
      schemas: Object.fromEntries([...used].sort().map((name) => [name, schemas[name]])),
    },
  });
  for (const [from, to] of renamed) {
    if (from !== to) text = text.replaceAll(`"${SCHEMA_REF}${from}"`, `"${SCHEMA_REF}${to}"`);
  }
  const tidy = JSON.parse(text) as { components: { schemas: Record<string, Json> } };
  tidy.components.schemas = Object.fromEntries(
    Object.entries(tidy.components.schemas).map(([name, schema]) => [renamed.get(name), schema]),
  );
  return dropDateTimePatterns(tidy as unknown as Json) as unknown as TransformedDocument;
};

/**
 * The OpenAPI document, generated from the routes' zod schemas (the contract), and a reference page.
 * Registered before the routes: it learns them as they are added. Only the integration API is
 * documented — it is the API other teams build against; the console's own API serves one client.
 */
export const openapiPlugin = fp(
  async (app: FastifyInstance) => {
    await app.register(fastifySwagger, {
      openapi: {
        openapi: '3.0.3',
        info: { title: 'Leasing console — integration API', version: '1.0.0', description },
        servers: [{ url: app.config.publicUrl }],
        tags: [
          { name: 'Properties', description: 'Properties by their PMS id.' },
          { name: 'Leads', description: 'Leads by their PMS id, within a property.' },
          { name: 'Events', description: "Events on a lead's timeline." },
          { name: 'Access links', description: 'Short-lived links that open one lead.' },
        ],
        components: {
          securitySchemes: {
            apiKey: {
              type: 'http',
              scheme: 'bearer',
              description: 'An API key of your company (`lk_…`).',
            },
          },
        },
      },
      transform: (input) =>
        input.url.startsWith(DOCUMENTED_PREFIX)
          ? jsonSchemaTransform(input)
          : { schema: { ...input.schema, hide: true }, url: input.url },
      transformObject: (input) => tidyDocument(jsonSchemaTransformObject(input)),
    });

    await app.register(fastifySwaggerUi, {
      routePrefix: DOCS_PREFIX,
      // The page runs under the app's Content-Security-Policy (scripts from 'self' only): Swagger
      // UI's assets are served from here, and its initializer is a file, not an inline script.
      uiConfig: {
        docExpansion: 'list',
        deepLinking: true,
        defaultModelsExpandDepth: 0,
        tryItOutEnabled: false,
      },
      theme: {
        title: 'Integration API — Leasing console',
        // The top bar's "explore another URL" box has nothing to offer here.
        css: [{ filename: 'theme.css', content: '.swagger-ui .topbar { display: none; }' }],
      },
    });

    app.withTypeProvider<ZodTypeProvider>().get(
      `${DOCS_PREFIX}/openapi.json`,
      { schema: { hide: true } },
      // A copy: callers (and validators) may change what they get.
      () => structuredClone(app.swagger()),
    );
  },
  { name: 'openapi', dependencies: ['database'] },
);
