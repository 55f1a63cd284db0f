import { closeSync, openSync, readFileSync, unlinkSync, writeFileSync, writeSync } from "node:fs";

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * The embedded database can be open in one process only; a second one (a
 * second server, or `create-admin` while the server runs) would corrupt it.
 * Takes a lock file holding our pid, taking over locks of processes that are
 * gone. Returns the function that releases it.
 */
export function lockDataDir(dataDir: string): () => void {
  const lockPath = `${dataDir}.lock`;
  try {
    const fd = openSync(lockPath, "wx");
    writeSync(fd, String(process.pid));
    closeSync(fd);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    const holder = Number(readFileSync(lockPath, "utf8").trim());
    if (holder && holder !== process.pid && isRunning(holder)) {
      throw new Error(
        `The embedded database in ${dataDir} is in use by process ${holder}. ` +
          "Stop Cohort before running this, or use a PostgreSQL server (DATABASE_URL) to run several processes.",
      );
    }
    writeFileSync(lockPath, String(process.pid));
  }
  return () => {
    try {
      if (readFileSync(lockPath, "utf8").trim() === String(process.pid)) unlinkSync(lockPath);
    } catch {
      // Already gone.
    }
  };
}
