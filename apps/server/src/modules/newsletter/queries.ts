import { and, eq, inArray, sql, type SQL } from "drizzle-orm";
import type { NewsletterStatus } from "@cohort/common/contacts";
import type { Db } from "../../db/client.js";
import type { MembershipState, NewsletterMember, ProviderCopy } from "../../providers/newsletter/provider.js";
import {
  contactProfiles,
  contactRoles,
  contacts,
  newsletterReconciliations,
  newsletterRemoteMembers,
  newsletterSettings,
  newsletterSync,
} from "../../db/schema/index.js";

export type NewsletterSettingsRow = typeof newsletterSettings.$inferSelect;
export const SETTINGS_ID = "main";

export async function findSettings(db: Db): Promise<NewsletterSettingsRow | undefined> {
  const [row] = await db.select().from(newsletterSettings).where(eq(newsletterSettings.id, SETTINGS_ID));
  return row;
}

export async function insertSettingsIfMissing(db: Db, webhookSecret: string, now: Date): Promise<void> {
  await db.insert(newsletterSettings).values({ id: SETTINGS_ID, webhookSecret, updatedAt: now }).onConflictDoNothing();
}

export async function updateSettings(
  db: Db,
  changes: Partial<Omit<NewsletterSettingsRow, "id" | "webhookSecret">>,
): Promise<void> {
  await db.update(newsletterSettings).set(changes).where(eq(newsletterSettings.id, SETTINGS_ID));
}

export interface SyncClaim {
  contactId: string;
  version: number;
  providerEmail: string | null;
  attempts: number;
}

/**
 * Takes up to `limit` contacts that are due (changed since last sent, or their membership
 * started or ended) and holds them until `leaseUntil`, skipping rows another copy holds.
 */
export async function claimDue(db: Db, now: Date, leaseUntil: Date, limit: number): Promise<SyncClaim[]> {
  const result = await db.execute(sql`
    UPDATE newsletter_sync SET lease_until = ${leaseUntil.toISOString()}::timestamptz
    WHERE contact_id IN (
      SELECT contact_id FROM newsletter_sync
      WHERE (version > synced_version OR recheck_at <= ${now.toISOString()}::timestamptz)
        AND (retry_at IS NULL OR retry_at <= ${now.toISOString()}::timestamptz)
        AND (lease_until IS NULL OR lease_until < ${now.toISOString()}::timestamptz)
      ORDER BY retry_at NULLS FIRST
      LIMIT ${limit}
      FOR UPDATE SKIP LOCKED
    )
    RETURNING contact_id, version, provider_email, attempts`);
  // Both drivers answer raw statements with `{ rows }`; a bigint may come back as text.
  const { rows } = result as {
    rows: { contact_id: string; version: string | number; provider_email: string | null; attempts: number }[];
  };
  return rows.map((row) => ({
    contactId: row.contact_id,
    version: Number(row.version),
    providerEmail: row.provider_email,
    attempts: row.attempts,
  }));
}

/** Records that `version` reached the provider; a later change keeps the row due. */
export async function markSynced(
  db: Db,
  contactId: string,
  version: number,
  providerEmail: string | null,
  recheckAt: Date | null,
): Promise<void> {
  await db
    .update(newsletterSync)
    .set({
      syncedVersion: sql`GREATEST(${newsletterSync.syncedVersion}, ${version})`,
      providerEmail,
      recheckAt,
      attempts: 0,
      retryAt: null,
      leaseUntil: null,
      lastError: null,
    })
    .where(eq(newsletterSync.contactId, contactId));
}

/** Forgets a deleted contact once the provider has dropped them, unless they changed again meanwhile. */
export async function forgetSynced(db: Db, contactId: string, version: number): Promise<void> {
  await db
    .delete(newsletterSync)
    .where(and(eq(newsletterSync.contactId, contactId), sql`${newsletterSync.version} <= ${version}`));
}

