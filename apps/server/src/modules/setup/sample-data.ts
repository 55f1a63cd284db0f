import type { ContributionPeriod } from "@cohort/common/payments";
import type { NewsletterStatus } from "@cohort/common/contacts";
import { SAMPLE_DATA_EMAIL_DOMAIN, SAMPLE_DATA_TAG, SAMPLE_DATA_TAG_DESCRIPTION } from "@cohort/common/setup";
import { ONE_DAY } from "@cohort/common/time";
import type { AppContext } from "../../context.js";
import { calloutsChanged } from "../callouts/cache.js";
import { insertSampleContacts } from "../contacts/records/service.js";
import { insertPayments } from "../payments/service.js";
import { assignTags, findOrInsertTags } from "../tags/service.js";
import type * as schema from "../../db/schema/index.js";
import { prepareSampleCallouts } from "./sample-callouts.js";

const FIRST_NAMES = [
  "Amara",
  "Ben",
  "Chiara",
  "Dmitri",
  "Elif",
  "Farah",
  "Gustav",
  "Hana",
  "Idris",
  "Jana",
  "Kofi",
  "Lena",
  "Mateo",
  "Nia",
  "Oskar",
  "Priya",
  "Quinn",
  "Rosa",
  "Sami",
  "Tomas",
];
const LAST_NAMES = [
  "Okafor",
  "Schmidt",
  "Rossi",
  "Ivanova",
  "Yilmaz",
  "Haddad",
  "Lindqvist",
  "Sato",
  "Mensah",
  "de Vries",
  "Costa",
  "Novak",
  "Garcia",
  "Walsh",
  "Brennan",
];
const EXTRA_TAGS = ["Volunteer", "Event attendee", "Local business", "Press pass"];
const CITIES = ["Bristol", "Leeds", "Glasgow", "Cardiff", "Belfast", "Norwich"];

