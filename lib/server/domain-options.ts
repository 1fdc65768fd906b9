import "server-only";
import type { AuditContext } from "@/lib/server/audit/record-audit";

/**
 * The options objects of the domain functions in lib/server/<domain>/: every
 * one takes a single object, so a call names each value it passes. Writes
 * carry the audit context of the request that makes them.
 */

/** One resource by id (`get<Thing>`): 404 when it does not exist or is archived. */
export type IdOptions = { id: number };

/** `create<Thing>`: the validated body. */
export type CreateOptions<Input> = { input: Input; audit: AuditContext };

/** `update<Thing>`: the resource and the validated body. */
export type UpdateOptions<Input> = { id: number; input: Input; audit: AuditContext };

/** `delete<Thing>` / `archive<Thing>`. */
export type RemoveOptions = { id: number; audit: AuditContext };
