import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parse } from "yaml";

// Reads docker-compose.yml the way `docker compose config` does, for machines
// without the compose plugin (ours): YAML, then variable interpolation from
// an env file. Compose interpolates values only, never keys.

export const ROOT = fileURLToPath(new URL("../..", import.meta.url));
export const read = (file: string) => readFileSync(path.join(ROOT, file), "utf8");

/** KEY=VALUE lines of an env file; comments and blank lines skipped. */
export function parseEnvFile(text: string): Record<string, string> {
  const env: Record<string, string> = {};
  for (const line of text.split("\n")) {
    const match = /^\s*([A-Za-z_][A-Za-z0-9_]*)=(.*)$/.exec(line);
    if (match) env[match[1]] = match[2].trim();
  }
  return env;
}

/** The variable names a compose file refers to (`${NAME...}` or `$NAME`; `$$` is a literal dollar). */
export function referencedVariables(text: string): Set<string> {
  const names = new Set<string>();
  for (const match of text.replaceAll("$$", "").matchAll(/\$\{([A-Za-z_][A-Za-z0-9_]*)|\$([A-Za-z_][A-Za-z0-9_]*)/g)) {
    names.add(match[1] ?? match[2]);
  }
  return names;
}

const PATTERN = /\$(?:(\$)|\{([A-Za-z_][A-Za-z0-9_]*)(?:(:?)([-?+])([^}]*))?\}|([A-Za-z_][A-Za-z0-9_]*))/g;

/**
 * One value interpolated with compose's rules: ${X}, ${X:-default},
 * ${X-default}, ${X:?error}, ${X?error}, ${X:+other}, $X and $$. A missing
 * required variable is reported in `errors`, as compose refuses the file.
 */
export function interpolate(value: string, env: Record<string, string>, errors: string[]): string {
  return value.replace(PATTERN, (_all, dollar, name, colon, op, arg, bare) => {
    if (dollar) return "$";
    if (bare) return env[bare] ?? "";
    const set = colon ? Boolean(env[name]) : env[name] !== undefined;
    if (op === "-") return set ? env[name] : arg;
    if (op === "+") return set ? arg : "";
    if (op === "?") {
      if (!set) errors.push(`${name}: ${arg}`);
      return env[name] ?? "";
    }
    return env[name] ?? "";
  });
}

/** docker-compose.yml parsed and interpolated with `env`, plus the required variables that were missing. */
export function loadCompose(env: Record<string, string>): { config: ComposeFile; errors: string[] } {
  const errors: string[] = [];
  const walk = (node: unknown): unknown => {
    if (typeof node === "string") return interpolate(node, env, errors);
    if (Array.isArray(node)) return node.map(walk);
    if (node && typeof node === "object")
      return Object.fromEntries(Object.entries(node).map(([key, value]) => [key, walk(value)]));
    return node;
  };
  return { config: walk(parse(read("docker-compose.yml"))) as ComposeFile, errors };
}

export type Service = {
  image?: string;
  build?: unknown;
  restart?: string;
  init?: boolean;
  environment?: Record<string, string>;
  volumes?: string[];
  ports?: string[];
  depends_on?: Record<string, { condition: string }>;
  healthcheck?: { test: string[]; interval?: string; start_period?: string };
  stop_grace_period?: string;
};
export type ComposeFile = { services: Record<string, Service>; volumes?: Record<string, unknown> };
