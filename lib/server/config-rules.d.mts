export const MIN_SECRET_BYTES: number;
export function secretProblem(name: string, value: string | undefined): string | null;
export function secretProblems(env: Record<string, string | undefined>): string[];
export function unsafeConfigurationMessage(problems: string[], reason?: string): string;
