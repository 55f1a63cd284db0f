import { loadConfig } from "../config.js";
import { openMigratedDatabase } from "../runtime.js";

const config = loadConfig();
const database = await openMigratedDatabase(config);
await database.close();
process.stdout.write(`Migrations applied to the ${database.kind} database.\n`);
