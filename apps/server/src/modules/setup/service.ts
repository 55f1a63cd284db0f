import { randomBytes } from "node:crypto";
import type { RoleType } from "@cohort/common/contacts";
import type { SampleDataSummary, Setup } from "@cohort/common/setup";
import { SAMPLE_DATA_EMAIL_DOMAIN, SAMPLE_DATA_TAG_DESCRIPTION } from "@cohort/common/setup";
import { ONE_DAY } from "@cohort/common/time";
import type { AppContext } from "../../context.js";
import { AppError } from "../../http/errors.js";
import { hashPassword } from "../../lib/password.js";
import { hashToken } from "../auth/service.js";
import { calloutsChanged } from "../callouts/cache.js";
import { deleteCalloutsIn } from "../callouts/records-service.js";
import * as contactRecords from "../contacts/records/service.js";
import { deletePaymentsOfContactsIn } from "../payments/service.js";
import { deleteTags } from "../tags/service.js";
import { deleteStoredFiles } from "../uploads/service.js";
import * as queries from "./queries.js";
import { loadSampleData } from "./sample-data.js";
import {
  countSampleRows,
  findRemovableSampleTags,
  findSampleCalloutFiles,
  lockSampleData,
  sampleCalloutIds,
  sampleContactIds,
  type SampleMarks,
} from "./sample-queries.js";

const SETUP_TOKEN_LIFETIME = ONE_DAY;

export async function isSetupRequired(ctx: AppContext): Promise<boolean> {
  return (await contactRecords.countActiveRoleHolders(ctx, ["admin", "superadmin"], ctx.clock.now())) === 0;
}

/** Issues a fresh one-time setup token (any earlier one stops working). */
export async function issueSetupToken(ctx: AppContext): Promise<string> {
  const token = randomBytes(24).toString("base64url");
  const now = ctx.clock.now();
  await queries.replaceSetupToken(ctx.db, hashToken(token), now, new Date(now.getTime() + SETUP_TOKEN_LIFETIME));
  return token;
}

export interface AdminInput {
  email: string;
  password: string;
  firstname?: string | undefined;
  lastname?: string | undefined;
  role?: Extract<RoleType, "admin" | "superadmin"> | undefined;
}

/** Voids every first-run setup link (once an admin exists, none is needed). */
export async function clearSetupTokens(ctx: AppContext): Promise<void> {
  await queries.clearSetupTokens(ctx.db);
}

/**
 * Creates an admin, or gives an existing contact a new password (which also
 * unlocks it) and the admin role. Returns the contact id.
 */
export async function upsertAdmin(ctx: AppContext, input: AdminInput): Promise<{ id: string; created: boolean }> {
  const now = ctx.clock.now();
  const passwordHash = await hashPassword(ctx, input.password);
  const email = input.email.trim().toLowerCase();
  const existing = await contactRecords.findContactByEmail(ctx, email);
  let id: string;
  if (existing) {
    id = existing.id;
    await contactRecords.updateContact(ctx, id, {
      passwordHash,
      passwordTries: 0,
      ...(input.firstname ? { firstname: input.firstname } : {}),
      ...(input.lastname ? { lastname: input.lastname } : {}),
    });
  } else {
    id = ctx.newId();
    // The contact and its `contact.created` together: a run that fails between them and is
    // repeated would otherwise find the contact and never tell of it.
    await ctx.db.transaction(async (tx) => {
      await contactRecords.insertContact(
        { ...ctx, db: tx },
        {
          id,
          email,
          firstname: input.firstname ?? "",
          lastname: input.lastname ?? "",
          joined: now,
          passwordHash,
        },
      );
      await contactRecords.emitContactEvent({ ...ctx, db: tx }, "contact.created", id);
    });
  }
  await contactRecords.saveRole(ctx, {
    contactId: id,
    role: input.role ?? "admin",
    dateAdded: now,
    dateExpires: null,
    savedAt: now,
  });
  return { id, created: !existing };
}

/** First-run setup: creates the first admin; refused once any admin exists. */
export async function completeSetup(ctx: AppContext, input: Setup): Promise<string> {
  if (!(await isSetupRequired(ctx))) {
    throw new AppError("setup-complete", { status: 409, message: "Cohort is already set up. Log in instead." });
  }
  if (!(await queries.claimSetupToken(ctx.db, hashToken(input.token), ctx.clock.now()))) {
    throw new AppError("invalid-setup-token", {
      status: 403,
      message: "This setup link is not valid any more. Restart Cohort to get a new one.",
    });
  }
  const { id } = await upsertAdmin(ctx, { ...input, role: "superadmin" });
  await clearSetupTokens(ctx);
  if (input.sampleData) await loadSampleData(ctx);
  return id;
}

const sampleMarks = { domain: SAMPLE_DATA_EMAIL_DOMAIN, tagDescription: SAMPLE_DATA_TAG_DESCRIPTION };

/** What the sample data has left: the contacts, their payments, the loader's tags, the callouts and their responses. */
export function sampleDataSummary(ctx: AppContext): Promise<SampleDataSummary> {
  return countSampleRows(ctx.db, sampleMarks);
}

/**
 * Removes everything the sample data created and nothing else; answers what
 * it removed. The files of the sample callouts' answers leave the storage
 * provider once their records are gone (a failure then leaves unreferenced
 * bytes, never a record without its file).
 */
export async function removeSampleData(ctx: AppContext): Promise<SampleDataSummary> {
  const summary = await countSampleRows(ctx.db, sampleMarks);
  const files = await findSampleCalloutFiles(ctx.db);
  const removedCallouts = await deleteSampleRows(ctx, sampleMarks);
  if (removedCallouts.length > 0) calloutsChanged(ctx);
  await deleteStoredFiles(ctx, files);
  return summary;
}

/**
 * Deletes the sample callouts (everything in them goes with them through the foreign keys:
 * responses, their tags and comments, the records of their files, reviewers), the sample
 * contacts (their profiles, roles, contributions and tag assignments likewise), their payments,
 * and the loader's tags nobody else carries, in one transaction, each through the module that
 * owns it (decision 083). Answers the ids of the callouts removed.
 */
async function deleteSampleRows(ctx: AppContext, marks: SampleMarks): Promise<string[]> {
  return ctx.db.transaction(async (tx) => {
    const txCtx = { ...ctx, db: tx };
    const callouts = await deleteCalloutsIn(txCtx, sampleCalloutIds);
    const tags = await findRemovableSampleTags(tx, marks);
    await deletePaymentsOfContactsIn(txCtx, sampleContactIds(marks.domain));
    await contactRecords.deleteContactsIn(txCtx, sampleContactIds(marks.domain));
    await deleteTags(txCtx, tags);
    return callouts;
  });
}

/**
 * Loads the sample data on a running install, for trying things out again after
 * removing it; nothing is added while sample contacts or callouts are still there. Answers
 * what there is now.
 */
export async function addSampleData(ctx: AppContext): Promise<SampleDataSummary> {
  await ctx.db.transaction(async (tx) => {
    await lockSampleData(tx);
    const left = await countSampleRows(tx, sampleMarks);
    if (left.contacts === 0 && left.callouts === 0) await loadSampleData({ ...ctx, db: tx });
  });
  // Loading inside the transaction told nobody: the callouts it made show from now on.
  calloutsChanged(ctx);
  return countSampleRows(ctx.db, sampleMarks);
}
