// @ts-check
// Process helpers for benchmarks: which process serves a port, its memory,
// and pinning processes to cores so load generator and server do not compete.
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";

/**
 * PID of the process listening on a TCP port of this machine (the Next server).
 * @param {number | string} port
 */
export function pidOnPort(port) {
  const out = execFileSync("ss", ["-ltnpH", `sport = :${port}`], { encoding: "utf8" });
  const match = /pid=(\d+)/.exec(out);
  if (!match) throw new Error(`no process listens on port ${port}`);
  return Number(match[1]);
}

/**
 * Resident memory of a process in MB (VmRSS).
 * @param {number} pid
 */
export function rssMb(pid) {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const match = /VmRSS:\s+(\d+) kB/.exec(status);
  if (!match) throw new Error(`no VmRSS for process ${pid}`);
  return Number(match[1]) / 1024;
}

/**
 * A process's memory as one line: RSS split into anonymous and file-backed pages, and its threads (a worker
 * thread that is still alive shows as one more). The bench prints it between phases, so a P7 miss shows which
 * phase left the memory behind (docs/PERFORMANCE.md, P7).
 * @param {number} pid
 */
export function memoryLine(pid) {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const field = (/** @type {string} */ name) => Number(new RegExp(`${name}:\\s+(\\d+)`).exec(status)?.[1] ?? NaN);
  const mb = (/** @type {string} */ name) => (field(name) / 1024).toFixed(0);
  return `RSS ${mb("VmRSS")} MB (anonymous ${mb("RssAnon")}, files ${mb("RssFile")}), ${field("Threads")} threads`;
}

/**
 * Pins a process and all its threads to the given cores (taskset). Answers
 * false where that is not possible (one core, no taskset), so the caller can
 * say the figures were taken unpinned.
 * @param {number} pid
 * @param {string} cores a taskset core list, e.g. "0" or "1-63"
 */
export function pin(pid, cores) {
  try {
    execFileSync("taskset", ["-a", "-p", "-c", cores, String(pid)], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
}

/** Busy and total CPU ticks of the whole machine since boot (/proc/stat's first line). */
function cpuTicks() {
  const fields = readFileSync("/proc/stat", "utf8").split("\n")[0].trim().split(/\s+/).slice(1).map(Number);
  const idle = fields[3] + fields[4]; // idle + iowait
  const total = fields.reduce((sum, value) => sum + value, 0);
  return { busy: total - idle, total };
}

/**
 * Waits until the machine has been idle for a second (at most `maxMs`), and answers how busy it was at the end.
 * The browser phases (P5, P13) slow Chromium's CPU down on purpose, relative to the machine: work the load phases
 * left behind (PostgreSQL's autovacuum after the large seeds, a server still collecting garbage, another user of a
 * shared machine) would be measured as the planner's latency (docs/PERFORMANCE.md, P13). When the machine does not
 * settle, the busiest processes are printed, so the figure can be read knowing what ran beside it.
 * @param {{ busyBelow?: number, maxMs?: number }} [options] busy share of all cores that counts as idle (0..1)
 * @returns {Promise<{ busy: number, waitedMs: number }>}
 */
export async function waitForQuietMachine({ busyBelow = 0.1, maxMs = 60_000 } = {}) {
  const started = Date.now();
  let busy = 1;
  while (Date.now() - started < maxMs) {
    const before = cpuTicks();
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const after = cpuTicks();
    busy = (after.busy - before.busy) / Math.max(1, after.total - before.total);
    if (busy < busyBelow) break;
  }
  if (busy >= busyBelow) {
    const top = execFileSync("top", ["-b", "-n", "2", "-d", "1", "-w", "160"], { encoding: "utf8" });
    // The second sample is the one over the last second; its first lines after the header are the busiest.
    const lastSample = top.slice(top.lastIndexOf("PID"));
    console.log(`  machine still ${(busy * 100).toFixed(0)} % busy; busiest processes:`);
    console.log(
      lastSample
        .split("\n")
        .slice(0, 6)
        .map((line) => `    ${line}`)
        .join("\n"),
    );
  }
  return { busy, waitedMs: Date.now() - started };
}
