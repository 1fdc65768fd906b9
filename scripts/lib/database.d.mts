// Types for scripts/lib/database.mjs (plain ESM so `npm start` needs no TypeScript step).
export const ROOT: string;
export function assertEmbeddedPostgresInstalled(): Promise<void>;
export function ensureDataDir(dataDir: string): void;
export function startEmbeddedPostgres(options: {
  dataDir: string;
  port: number;
  log?: (message: string) => void;
}): Promise<{ url: string; stop: () => Promise<void> }>;
export function createDatabaseIfMissing(url: string): Promise<void>;
export function migrateDeploy(databaseUrl: string, options?: { quiet?: boolean }): Promise<void>;
export function runPrisma(args: string[], databaseUrl: string, options?: { quiet?: boolean }): Promise<void>;
export function readOrCreateSecret(dataDir: string, name: string, bytes?: number): Promise<string>;
export function openAppDatabase(options?: {
  env?: Record<string, string | undefined>;
  create?: boolean;
  log?: (message: string) => void;
}): Promise<{ url: string; stop: () => Promise<void>; where: string }>;
