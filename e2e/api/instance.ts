import { spawn, type ChildProcess, type SpawnOptions } from "node:child_process";

// Extra app instances for the start-up tests: spawned like a user or a
// container would, with only the settings a test gives them.

export type Instance = {
  child: ChildProcess;
  output: () => string;
  /** Exit code (null after a signal), once the process has ended. */
  exited: Promise<number | null>;
};

/** Settings of this machine's shell that must not leak into an instance. */
const APP_SETTINGS = [
  "DATABASE_URL",
  "DATA_DIR",
  "EMBEDDED_PG_PORT",
  "PORT",
  "HOST",
  "HOSTNAME",
  "JWT_SECRET",
  "ENCRYPTION_KEY",
  "ADMIN_USERNAME",
  "ADMIN_PASSWORD",
  "PASSWORD_HASH_WORKERS",
];

/** Runs `node <args>` with `env` on top of a copy of this environment without the app's settings. */
export function launch(
  args: string[],
  env: Record<string, string>,
  options: Pick<SpawnOptions, "cwd" | "uid" | "gid"> = {},
): Instance {
  const childEnv: NodeJS.ProcessEnv = { ...process.env };
  for (const name of APP_SETTINGS) delete childEnv[name];
  Object.assign(childEnv, env);
  const child = spawn(process.execPath, args, { ...options, env: childEnv, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  child.stdout!.on("data", (chunk) => (output += chunk));
  child.stderr!.on("data", (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  return { child, output: () => output, exited };
}

export function healthy(port: number): Promise<boolean> {
  return fetch(`http://127.0.0.1:${port}/api/health`).then(
    (res) => res.ok,
    () => false,
  );
}

/** Waits until the instance answers /api/health with 200; fails with its output if it exits or takes too long. */
export async function waitHealthy(instance: Instance, port: number, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (instance.child.exitCode !== null)
      throw new Error(`exited early (${instance.child.exitCode}):\n${instance.output()}`);
    if (await healthy(port)) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  instance.child.kill("SIGKILL");
  throw new Error(`not healthy within ${timeoutMs / 1000} s:\n${instance.output()}`);
}

/** SIGTERM, then the exit code. */
export async function stop(instance: Instance): Promise<number | null> {
  if (instance.child.exitCode === null && instance.child.signalCode === null) instance.child.kill("SIGTERM");
  return instance.exited;
}
