/**
 * Holds a process to a share of the CPU through a Linux control group, so that a bench on a
 * small machine can show what more server copies add: with each copy held to half a core, the
 * load generator and PostgreSQL keep the rest, and the copies (not the machine) are the limit.
 * It needs root and a writable `cpu` controller (cgroup v2, or v1's `cpu` hierarchy).
 */
import { existsSync, mkdirSync, readFileSync, rmdirSync, writeFileSync } from "node:fs";
import path from "node:path";

/** A short period, so that a held process runs often in small slices rather than stalling for long ones. */
const PERIOD_US = 10_000;
const V2_ROOT = "/sys/fs/cgroup";
const V1_ROOT = "/sys/fs/cgroup/cpu";

/** Removes the group once its process has exited. */
export type CpuLimit = () => void;

function remover(group: string): CpuLimit {
  return () => {
    try {
      rmdirSync(group);
    } catch (error) {
      process.stderr.write(`could not remove ${group}: ${error instanceof Error ? error.message : String(error)}\n`);
    }
  };
}

function hasV2Cpu(): boolean {
  const controllers = path.join(V2_ROOT, "cgroup.controllers");
  return existsSync(controllers) && readFileSync(controllers, "utf8").split(/\s+/).includes("cpu");
}

/**
 * Puts process `pid` in a group of its own that may use `cores` CPUs' worth of time (0.5: half a
 * core). Throws, naming what is missing, where the machine does not allow it.
 */
export function limitCpu(pid: number, cores: number): CpuLimit {
  if (!(cores > 0)) throw new Error(`a CPU limit must be above 0, not ${cores}`);
  const quota = Math.round(cores * PERIOD_US);
  const name = `cohort-bench-${pid}`;
  try {
    if (hasV2Cpu()) {
      const group = path.join(V2_ROOT, name);
      mkdirSync(group);
      writeFileSync(path.join(group, "cpu.max"), `${quota} ${PERIOD_US}`);
      writeFileSync(path.join(group, "cgroup.procs"), String(pid));
      return remover(group);
    }
    const group = path.join(V1_ROOT, name);
    mkdirSync(group);
    writeFileSync(path.join(group, "cpu.cfs_period_us"), String(PERIOD_US));
    writeFileSync(path.join(group, "cpu.cfs_quota_us"), String(quota));
    writeFileSync(path.join(group, "cgroup.procs"), String(pid));
    return remover(group);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`CPU_PER_COPY needs root and a writable cgroup "cpu" controller (${reason})`, { cause: error });
  }
}
