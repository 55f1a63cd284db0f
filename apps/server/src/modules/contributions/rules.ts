import { z } from "zod";
import type { ContributionInput, ContributionRules, Signup, UpdateContribution } from "@cohort/common/contributions";
import {
  makeContributionInputSchema,
  makeSignupSchema,
  makeUpdateContributionSchema,
} from "@cohort/common/contributions";
import type { AppContext } from "../../context.js";
import { SCHEMA_SUMMARY, invalidField, parseOr400 } from "../../http/parse.js";
import { getContributionRules } from "../content/service.js";

/**
 * Bodies whose limits are the organisation's settings are declared as JSON
 * objects on the route and checked in the handler against the stored rules.
 */
export const jsonObjectBody = z.record(z.string(), z.unknown());

interface RuleSchemas {
  input: ReturnType<typeof makeContributionInputSchema>;
  update: ReturnType<typeof makeUpdateContributionSchema>;
  signup: ReturnType<typeof makeSignupSchema>;
}

const schemasByRules = new Map<string, RuleSchemas>();

function schemasFor(rules: ContributionRules): RuleSchemas {
  const key = `${rules.minMonthlyAmount}:${rules.showAbsorbFee}`;
  let schemas = schemasByRules.get(key);
  if (!schemas) {
    schemas = {
      input: makeContributionInputSchema(rules),
      update: makeUpdateContributionSchema(rules),
      signup: makeSignupSchema(rules),
    };
    schemasByRules.set(key, schemas);
  }
  return schemas;
}

export async function parseContributionInput(ctx: AppContext, body: unknown): Promise<ContributionInput> {
  return parseOr400(schemasFor(await getContributionRules(ctx)).input, body);
}

export async function parseContributionUpdate(ctx: AppContext, body: unknown): Promise<UpdateContribution> {
  return parseOr400(schemasFor(await getContributionRules(ctx)).update, body);
}

/** A signup body; joining without a contribution only when the join form offers it. */
export async function parseSignup(ctx: AppContext, body: unknown): Promise<Signup> {
  const rules = await getContributionRules(ctx);
  const signup = parseOr400(schemasFor(rules).signup, body);
  if (!signup.contribution && !rules.allowsNoContribution) {
    throw invalidField("contribution", { key: "join.errors.contributionRequired" }, { summary: SCHEMA_SUMMARY });
  }
  return signup;
}