/** Small deterministic generator, so every sample set looks the same. */
export function generator(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

/**
 * A demo newsroom: contacts with profiles, member roles, tags and a year of
 * payments, and two callouts with their answers (see sample-callouts.ts).
 * Every contact carries the "Sample data" tag and an address at an invalid
 * domain, every tag it makes carries the loader's description, and each
 * callout is listed in `sample_callouts`, so `removeSampleData` finds all of it.
 */
export async function loadSampleData(ctx: AppContext, count = 60): Promise<void> {
  const random = generator(42);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
  const now = ctx.clock.now();
  const tags = [SAMPLE_DATA_TAG, ...EXTRA_TAGS].map((name) => ({
    id: ctx.newId(),
    name,
    description: SAMPLE_DATA_TAG_DESCRIPTION,
  }));

  const contacts: (typeof schema.contacts.$inferInsert)[] = [];
  const profiles: (typeof schema.contactProfiles.$inferInsert)[] = [];
  const roles: (typeof schema.contactRoles.$inferInsert)[] = [];
  const assignments: (typeof schema.contactTagAssignments.$inferInsert)[] = [];
  const payments: (typeof schema.payments.$inferInsert)[] = [];

  for (let index = 0; index < count; index++) {
    const id = ctx.newId();
    const firstname = pick(FIRST_NAMES);
    const lastname = pick(LAST_NAMES);
    const daysSinceJoining = Math.floor(random() * 720);
    const joined = new Date(now.getTime() - daysSinceJoining * ONE_DAY);
    const isMember = random() < 0.75;
    const period: ContributionPeriod = random() < 0.7 ? "monthly" : "annually";
    const amount = isMember ? (period === "monthly" ? pick([3, 5, 5, 10, 15]) : pick([36, 60, 120])) * 100 : null;
    contacts.push({
      id,
      email:
        `${firstname}.${lastname}.${index}`.toLowerCase().replace(/[^a-z0-9.]/g, "") + `@${SAMPLE_DATA_EMAIL_DOMAIN}`,
      firstname,
      lastname,
      joined,
      // Seen in the last 60 days, but never before joining.
      lastSeen:
        random() < 0.6
          ? new Date(now.getTime() - Math.floor(random() * Math.min(60, daysSinceJoining + 1)) * ONE_DAY)
          : null,
      contributionType: isMember ? (random() < 0.85 ? "Automatic" : "Manual") : "None",
      contributionPeriod: isMember ? period : null,
      contributionAmount: amount,
    });
    const deliveryOptIn = random() < 0.3;
    profiles.push({
      contactId: id,
      telephone: random() < 0.4 ? `+44 7700 9${String(index).padStart(5, "0")}` : "",
      deliveryOptIn,
      deliveryAddress: deliveryOptIn
        ? { line1: `${1 + index} High Street`, line2: "", city: pick(CITIES), postcode: "AB1 2CD" }
        : null,
      newsletterStatus: pick<NewsletterStatus>(["subscribed", "subscribed", "unsubscribed", "none"]),
      notes: "Sample contact",
    });
    if (isMember) {
      const lapsed = random() < 0.15;
      roles.push({
        contactId: id,
        role: "member",
        dateAdded: joined,
        dateExpires: lapsed
          ? new Date(now.getTime() - Math.floor(random() * 90 + 1) * ONE_DAY)
          : new Date(now.getTime() + (period === "monthly" ? 37 : 372) * ONE_DAY),
      });
      const months = Math.max(1, Math.floor((now.getTime() - joined.getTime()) / (30 * ONE_DAY)));
      const step = period === "monthly" ? 1 : 12;
      for (let month = 0; month < Math.min(months, 12); month += step) {
        const chargeDate = new Date(now.getTime() - month * 30 * ONE_DAY);
        payments.push({
          id: ctx.newId(),
          contactId: id,
          provider: "sample",
          providerPaymentId: `sample-${index}-${month}`,
          amount: amount ?? 0,
          currency: ctx.config.currencyCode,
          status: random() < 0.93 ? "successful" : "failed",
          chargeDate,
          createdAt: chargeDate,
          updatedAt: chargeDate,
        });
      }
    }
    assignments.push({ contactId: id, tagId: tags[0]!.id });
    if (random() < 0.35) assignments.push({ contactId: id, tagId: pick(tags.slice(1)).id });
  }

  const people = contacts.map(({ id, firstname, lastname, email }) => ({
    id,
    firstname: firstname ?? "",
    lastname: lastname ?? "",
    email,
  }));
  const callouts = await prepareSampleCallouts(ctx, random, people);
  await callouts.storeFiles();
  try {
    // The organisation's own settings (its name among them) are left as they are.
    await ctx.db.transaction(async (tx) => {
      await insertSampleRows({ ...ctx, db: tx }, { tags, contacts, profiles, roles, assignments, payments });
      await callouts.insert({ ...ctx, db: tx });
    });
  } catch (error) {
    await callouts.deleteFiles();
    throw error;
  }
  calloutsChanged(ctx);
}

/**
 * Writes the sample contacts and what they hold, each part through the module that owns it
 * (decision 083), in the caller's transaction. A tag of the same name, in any case, may be there
 * already (kept by a removal because a real contact carries it, or made by an admin): it is used.
 */
async function insertSampleRows(
  ctx: AppContext,
  rows: {
    tags: (typeof schema.contactTags.$inferInsert)[];
    contacts: (typeof schema.contacts.$inferInsert)[];
    profiles: (typeof schema.contactProfiles.$inferInsert)[];
    roles: (typeof schema.contactRoles.$inferInsert)[];
    assignments: (typeof schema.contactTagAssignments.$inferInsert)[];
    payments: (typeof schema.payments.$inferInsert)[];
  },
): Promise<void> {
  const storedIdByName = await findOrInsertTags(ctx, rows.tags);
  const storedId = new Map(rows.tags.map((tag) => [tag.id, storedIdByName.get(tag.name.toLowerCase()) ?? tag.id]));
  await insertSampleContacts(ctx, rows);
  await assignTags(
    ctx,
    rows.assignments.map((row) => ({ ...row, tagId: storedId.get(row.tagId) ?? row.tagId })),
  );
  if (rows.payments.length) await insertPayments(ctx, rows.payments);
}
