// Runs every test of the project, as `npm test` and continuous integration do: the checks
// (types, lint, format), the unit tests, the server tests on both databases and the browser
// journeys. Stages that do not wait for one another run side by side, so that the two cores of a
// small machine are both busy; each stage's output is printed whole when it ends, with its time,
// and a table of the times closes the run. The first stage to fail stops the others.
//
//   node scripts/test.mjs              every stage
//   node scripts/test.mjs unit server  only these stages (and nothing they wait for)
import { spawn } from "node:child_process";
import { stripVTControlCharacters } from "node:util";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/**
 * Each stage: the commands it runs one after another, and the stages it waits for. `cpu` is the
 * share of the machine it keeps busy (1 = one core). A stage starts, in this order, as soon as
 * what it waits for is done and a core is free: the browser journeys, the longest stage and one
 * that waits on the browser more than it computes, start first, beside the linter.
 */
const STAGES = [
  { name: "typecheck", commands: ["npx tsc -b tsconfig.json"], cpu: 1 },
  // Locally the linter keeps a cache between runs; continuous integration starts clean.
  {
    name: "lint",
    commands: [
      `npx eslint --max-warnings 0 ${process.env.CI ? "" : "--cache --cache-location node_modules/.cache/eslint "}.`,
    ],
    cpu: 1,
  },
  // Sixteen seconds on one thread: it takes the first free core with the stage that follows it,
  // instead of waiting for the last one at the end.
  { name: "format", commands: ["npx prettier --check ."], cpu: 0 },
  // The build's type check of the server would write `@cohort/common` beside the type check's own.
  {
    name: "e2e",
    commands: ["npm run build --silent", "npm test --silent -w @cohort/e2e"],
    cpu: 1,
    after: ["typecheck"],
  },
  // The server's tests load the built `@cohort/common` that the type check emits.
  // Counted as one core although it keeps both busy, so the unit tests start beside its last
  // minutes once the journeys end, instead of after it.
  { name: "server", commands: ['npx vitest run --project "server-*"'], cpu: 1, after: ["typecheck"] },
  // The web app's Vite config, loaded by Node itself, imports the built `@cohort/common` too.
  {
    name: "unit",
    commands: ["npx vitest run --project common --project stand-ins --project web --project scripts"],
    cpu: 2,
    after: ["typecheck"],
  },
];

const CORES = 2;

const say = (line) => process.stdout.write(`${line}\n`);

function formatTime(ms) {
  const seconds = Math.round(ms / 1000);
  return seconds >= 60 ? `${Math.floor(seconds / 60)}m${String(seconds % 60).padStart(2, "0")}s` : `${seconds}s`;
}

/** The counts a runner printed last: Vitest's "Tests  N passed (M)" and Playwright's "N passed". */
function countsOf(output) {
  const plain = stripVTControlCharacters(output);
  const counts = { passed: 0, failed: 0, skipped: 0 };
  const vitest = [...plain.matchAll(/^\s*Tests\s+(.*)$/gm)].at(-1)?.[1];
  const lines = vitest
    ? [vitest]
    : plain.split("\n").filter((line) => /^\s*\d+ (passed|failed|skipped|flaky)\b/.test(line));
  for (const line of lines) {
    for (const [, n, kind] of line.matchAll(/(\d+) (passed|failed|skipped|flaky)/g)) {
      if (kind === "flaky") counts.failed += Number(n);
      else counts[kind] += Number(n);
    }
  }
  return counts;
}

function run(command, stage) {
  return new Promise((resolve) => {
    const child = spawn(command, {
      cwd: root,
      shell: true,
      detached: true,
      env: { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? (process.stdout.isTTY ? "1" : "0") },
      stdio: ["ignore", "pipe", "pipe"],
    });
    stage.child = child;
    child.stdout.on("data", (chunk) => (stage.output += chunk));
    child.stderr.on("data", (chunk) => (stage.output += chunk));
    child.on("close", (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

async function runStage(stage) {
  stage.started = Date.now();
  say(`▶ ${stage.name}`);
  for (const command of stage.commands) {
    stage.output += `$ ${command}\n`;
    const code = await run(command, stage);
    if (code !== 0) {
      stage.failed = true;
      break;
    }
  }
  stage.ms = Date.now() - stage.started;
  stage.done = true;
  process.stdout.write(`\n── ${stage.name} (${formatTime(stage.ms)}) ${"─".repeat(40)}\n${stage.output}\n`);
  say(`${stage.failed ? "✗" : "✓"} ${stage.name} ${stage.failed ? "failed" : "passed"} in ${formatTime(stage.ms)}`);
}

function selected(names) {
  if (names.length === 0) return STAGES;
  const wanted = new Set();
  const add = (name) => {
    const stage = STAGES.find((candidate) => candidate.name === name);
    if (!stage) throw new Error(`No stage called ${name}; the stages are ${STAGES.map((s) => s.name).join(", ")}`);
    wanted.add(stage);
    for (const before of stage.after ?? []) add(before);
  };
  names.forEach(add);
  return STAGES.filter((stage) => wanted.has(stage));
}

async function main() {
  const stages = selected(process.argv.slice(2)).map((stage) => ({ ...stage, output: "", done: false }));
  const started = Date.now();
  const running = new Set();
  let failed = false;

  const stopAll = () => {
    for (const stage of running) {
      try {
        process.kill(-stage.child.pid, "SIGTERM");
      } catch {
        // Already gone.
      }
    }
  };
  // Each stage runs in a process group of its own, which a signal to this one does not reach.
  for (const [signal, code] of [
    ["SIGINT", 130],
    ["SIGTERM", 143],
    ["SIGHUP", 129],
  ]) {
    process.on(signal, () => {
      stopAll();
      process.exit(code);
    });
  }

  await new Promise((resolve) => {
    const schedule = () => {
      if (failed) {
        if (running.size === 0) resolve();
        return;
      }
      const busy = [...running].reduce((sum, stage) => sum + stage.cpu, 0);
      let room = CORES - busy;
      for (const stage of stages) {
        if (stage.started || room <= 0) continue;
        const ready = (stage.after ?? []).every((name) => stages.find((s) => s.name === name)?.done);
        // A stage starts once a core is free; one that uses both takes the other when it frees.
        if (!ready) continue;
        room -= stage.cpu;
        running.add(stage);
        void runStage(stage).then(() => {
          running.delete(stage);
          if (stage.failed && !failed) {
            failed = true;
            stopAll();
          }
          schedule();
        });
      }
      if (running.size === 0) resolve();
    };
    schedule();
  });

  const total = Date.now() - started;
  const counts = { passed: 0, failed: 0, skipped: 0 };
  say("\nstage        time     tests");
  for (const stage of stages) {
    const stageCounts = stage.done ? countsOf(stage.output) : undefined;
    if (stageCounts) for (const key of Object.keys(counts)) counts[key] += stageCounts[key];
    const state = !stage.started ? "not run" : stage.failed ? "failed" : stage.done ? formatTime(stage.ms) : "stopped";
    const tests = stageCounts && stageCounts.passed + stageCounts.failed > 0 ? `${stageCounts.passed} passed` : "";
    say(`${stage.name.padEnd(12)} ${state.padEnd(8)} ${tests}`);
  }
  say(`${"total".padEnd(12)} ${formatTime(total)}`);
  if (failed) counts.failed = Math.max(counts.failed, 1);
  say(`\ntests: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped`);
  process.exit(failed ? 1 : 0);
}

await main();