export async function markFailed(db: Db, contactId: string, error: string, retryAt: Date): Promise<void> {
  await db
    .update(newsletterSync)
    .set({ attempts: sql`${newsletterSync.attempts} + 1`, retryAt, leaseUntil: null, lastError: error.slice(0, 500) })
    .where(eq(newsletterSync.contactId, contactId));
}

export interface ContactNewsletterState {
  id: string;
  email: string;
  firstname: string;
  lastname: string;
  status: NewsletterStatus;
  groups: string[];
  memberAdded: Date | null;
  memberExpires: Date | null;
}

/** What the sync and the reconciliation read of a contact (with `contacts`, its profile and its member role joined). */
const stateColumns = {
  id: contacts.id,
  email: contacts.email,
  firstname: contacts.firstname,
  lastname: contacts.lastname,
  status: contactProfiles.newsletterStatus,
  groups: contactProfiles.newsletterGroups,
  memberAdded: contactRoles.dateAdded,
  memberExpires: contactRoles.dateExpires,
};

export async function findStates(db: Db, ids: string[]): Promise<ContactNewsletterState[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select(stateColumns)
    .from(contacts)
    .leftJoin(contactProfiles, eq(contactProfiles.contactId, contacts.id))
    .leftJoin(contactRoles, and(eq(contactRoles.contactId, contacts.id), eq(contactRoles.role, "member")))
    .where(inArray(contacts.id, ids));
  return rows.map((row) => ({ ...row, status: row.status ?? "none", groups: row.groups ?? [] }));
}

/**
 * What a copy of a contact holds, in a few bytes, computed by PostgreSQL from its parts: the
 * provider's copy as it is staged and Cohort's as it is compared go through this same
 * expression, so equal copies give equal fingerprints. Groups count as a set (order and
 * repeats do not matter), and only the groups on offer, since those are all a provider is sent.
 */
function fingerprintSql(
  parts: { email: SQL; firstname: SQL; lastname: SQL; status: SQL; groups: SQL; membership: SQL },
  groupsOnOffer: string[],
): SQL {
  const groups = sql`(SELECT coalesce(jsonb_agg(DISTINCT g.id ORDER BY g.id), '[]'::jsonb)
    FROM jsonb_array_elements_text(coalesce(${parts.groups}, '[]'::jsonb)) AS g(id)
    WHERE g.id IN (SELECT jsonb_array_elements_text(${JSON.stringify(groupsOnOffer)}::jsonb)))`;
  return sql`md5(jsonb_build_array(${parts.email}, ${parts.firstname}, ${parts.lastname}, ${parts.status}, ${groups}, ${parts.membership})::text)`;
}

/**
 * Keeps a page of the provider's list for a reconciliation, as one fingerprint per address
 * (an address listed twice keeps its last copy). The page goes to the database as one JSON
 * parameter and is fingerprinted there.
 */
export async function stageRemoteMembers(
  db: Db,
  reconciliationId: string,
  members: ProviderCopy[],
  groupsOnOffer: string[],
): Promise<void> {
  if (members.length === 0) return;
  const unique = [...new Map(members.map((member) => [member.email, member])).values()];
  const column = (name: string) => sql.raw(`m.${name}`);
  await db.execute(sql`
    INSERT INTO newsletter_remote_members (reconciliation_id, email, fingerprint)
    SELECT ${reconciliationId}::uuid, m.email, ${fingerprintSql(
      {
        email: column("email"),
        firstname: column("firstname"),
        lastname: column("lastname"),
        status: column("status"),
        groups: column("groups"),
        membership: column("membership"),
      },
      groupsOnOffer,
    )}
    FROM jsonb_to_recordset(${JSON.stringify(unique)}::jsonb)
      AS m(email text, firstname text, lastname text, status text, groups jsonb, membership text)
    ON CONFLICT (reconciliation_id, email) DO UPDATE SET fingerprint = excluded.fingerprint`);
}

/** One step of a reconciliation: how many contacts it compared, the last one's id, and those that differ. */
export interface ReconcileWindow {
  compared: number;
  lastId: string | null;
  differing: NewsletterMember[];
}

