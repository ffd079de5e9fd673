/**
 * The outbox in the back office (§6 admin, §7 messages), admins only: `GET /api/admin/messages` lists the messages failed
 * for good (newest first, at most 100), `POST /api/admin/messages/{id}/renvoyer` queues one again (audited).
 */
import { and, desc, eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { maskRecipient, type FailedMessageView } from '../../domain/message-retry.ts';
import { audit } from '../admin/audit.ts';
import { requireAdmin } from '../auth/guard.ts';
import type { AppEnv } from '../context.ts';
import { outboxMessages } from '../db/schema-messages.ts';
import { idParam, validate } from '../http/validate.ts';
import { messages } from '../observe/metrics.ts';

/** How many failed messages the list shows. */
const LISTED = 100;

/** The outbox sub-app (§6 admin), mounted at `/api/admin/messages`. */
export const adminMessageRoutes = new Hono<AppEnv>()
  .use(requireAdmin)
  .get('/', async (c) => {
    const rows = await c.var.deps.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.state, 'failed'))
      .orderBy(desc(outboxMessages.nextAttemptAt), desc(outboxMessages.id))
      .limit(LISTED);
    return c.json(
      rows.map(
        (r): FailedMessageView => ({
          id: r.id,
          channel: r.channel,
          recipient: maskRecipient(r.recipient),
          subject: r.subject,
          attempts: r.attempts,
          last_error: r.lastError,
          created_at: r.createdAt.toISOString(),
          failed_at: r.nextAttemptAt.toISOString(),
        }),
      ),
    );
  })
  .post('/:id/renvoyer', validate('param', idParam), async (c) => {
    const { id } = c.req.valid('param');
    const { db, now } = c.var.deps;
    const at = now();
    const requeued = await db.transaction(async (tx) => {
      const [row] = await tx
        .update(outboxMessages)
        .set({ state: 'queued', attempts: 0, nextAttemptAt: at })
        .where(and(eq(outboxMessages.id, id), eq(outboxMessages.state, 'failed')))
        .returning();
      if (row)
        await audit(
          tx,
          { userId: c.var.principal!.id, entity: 'message', entityId: id, action: 'resend', changes: { state: ['failed', 'queued'] } },
          at,
        );
      return row;
    });
    if (!requeued) {
      const [exists] = await db.select({ id: outboxMessages.id }).from(outboxMessages).where(eq(outboxMessages.id, id));
      return exists
        ? c.json({ message: 'Ce message n’est pas en échec : il est déjà en file ou envoyé.' }, 409)
        : c.json({ message: 'Message introuvable.' }, 404);
    }
    messages.inc({ channel: requeued.channel, outcome: 'queued' });
    return c.json({ message: 'Message remis en file d’envoi.', id });
  });
