/**
 * The audit view (docs/moderation.md "Audit"): every moderation action, from the console and the
 * command line alike, with who, when, what and why, newest first, optionally of one listing. The
 * actions live in the tables their features write (moderation_actions, photo_moderation_actions,
 * owner_audit's support actions, operator_grants, the decisions kept on import batches and holds);
 * this reads them as one. Read-only.
 */
import type { Db } from '../../db/client';
import type { AuditPage, AuditParams } from './schemas/queue';

/** owner_audit holds owners' own edits too; these are the operators' (support's) actions. */
const SUPPORT_ACTIONS = ['revoke-claim', 'assign', 'hide-reply', 'restore-reply', 'keep-reply'];

const ACTIONS = `
  SELECT m.id, m.action, m.targetId AS target, m.reason, m.actor, m.createdAt,
         coalesce(r.providerId, lp.id, h.providerId, h.matchedProviderId) AS providerId
  FROM moderation_actions m
  LEFT JOIN reviews r ON r.id = m.targetId
  LEFT JOIN providers lp ON lp.id = m.targetId
  LEFT JOIN held_listings h ON h.id = m.targetId
  UNION ALL
  SELECT pm.id, pm.action, pm.photoId, pm.reason, pm.actor, pm.createdAt, ph.providerId
  FROM photo_moderation_actions pm LEFT JOIN photos ph ON ph.id = pm.photoId
  UNION ALL
  SELECT id, action, coalesce(targetId, providerId), coalesce(reason, ''), actor, createdAt, providerId
  FROM owner_audit WHERE action IN (${SUPPORT_ACTIONS.map((a) => `'${a}'`).join(', ')})
  UNION ALL
  SELECT id, action, email, reason, actor, createdAt, NULL FROM operator_grants
  UNION ALL
  SELECT id, action, requestId, coalesce(json_extract(detail, '$.reason'), ''), actor, createdAt, providerId
  FROM request_audit WHERE action IN ('block-sender', 'dismiss-spam')
  UNION ALL
  SELECT 'batch-' || id, CASE status WHEN 'approved' THEN 'approve-batch' ELSE 'rollback-batch' END, id, coalesce(decisionReason, ''), decidedBy, decidedAt, NULL
  FROM import_batches WHERE decidedAt IS NOT NULL
  UNION ALL
  SELECT 'hold-' || id, CASE resolution WHEN 'same' THEN 'same-import' ELSE 'new-import' END, id, coalesce(decisionReason, ''), coalesce(decidedBy, ''), resolvedAt, candidateProviderId
  FROM import_holds WHERE resolvedAt IS NOT NULL`;

/** One page of the audit, newest first, and how many actions match; one round trip. */
export async function readAudit({ client }: Db, { listing, limit, offset }: AuditParams): Promise<AuditPage> {
  const where = listing ? 'WHERE p.slug = ?' : '';
  const args = listing ? [listing] : [];
  const from = `FROM (${ACTIONS}) a LEFT JOIN providers p ON p.id = a.providerId ${where}`;
  const [count, page] = await client.batch(
    [
      { sql: `SELECT count(*) AS n ${from}`, args },
      { sql: `SELECT a.*, p.slug, p.name AS providerName ${from} ORDER BY a.createdAt DESC, a.id DESC LIMIT ? OFFSET ?`, args: [...args, limit, offset] },
    ],
    'read',
  );
  return {
    total: Number(count!.rows[0]!.n),
    offset,
    items: page!.rows.map((row) => ({
      id: String(row.id),
      action: String(row.action),
      target: String(row.target),
      listing: row.slug === null ? null : { slug: String(row.slug), name: String(row.providerName) },
      actor: String(row.actor),
      reason: String(row.reason),
      createdAt: String(row.createdAt),
    })),
  };
}
