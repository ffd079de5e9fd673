/**
 * The membership request of §6 (credit members), made from the profile (§2): `GET /api/adhesion/organisations`,
 * `POST /api/adhesion` (multipart: fields and two documents), `GET /api/adhesion`, `GET /api/adhesion/documents/{id}`.
 */
import { and, desc, eq, isNotNull } from 'drizzle-orm';
import { Hono } from 'hono';
import {
  adhesionOf,
  applyRefusal,
  DOCUMENT_KINDS,
  documentProblem,
  type DocumentKind,
  membershipFieldsSchema,
  unreadableDocument,
} from '../../domain/membership.ts';
import * as z from '../../domain/zod.ts';
import { requireUser } from '../auth/guard.ts';
import type { AppEnv } from '../context.ts';
import type { Db } from '../db/client.ts';
import { asBytea } from '../db/images.ts';
import { creditApplications, creditDocuments } from '../db/schema-credit.ts';
import { users } from '../db/schema.ts';
import { idParam, validate } from '../http/validate.ts';
import { prepareDocument, type StoredDocument } from '../membership/documents.ts';
import { notifyMembership } from '../membership/notify.ts';
import { latestMembership } from '../membership/read.ts';

const NOT_FOUND = { message: 'Document introuvable.' };

/** The membership sub-app, mounted at `/api`. */
export const membershipRoutes = new Hono<AppEnv>()
  .get('/adhesion/organisations', requireUser, async (c) => {
    const rows = await c.var.deps.db
      .select({ id: users.id, organisation: users.organisation })
      .from(users)
      .where(isNotNull(users.organisation))
      .orderBy(users.organisation);
    return c.json(rows as Array<{ id: number; organisation: string }>);
  })
  .get('/adhesion', requireUser, async (c) => c.json({ request: await latestMembership(c.var.deps.db, c.var.principal!.id) }))
  .post('/adhesion', requireUser, async (c) => {
    const { db, now } = c.var.deps;
    const me = c.var.principal!.id;
    // The account and why it may not apply now; `lock` takes its row's lock first.
    const may = async (q: Db, lock: boolean) => {
      const query = q.select().from(users).where(eq(users.id, me));
      const [user] = lock ? await query.for('update') : await query;
      const [latest] = await q
        .select({ state: creditApplications.state })
        .from(creditApplications)
        .where(eq(creditApplications.userId, me))
        .orderBy(desc(creditApplications.createdAt), desc(creditApplications.id))
        .limit(1);
      return {
        user,
        refusal: user ? applyRefusal({ is_verified: user.isVerified, adhesion: user.adhesion, latest: latest?.state ?? null }) : null,
      };
    };
    const first = await may(db, false);
    if (!first.user) return c.json({ message: 'Compte introuvable.' }, 404);
    if (first.refusal) return c.json({ message: first.refusal }, first.user.isVerified ? 409 : 403);

    let form: Record<string, string | File>;
    try {
      form = await c.req.parseBody();
    } catch {
      return c.json({ message: 'Le formulaire envoyé est illisible (multipart/form-data attendu).' }, 400);
    }
    const text = (k: string) => (typeof form[k] === 'string' ? form[k] : undefined);
    const fields = z.safeParse(membershipFieldsSchema, {
      employer: text('employer'),
      income_bracket: text('income_bracket'),
      parent_id: text('parent_id'),
    });
    if (!fields.success) {
      const issue = fields.error.issues[0]!;
      return c.json({ message: issue.message, field: String(issue.path[0] ?? '') }, 400);
    }
    const [parent] = await db
      .select({ id: users.id, organisation: users.organisation })
      .from(users)
      .where(and(eq(users.id, fields.data.parent_id), isNotNull(users.organisation)));
    if (!parent || parent.id === me)
      return c.json({ message: 'Ce compte parent n’existe pas : choisissez-en un dans la liste.', field: 'parent_id' }, 400);

    const docs = {} as Record<DocumentKind, StoredDocument>;
    for (const kind of DOCUMENT_KINDS) {
      const file = form[kind];
      const bytes = file instanceof File ? new Uint8Array(await file.arrayBuffer()) : undefined;
      const problem = documentProblem(kind, file instanceof File ? { size: file.size, bytes } : null);
      if (problem) return c.json({ message: problem, field: kind }, 400);
      const stored = await prepareDocument(bytes!, (file as File).name);
      if (!stored) return c.json({ message: unreadableDocument(kind), field: kind }, 400);
      docs[kind] = stored;
    }

    const at = now();
    const created = await db.transaction(async (tx) => {
      // The account's row is locked: two requests sent at once cannot both find nothing pending.
      const { user, refusal } = await may(tx, true);
      if (refusal) return { refusal };
      const [app] = await tx
        .insert(creditApplications)
        .values({
          userId: me,
          employer: fields.data.employer,
          incomeBracket: fields.data.income_bracket,
          parentId: parent.id,
          state: 'sent',
          createdAt: at,
        })
        .returning({ id: creditApplications.id });
      await tx.insert(creditDocuments).values(
        DOCUMENT_KINDS.map((kind) => ({
          applicationId: app!.id,
          kind,
          mime: docs[kind].mime,
          fileName: docs[kind].fileName,
          data: asBytea(docs[kind].data),
          createdAt: at,
        })),
      );
      await tx
        .update(users)
        .set({ adhesion: adhesionOf('sent') })
        .where(eq(users.id, me));
      return { user: user! };
    });
    if ('refusal' in created) return c.json({ message: created.refusal }, 409);
    void notifyMembership(c.var.deps, created.user, { name: created.user.name, event: 'sent' });
    return c.json(await latestMembership(db, me), 201);
  })
  .get('/adhesion/documents/:id', requireUser, validate('param', idParam), async (c) => {
    const who = c.var.principal!;
    const [doc] = await c.var.deps.db
      .select({
        mime: creditDocuments.mime,
        fileName: creditDocuments.fileName,
        data: creditDocuments.data,
        owner: creditApplications.userId,
      })
      .from(creditDocuments)
      .innerJoin(creditApplications, eq(creditApplications.id, creditDocuments.applicationId))
      .where(eq(creditDocuments.id, c.req.valid('param').id));
    // One answer for a missing document and someone else's: nobody learns which ids exist.
    if (!doc || (doc.owner !== who.id && who.role !== 'admin')) return c.json(NOT_FOUND, 404);
    return c.body(doc.data as Uint8Array<ArrayBuffer>, 200, {
      'Content-Type': doc.mime,
      'Content-Disposition': `inline; filename="${doc.fileName}"`,
      'Cache-Control': 'private, no-store',
      'X-Content-Type-Options': 'nosniff',
    });
  });
