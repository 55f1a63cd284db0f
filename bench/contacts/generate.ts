import { randomUUID } from "node:crypto";
import pg from "pg";

const TAGS = ["Volunteer", "Donor", "Event attendee", "Local business", "Press pass"];

/** The admin `generateContacts` creates, and the password it is given by the benches. */
export const BENCH_ADMIN = { email: "admin@bench.test", password: "Bench-passw0rd" };

/** Logs in as the bench admin; answers the session cookie. */
export async function logInAsBenchAdmin(address: string): Promise<string> {
  const login = await fetch(`${address}/api/1.0/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-requested-with": "XMLHttpRequest" },
    body: JSON.stringify(BENCH_ADMIN),
  });
  if (!login.ok) throw new Error(`login: ${login.status} ${await login.text()}`);
  return login.headers.get("set-cookie")!.split(";")[0]!;
}

/**
 * Fills the database with `count` contacts in set-based SQL: profiles for
 * all, a member role for about 70 %, one or two tags for about 40 %, and an
 * admin to log in as.
 */
export async function generateContacts(url: string, count: number, adminPasswordHash: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const tagIds = TAGS.map(() => randomUUID());
  try {
    await client.query("BEGIN");
    await client.query(`INSERT INTO contact_tags (id, name) SELECT unnest($1::uuid[]), unnest($2::text[])`, [
      tagIds,
      TAGS,
    ]);
    await client.query(
      `INSERT INTO contacts (id, email, firstname, lastname, joined, last_seen, contribution_type, contribution_period, contribution_amount)
       SELECT gen_random_uuid(),
              'person' || i || '@bench.test',
              (ARRAY['Anna','Ben','Chloe','Dev','Elena','Farid','Grace','Hugo','Ines','Jonas','Kemi','Luca'])[1 + i % 12],
              (ARRAY['Anderson','Baker','Carter','Diaz','Evans','Fischer','Garcia','Hughes','Ivanov','Jansen','Khan','Lopez','Moreau','Nowak'])[1 + (i * 5 + i / 14) % 14],
              now() - (i % 1500) * interval '1 day' - (i % 86400) * interval '1 second',
              CASE WHEN i % 3 = 0 THEN NULL ELSE now() - (i % 90) * interval '1 day' END,
              CASE WHEN i % 10 < 7 THEN 'Automatic' ELSE 'None' END,
              CASE WHEN i % 10 < 5 THEN 'monthly' WHEN i % 10 < 7 THEN 'annually' END,
              CASE WHEN i % 10 < 5 THEN (3 + i % 5) * 100 WHEN i % 10 < 7 THEN (36 + i % 60) * 100 END
       FROM generate_series(1, $1::int) AS i`,
      [count],
    );
    await client.query(
      `INSERT INTO contact_profiles (contact_id, newsletter_status, delivery_opt_in)
       SELECT id, (ARRAY['subscribed','unsubscribed','none'])[1 + abs(hashtext(id::text)) % 3], abs(hashtext(id::text)) % 4 = 0
       FROM contacts`,
    );
    await client.query(`INSERT INTO contributions (contact_id) SELECT id FROM contacts`);
    await client.query(
      `INSERT INTO contact_roles (contact_id, role, date_added, date_expires)
       SELECT id, 'member', joined, CASE WHEN abs(hashtext(email)) % 8 = 0 THEN now() - interval '3 days' ELSE now() + interval '40 days' END
       FROM contacts WHERE contribution_type = 'Automatic'`,
    );
    await client.query(
      `INSERT INTO contact_tag_assignments (contact_id, tag_id)
       SELECT c.id, ($1::uuid[])[1 + abs(hashtext(c.email)) % 5] FROM contacts c WHERE abs(hashtext(c.email || 'x')) % 10 < 4
       UNION
       SELECT c.id, ($1::uuid[])[1 + abs(hashtext(c.email || 'y')) % 5] FROM contacts c WHERE abs(hashtext(c.email || 'z')) % 10 < 1`,
      [tagIds],
    );
    const adminId = randomUUID();
    await client.query(
      `INSERT INTO contacts (id, email, firstname, lastname, joined, password_hash) VALUES ($1, 'admin@bench.test', 'Bench', 'Admin', now(), $2)`,
      [adminId, adminPasswordHash],
    );
    await client.query(`INSERT INTO contact_profiles (contact_id) VALUES ($1)`, [adminId]);
    await client.query(
      `INSERT INTO contact_roles (contact_id, role, date_added) VALUES ($1, 'admin', now() - interval '1 day')`,
      [adminId],
    );
    await client.query("COMMIT");
    await client.query("ANALYZE");
  } finally {
    await client.end();
  }
  return { tagIds };
}
