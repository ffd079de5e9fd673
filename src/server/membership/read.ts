/** Membership requests as the API shows them (§6): the applicant's own, and the back office's queue; never a document's bytes. */
import { asc, count, desc, eq, inArray } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { AdminMembership, Membership, MembershipState } from '../../domain/membership.ts';
import type { Db } from '../db/client.ts';
import { creditApplications, creditDocuments } from '../db/schema-credit.ts';
import { users } from '../db/schema.ts';

const parents = alias(users, 'parents');
const applicants = alias(users, 'applicants');

const columns = {
  id: creditApplications.id,
  state: creditApplications.state,
  employer: creditApplications.employer,
  incomeBracket: creditApplications.incomeBracket,
  reason: creditApplications.reason,
  createdAt: creditApplications.createdAt,
  decidedAt: creditApplications.decidedAt,
  parentId: parents.id,
  organisation: parents.organisation,
};
interface Row {
  id: number;
  state: MembershipState;
  employer: string;
  incomeBracket: string;
  reason: string | null;
  createdAt: Date;
  decidedAt: Date | null;
  parentId: number | null;
  organisation: string | null;
}

async function withDocuments(db: Db, rows: Row[]): Promise<Map<number, Membership>> {
  const ids = rows.map((r) => r.id);
  const docs = ids.length
    ? await db
        .select({
          id: creditDocuments.id,
          applicationId: creditDocuments.applicationId,
          kind: creditDocuments.kind,
          mime: creditDocuments.mime,
          fileName: creditDocuments.fileName,
        })
        .from(creditDocuments)
        .where(inArray(creditDocuments.applicationId, ids))
        .orderBy(asc(creditDocuments.id))
    : [];
  return new Map(
    rows.map((r) => [
      r.id,
      {
        id: r.id,
        state: r.state,
        employer: r.employer,
        income_bracket: r.incomeBracket,
        parent: r.parentId != null ? { id: r.parentId, organisation: r.organisation ?? '' } : null,
        reason: r.reason,
        created_at: r.createdAt.toISOString(),
        decided_at: r.decidedAt?.toISOString() ?? null,
        documents: docs
          .filter((d) => d.applicationId === r.id)
          .map((d) => ({ id: d.id, kind: d.kind, mime: d.mime, file_name: d.fileName })),
      },
    ]),
  );
}

/** The latest request of `userId`, or null. */
export async function latestMembership(db: Db, userId: number): Promise<Membership | null> {
  const rows = (await db
    .select(columns)
    .from(creditApplications)
    .leftJoin(parents, eq(parents.id, creditApplications.parentId))
    .where(eq(creditApplications.userId, userId))
    .orderBy(desc(creditApplications.createdAt), desc(creditApplications.id))
    .limit(1)) as Row[];
  return rows[0] ? (await withDocuments(db, rows)).get(rows[0].id)! : null;
}

/** One page of the requests in `state`, oldest first (the queue is served in the order it came), and how many there are. */
export async function membershipQueue(
  db: Db,
  q: { state: MembershipState; page: number; limit: number },
): Promise<{ requests: AdminMembership[]; total: number }> {
  const where = eq(creditApplications.state, q.state);
  const [rows, [{ total } = { total: 0 }]] = await Promise.all([
    db
      .select({ ...columns, userId: applicants.id, name: applicants.name, email: applicants.email, phone: applicants.partnerPhone })
      .from(creditApplications)
      .innerJoin(applicants, eq(applicants.id, creditApplications.userId))
      .leftJoin(parents, eq(parents.id, creditApplications.parentId))
      .where(where)
      .orderBy(asc(creditApplications.createdAt), asc(creditApplications.id))
      .limit(q.limit)
      .offset((q.page - 1) * q.limit),
    db.select({ total: count() }).from(creditApplications).where(where),
  ]);
  const shown = await withDocuments(db, rows as Row[]);
  return {
    requests: rows.map((r) => ({
      ...shown.get(r.id)!,
      applicant: { id: r.userId, name: r.name, email: r.email, partner_phone: r.phone },
    })),
    total,
  };
}