/**
 * A reconciliation's next window: up to `limit` contacts in id order after `afterId` (keyset,
 * so every window costs the same however far it is), compared in the database with the
 * fingerprints staged from the provider's list. Only the contacts that differ come back: those
 * the provider has in another state, and those it lacks whose status is neither `none` nor
 * `cleaned`. Their membership is the one at `now`, as `membershipAt` has it.
 */
export async function findReconcileWindow(
  db: Db,
  reconciliationId: string,
  afterId: string | null,
  limit: number,
  now: Date,
  groupsOnOffer: string[],
): Promise<ReconcileWindow> {
  const at = sql`${now.toISOString()}::timestamptz`;
  const local = (name: string) => sql.raw(`l.${name}`);
  const result = await db.execute(sql`
    WITH w AS MATERIALIZED (
      SELECT id FROM contacts ${afterId ? sql`WHERE id > ${afterId}::uuid` : sql``} ORDER BY id LIMIT ${limit}
    ),
    l AS (
      SELECT c.id, c.email, c.firstname, c.lastname,
        coalesce(p.newsletter_status, 'none') AS status,
        coalesce(p.newsletter_groups, '[]'::jsonb) AS groups,
        CASE
          WHEN r.date_added IS NULL OR r.date_added > ${at} THEN 'none'
          WHEN r.date_expires IS NOT NULL AND r.date_expires < ${at} THEN 'lapsed'
          ELSE 'active'
        END AS membership,
        m.fingerprint AS theirs
      FROM w
      JOIN contacts c ON c.id = w.id
      LEFT JOIN contact_profiles p ON p.contact_id = c.id
      LEFT JOIN contact_roles r ON r.contact_id = c.id AND r.role = 'member'
      LEFT JOIN newsletter_remote_members m ON m.reconciliation_id = ${reconciliationId}::uuid AND m.email = c.email
    )
    SELECT (SELECT count(*) FROM w)::int AS compared, (SELECT id FROM w ORDER BY id DESC LIMIT 1) AS last_id,
      d.email, d.firstname, d.lastname, d.status, d.groups, d.membership
    FROM (SELECT 1) AS one
    LEFT JOIN LATERAL (
      SELECT l.* FROM l
      WHERE CASE
        WHEN l.theirs IS NULL THEN l.status NOT IN ('none', 'cleaned')
        ELSE l.theirs <> ${fingerprintSql(
          {
            email: local("email"),
            firstname: local("firstname"),
            lastname: local("lastname"),
            status: local("status"),
            groups: local("groups"),
            membership: local("membership"),
          },
          groupsOnOffer,
        )}
      END
      ORDER BY l.id
    ) AS d ON true`);
  // Both drivers answer raw statements with `{ rows }`.
  const { rows } = result as {
    rows: {
      compared: number;
      last_id: string | null;
      email: string | null;
      firstname: string;
      lastname: string;
      status: NewsletterStatus;
      groups: string[];
      membership: MembershipState;
    }[];
  };
  const differing: NewsletterMember[] = [];
  for (const row of rows) {
    if (row.email === null) continue;
    const { email, firstname, lastname, status, groups, membership } = row;
    differing.push({ email, firstname, lastname, status, groups, membership });
  }
  return { compared: Number(rows[0]?.compared ?? 0), lastId: rows[0]?.last_id ?? null, differing };
}

export async function countContacts(db: Db): Promise<number> {
  const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(contacts);
  return row?.count ?? 0;
}

export async function findContactIdByEmail(db: Db, email: string): Promise<string | null> {
  const [row] = await db
    .select({ id: contacts.id })
    .from(contacts)
    .where(eq(contacts.email, email.trim().toLowerCase()));
  return row?.id ?? null;
}

/** The sync rows of contacts, for tests and the settings page's counts. */
export async function countDue(db: Db): Promise<{ due: number; failing: number }> {
  const [row] = await db
    .select({
      due: sql<number>`count(*) FILTER (WHERE ${newsletterSync.version} > ${newsletterSync.syncedVersion})::int`,
      failing: sql<number>`count(*) FILTER (WHERE ${newsletterSync.attempts} > 0)::int`,
    })
    .from(newsletterSync);
  return { due: row?.due ?? 0, failing: row?.failing ?? 0 };
}

