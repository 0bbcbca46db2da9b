/**
 * The operator console's calls in the OpenAPI document (docs/moderation.md "Operators"): one
 * registration per method and path, naming the schemas the functions validate with. Every call needs
 * an operator's session (the owners' cookie, of an account with the operator role, opened less than
 * 8 hours ago) and answers 403 to another `Origin`, reads included.
 */
import { z } from '../lib/zod';
import { DECISION_ACTIONS } from '../features/moderation';
import {
  auditPageSchema,
  auditParamsSchema,
  decisionInputSchema,
  decisionResultSchema,
  queueCountsSchema,
  queueNameSchema,
  queuePageSchema,
  queueParamsSchema,
} from '../features/moderation/schemas';
import { operatorCodeRequestSchema, operatorSessionSchema } from '../features/operators/schemas';
import { codeSentSchema } from '../features/owners/schemas';
import type { Endpoint } from './document';

export const OPERATOR_TAG = {
  name: 'Operators',
  description:
    'The operator console (/operator): moderation queues, decisions and the audit, for accounts with the operator role, granted only from the command line (docs/moderation.md).',
};

const guard =
  'Needs an operator’s session: the owners’ session cookie of an account with the operator role, opened less than 8 hours ago (401 otherwise; 403 for an account without the role). ' +
  'A request whose `Origin` (or `Sec-Fetch-Site: cross-site`) names another site is refused with 403, reads included.';

const exampleItem = {
  id: '8c0e4b7a-5d1e-4c55-9f0e-2a7b1c9d3e4f',
  kind: 'review',
  title: 'Review by Dana W., 1 of 5 stars',
  text: 'Never showed up for my appointment.',
  status: 'published',
  at: '2026-11-20T10:02:00.000Z',
  listing: { slug: 'lacquer-lace-nail-studio-new-york', name: 'Lacquer & Lace Nail Studio' },
  details: [{ label: 'Written', value: '2026-11-18T09:00:00.000Z' }],
  reports: [{ reason: 'conflict_of_interest', details: 'Posted by the salon next door.', createdAt: '2026-11-20T10:02:00.000Z' }],
  photo: null,
  beside: null,
  decisions: ['hide-review', 'keep-review'],
};

