import { parseArgs } from "node:util";
import pino from "pino";
import { z } from "zod";
import { emailSchema, passwordSchema } from "@cohort/common/auth";
import { PASSWORD_MIN_LENGTH } from "@cohort/common/contacts";
import { TEXT_LIMITS } from "@cohort/common/http";
import { englishMessage } from "@cohort/common/validation";
import { loadConfig } from "../config.js";
import { newUuid, realSleep, systemClock } from "../context.js";
import { openMigratedDatabase } from "../runtime.js";
import { clearSetupTokens, upsertAdmin } from "../modules/setup/service.js";
import { AltchaCaptchaProvider } from "../providers/captcha/altcha.js";
import { createStorageProvider } from "../providers/storage/index.js";
import { OutboxOnlyEmailProvider } from "../providers/email/outbox-only.js";
import { buildPaymentProviders } from "../modules/payments/service.js";

const usage =
  "Usage: npm run create-admin -- --email E --password P [--firstname F --lastname L] [--role admin|superadmin]";

const passwordHint = [
  "  Pass the options after `--` (npm keeps the ones before it for itself), and quote the password",
  "  so the shell leaves characters such as $ ! & intact, for example:",
  "    npm run create-admin -- --email you@example.org --password 'Long-enough-1'",
].join("\n");

/**
 * Each rule of the sign-up form's password check that the password fails, in
 * words an operator can act on (the check itself stays `passwordSchema`).
 */
function failedPasswordRules(password: unknown): string[] {
  if (typeof password !== "string" || password === "") return ["no password was given (--password)"];
  const rules: [boolean, string][] = [
    [password.length >= PASSWORD_MIN_LENGTH, `at least ${PASSWORD_MIN_LENGTH} characters (it has ${password.length})`],
    [password.length <= TEXT_LIMITS.password, `at most ${TEXT_LIMITS.password} characters`],
    [/\d/.test(password), "a number"],
    [/\p{Ll}/u.test(password), "a lowercase letter"],
    [/\p{Lu}/u.test(password), "an uppercase letter"],
  ];
  return rules.filter(([passes]) => !passes).map(([, rule]) => `it needs ${rule}`);
}

const optionsSchema = z.object({
  email: emailSchema,
  password: passwordSchema,
  firstname: z.string().trim().optional(),
  lastname: z.string().trim().optional(),
  role: z.enum(["admin", "superadmin"]).default("admin"),
});

let options: z.infer<typeof optionsSchema>;
try {
  const { values: raw } = parseArgs({
    strict: true,
    options: {
      email: { type: "string" },
      password: { type: "string" },
      firstname: { type: "string" },
      lastname: { type: "string" },
      role: { type: "string" },
    },
  });
  const parsed = optionsSchema.safeParse(raw);
  if (!parsed.success) {
    const problems = parsed.error.issues
      .filter((issue) => issue.path[0] !== "password")
      .map((issue) => `  --${issue.path.join(".")}: ${englishMessage(issue.message)}`);
    if (parsed.error.issues.some((issue) => issue.path[0] === "password")) {
      const rules = failedPasswordRules(raw.password);
      problems.push(
        `  --password: the password does not meet the sign-up rules: ${rules.length ? rules.join("; ") : "it was refused"}.`,
        passwordHint,
      );
    }
    throw new Error(problems.join("\n"));
  }
  options = parsed.data;
} catch (error) {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n${usage}\n`);
  process.exit(2);
}

const config = loadConfig();
let database: Awaited<ReturnType<typeof openMigratedDatabase>>;
try {
  database = await openMigratedDatabase(config);
} catch (error) {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
}
const log = pino({ level: "warn" });
const baseCtx = {
  db: database.db,
  config,
  clock: systemClock,
  newId: newUuid,
  sleep: realSleep,
  log,
  captcha: new AltchaCaptchaProvider({ db: database.db, clock: systemClock, hmacKey: config.captcha.hmacKey }),
  storage: createStorageProvider(config.storage),
  // A short-lived command: anything it writes to the outbox is delivered by the running server.
  email: new OutboxOnlyEmailProvider(),
};
const ctx = { ...baseCtx, payments: buildPaymentProviders(config, baseCtx) };
const result = await upsertAdmin(ctx, options);
await clearSetupTokens(ctx);
await database.close();
process.stdout.write(
  `${result.created ? "Created" : "Updated"} ${options.role} ${options.email} (${result.id}) in the ${database.kind} database.\n`,
);
