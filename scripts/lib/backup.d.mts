// Types for scripts/lib/backup.mjs (plain ESM so the CLI needs no TypeScript step).
export const BACKUP_FORMAT: string;
export const BACKUP_VERSION: number;
export class BackupError extends Error {}
export type BackupHeader = {
  format: string;
  version: number;
  createdAt: string;
  server: string;
  migrations: { name: string; checksum: string | null }[];
  tables: { name: string; columns: string[] }[];
  sequences: { name: string; lastValue: string; isCalled: boolean }[];
};
export function codeMigrations(migrationsDir?: string): string[];
export function backupDatabase(options: { url: string; file: string }): Promise<{
  file: string;
  header: BackupHeader;
  counts: Record<string, number>;
  bytes: number;
}>;
export type BackupEvent =
  | { type: "header"; header: BackupHeader }
  | { type: "table"; table: BackupHeader["tables"][number] }
  | { type: "row"; line: string }
  | { type: "tableEnd"; table: BackupHeader["tables"][number]; rows: number };
export function readBackup(file: string): AsyncGenerator<BackupEvent>;
export function verifyBackup(file: string): Promise<{ header: BackupHeader; counts: Record<string, number> }>;
export function restoreDatabase(options: { url: string; file: string; log?: (message: string) => void }): Promise<{
  header: BackupHeader;
  before: Record<string, number>;
  after: Record<string, number>;
}>;
