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