export type ReconciliationRow = typeof newsletterReconciliations.$inferSelect;

export async function latestReconciliation(db: Db): Promise<ReconciliationRow | undefined> {
  const [row] = await db
    .select()
    .from(newsletterReconciliations)
    .orderBy(sql`${newsletterReconciliations.startedAt} DESC`)
    .limit(1);
  return row;
}

/** Starts a reconciliation unless one is running already (the one-running index); answers whether it did. */
export async function insertReconciliation(
  db: Db,
  row: typeof newsletterReconciliations.$inferInsert,
): Promise<boolean> {
  const inserted = await db
    .insert(newsletterReconciliations)
    .values(row)
    .onConflictDoNothing()
    .returning({ id: newsletterReconciliations.id });
  return inserted.length > 0;
}

/** Ends a running reconciliation whose heartbeat is older than `silentSince` (its server copy died). */
export async function failSilentReconciliations(db: Db, silentSince: Date, now: Date, error: string): Promise<number> {
  const rows = await db
    .update(newsletterReconciliations)
    .set({ status: "failed", finishedAt: now, error })
    .where(
      and(
        eq(newsletterReconciliations.status, "running"),
        sql`coalesce(${newsletterReconciliations.heartbeatAt}, ${newsletterReconciliations.startedAt}) < ${silentSince.toISOString()}::timestamptz`,
      ),
    )
    .returning({ id: newsletterReconciliations.id });
  return rows.length;
}

/**
 * Records progress and the heartbeat of a running reconciliation; answers false when it is no
 * longer running (another copy found it silent and ended it): its runner then stops.
 */
export async function beatReconciliation(
  db: Db,
  id: string,
  changes: Partial<typeof newsletterReconciliations.$inferInsert> & { heartbeatAt: Date },
): Promise<boolean> {
  const rows = await db
    .update(newsletterReconciliations)
    .set(changes)
    .where(and(eq(newsletterReconciliations.id, id), eq(newsletterReconciliations.status, "running")))
    .returning({ id: newsletterReconciliations.id });
  return rows.length > 0;
}

export async function updateReconciliation(
  db: Db,
  id: string,
  changes: Partial<typeof newsletterReconciliations.$inferInsert>,
): Promise<void> {
  await db.update(newsletterReconciliations).set(changes).where(eq(newsletterReconciliations.id, id));
}

export async function findProfileFields(
  db: Db,
  contactId: string,
): Promise<{ status: NewsletterStatus; groups: string[] } | undefined> {
  const [row] = await db
    .select({ status: contactProfiles.newsletterStatus, groups: contactProfiles.newsletterGroups })
    .from(contactProfiles)
    .where(eq(contactProfiles.contactId, contactId));
  return row;
}

/** Whether the contact with this address has a change the provider has not been sent yet. */
export async function hasUnsentChange(db: Db, email: string): Promise<boolean> {
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(newsletterSync)
    .innerJoin(contacts, eq(contacts.id, newsletterSync.contactId))
    .where(and(eq(contacts.email, email), sql`${newsletterSync.version} > ${newsletterSync.syncedVersion}`));
  return row !== undefined;
}

export async function dropRemoteMembers(db: Db, reconciliationId: string): Promise<void> {
  await db.delete(newsletterRemoteMembers).where(eq(newsletterRemoteMembers.reconciliationId, reconciliationId));
}

/**
 * The provider now knows the contact by `email` (they changed it there): the next send goes to
 * that subscriber and gives it Cohort's address back, so no second subscriber is made.
 */
export async function rememberProviderAddress(db: Db, contactId: string, email: string): Promise<void> {
  await db
    .insert(newsletterSync)
    .values({ contactId, providerEmail: email })
    .onConflictDoUpdate({
      target: newsletterSync.contactId,
      set: { providerEmail: email, version: sql`${newsletterSync.version} + 1` },
    });
}