export const OPERATOR_ENDPOINTS: Endpoint[] = [
  {
    method: 'post',
    path: '/api/operator/code',
    operationId: 'requestOperatorCode',
    tag: OPERATOR_TAG.name,
    summary: 'Email an operator a 6-digit sign-in code',
    description:
      'Only an operator’s address gets a code; every valid address gets the same 202, so the form does not tell who is an operator. The code is entered with POST /api/owners/sign-in (the owners’ sign-in). ' +
      'Needs an `Origin` header naming this site. Rate-limited per network and per email address, as owners’ codes; 503 where no mail server is configured.',
    body: { schema: operatorCodeRequestSchema, name: 'OperatorCodeRequest', example: { email: 'moderator@glow-team.example.com' } },
    responses: [
      {
        status: 202,
        description: 'A code is on its way if the address is an operator’s.',
        body: { schema: codeSentSchema, example: { sent: true, email: 'moderator@glow-team.example.com', expiresInMinutes: 10 } },
      },
    ],
    errors: [400, 403, 405, 413, 415, 429, 503],
  },
  {
    method: 'get',
    path: '/api/operator/session',
    operationId: 'getOperatorSession',
    tag: OPERATOR_TAG.name,
    summary: 'The signed-in operator, and when the session ends',
    description: guard,
    session: true,
    responses: [
      {
        status: 200,
        description: 'The operator.',
        body: {
          schema: operatorSessionSchema,
          name: 'OperatorSession',
          example: { email: 'moderator@glow-team.example.com', signedInAt: '2026-11-28T08:00:00.000Z', endsAt: '2026-11-28T16:00:00.000Z' },
        },
      },
    ],
    errors: [401, 403, 405, 503],
  },
  {
    method: 'post',
    path: '/api/operator/sign-out',
    operationId: 'signOutOperator',
    tag: OPERATOR_TAG.name,
    summary: 'Sign out, back to /operator',
    description:
      'Ends the session in the database, clears its cookie and answers 303 to /operator (the console’s sign-out is a plain form). Needs an `Origin` header naming this site.',
    session: true,
    responses: [{ status: 303, description: 'Signed out; `Location: /operator`.' }],
    errors: [403, 405, 503],
  },
  {
    method: 'get',
    path: '/api/operator/queues',
    operationId: 'listOperatorQueues',
    tag: OPERATOR_TAG.name,
    summary: 'Every moderation queue with its count',
    description: guard,
    session: true,
    responses: [
      {
        status: 200,
        description: 'The queues.',
        body: { schema: queueCountsSchema, name: 'QueueCounts', example: { queues: [{ queue: 'reviews', title: 'Reported reviews', total: 3 }] } },
      },
    ],
    errors: [401, 403, 405, 503],
  },
  {
    method: 'get',
    path: '/api/operator/queues/{queue}',
    operationId: 'getOperatorQueue',
    tag: OPERATOR_TAG.name,
    summary: 'One page of a moderation queue',
    description: `${guard} Each item carries what is needed to decide and the decisions that apply to it now.`,
    session: true,
    pathParams: z.object({ queue: queueNameSchema }),
    query: queueParamsSchema,
    paramExamples: { queue: 'reviews', order: 'oldest', limit: '20', offset: '0' },
    responses: [
      {
        status: 200,
        description: 'The page and the queue’s count.',
        body: { schema: queuePageSchema, name: 'QueuePage', example: { queue: 'reviews', total: 1, order: 'newest', offset: 0, items: [exampleItem] } },
      },
    ],
    errors: [400, 401, 403, 405, 503],
  },
  {
    method: 'post',
    path: '/api/operator/decisions',
    operationId: 'decideOperatorItem',
    tag: OPERATOR_TAG.name,
    summary: 'Decide a queue item, with a reason',
    description:
      `${guard} The same domain call as \`npm run moderate -- ACTION\`: one transaction with its audit row (the operator’s email as who), then the CDN purges and, for listing decisions that change what is listed, a rebuild of pre-built pages. ` +
      `Actions: ${DECISION_ACTIONS.join(', ')}. A decision on a thing already in the wanted state is still recorded (\`changed: false\`).`,
    session: true,
    body: {
      schema: decisionInputSchema,
      name: 'DecisionInput',
      example: { action: 'hide-review', target: exampleItem.id, reason: 'Written by a competitor (report of Nov 20)' },
    },
    responses: [
      {
        status: 200,
        description: 'Done.',
        body: {
          schema: decisionResultSchema,
          name: 'DecisionResult',
          example: {
            action: 'hide-review',
            summary: 'Review is now hidden.',
            changed: true,
            purged: ['provider-7d0c6f1e-0000-4000-8000-000000000001', 'search'],
            rebuild: null,
          },
        },
      },
    ],
    errors: [400, 401, 403, 404, 405, 409, 413, 415, 503],
  },
  {
    method: 'get',
    path: '/api/operator/audit',
    operationId: 'getOperatorAudit',
    tag: OPERATOR_TAG.name,
    summary: 'Every moderation action, newest first',
    description: `${guard} From the console and the command line alike: who, when, what and why; \`listing\` keeps one listing’s. Read-only.`,
    session: true,
    query: auditParamsSchema,
    paramExamples: { listing: 'lacquer-lace-nail-studio-new-york', limit: '20', offset: '0' },
    responses: [
      {
        status: 200,
        description: 'The page and how many actions match.',
        body: {
          schema: auditPageSchema,
          name: 'AuditPage',
          example: {
            total: 1,
            offset: 0,
            items: [
              {
                id: '0b6f2c1e-3a4d-4e5f-8a9b-1c2d3e4f5a6b',
                action: 'hide-review',
                target: exampleItem.id,
                listing: exampleItem.listing,
                actor: 'moderator@glow-team.example.com',
                reason: 'Written by a competitor (report of Nov 20)',
                createdAt: '2026-11-20T11:00:00.000Z',
              },
            ],
          },
        },
      },
    ],
    errors: [400, 401, 403, 405, 503],
  },
];
