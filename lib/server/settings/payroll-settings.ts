import "server-only";
import { z } from "zod";
import type { Prisma } from "@/generated/prisma/client";
import { ApiError } from "@/lib/server/api/errors";
import { recordAudit, type AuditContext } from "@/lib/server/audit/record-audit";
import type { Db } from "@/lib/server/db/client";
import { advisoryLock } from "@/lib/server/db/locks";
import { transaction } from "@/lib/server/db/transaction";
import { SURCHARGE_CATEGORIES, type SurchargeCategory } from "@/lib/shared/pay/surcharges";
import {
  CSV_COLUMNS,
  DEFAULT_CSV_HEADINGS,
  DEFAULT_SURCHARGE_PERCENTS,
  PAY_CATEGORIES,
  SURCHARGE_LABELS,
  type CsvColumn,
  type PayCategory,
  type PayrollSettingsUpdate,
} from "@/lib/shared/schemas/payroll";
import { LABOUR_RULES, type LabourRulesCode } from "@/lib/shared/schemas/settings";
import type { PayrollSettingsDto } from "@/lib/shared/api-types";
import { getSettings } from "./find-settings";

export type { PayrollSettingsDto };

/**
 * The stored JSON (company_settings.payroll): only what an admin set; everything absent is the default. Read
 * leniently: a key that does not fit (an older shape) counts as unset rather than breaking every export.
 */
const storedSchema = z.object({
  percents: z.partialRecord(z.enum(LABOUR_RULES), z.record(z.string(), z.number())).optional().catch(undefined),
  wage_types: z.record(z.string(), z.string().nullable()).optional().catch(undefined),
  csv_headings: z.record(z.string(), z.string()).optional().catch(undefined),
  datev_consultant_number: z.string().nullable().optional().catch(undefined),
  datev_client_number: z.string().nullable().optional().catch(undefined),
});
type Stored = z.infer<typeof storedSchema>;

type Reader = Pick<Db, "companySettings">;

async function readStored(db: Reader): Promise<{ stored: Stored; labourRules: LabourRulesCode }> {
  const [row, settings] = await Promise.all([
    db.companySettings.findUnique({ where: { id: 1 }, select: { payroll: true } }),
    getSettings(db),
  ]);
  const parsed = storedSchema.safeParse(row?.payroll ?? {});
  return { stored: parsed.success ? parsed.data : {}, labourRules: settings.labour_rules };
}

function toDto(stored: Stored, labourRules: LabourRulesCode): PayrollSettingsDto {
  const percents: Record<string, number> = {
    ...DEFAULT_SURCHARGE_PERCENTS[labourRules],
    ...stored.percents?.[labourRules],
  };
  const labels: Partial<Record<SurchargeCategory, string>> = SURCHARGE_LABELS[labourRules];
  return {
    labour_rules: labourRules,
    surcharges: SURCHARGE_CATEGORIES[labourRules].map((category: SurchargeCategory) => ({
      category,
      label: labels[category] ?? category,
      percent: percents[category] ?? 0,
    })),
    wage_types: Object.fromEntries(
      PAY_CATEGORIES.map((category) => [category, stored.wage_types?.[category] ?? null]),
    ) as Record<PayCategory, string | null>,
    csv_headings: Object.fromEntries(
      CSV_COLUMNS.map((column) => [column, stored.csv_headings?.[column] ?? DEFAULT_CSV_HEADINGS[column]]),
    ) as Record<CsvColumn, string>,
    datev_consultant_number: stored.datev_consultant_number ?? null,
    datev_client_number: stored.datev_client_number ?? null,
  };
}

/** GET /api/settings/payroll (docs/PRODUCT-RULES.md §34.2): every key with its value or default. */
export async function getPayrollSettings(db: Reader): Promise<PayrollSettingsDto> {
  const { stored, labourRules } = await readStored(db);
  return toDto(stored, labourRules);
}

export type UpdatePayrollSettingsOptions = { input: PayrollSettingsUpdate; audit: AuditContext };

/**
 * PUT /api/settings/payroll: the keys sent change. Percentages are kept per labour rules, so switching from CH to
 * DE and back finds the Swiss ones again; a category the current labour rules do not have is refused (400).
 */
export async function updatePayrollSettings({ input, audit }: UpdatePayrollSettingsOptions) {
  return transaction(async (tx) => {
    await advisoryLock(tx, { kind: "payroll-settings" });
    const { stored, labourRules } = await readStored(tx);
    const percents = input.surcharge_percents ?? {};
    const own: readonly string[] = SURCHARGE_CATEGORIES[labourRules];
    const foreign = Object.keys(percents).filter((category) => !own.includes(category));
    if (foreign.length > 0) {
      const message =
        labourRules === "none"
          ? "Ohne Arbeitsrecht gibt es keine Zuschläge: bitte zuerst CH oder DE wählen"
          : `Nach dem Arbeitsrecht ${labourRules} gibt es diesen Zuschlag nicht`;
      const fields = Object.fromEntries(foreign.map((category) => [`surcharge_percents.${category}`, message]));
      throw new ApiError("validation_failed", message, { fields });
    }
    if (Object.keys(input).length === 0) return toDto(stored, labourRules);
    const next: Stored = {
      ...stored,
      ...(input.surcharge_percents && {
        percents: { ...stored.percents, [labourRules]: { ...stored.percents?.[labourRules], ...percents } },
      }),
      ...(input.wage_types && { wage_types: { ...stored.wage_types, ...input.wage_types } }),
      ...(input.csv_headings && { csv_headings: { ...stored.csv_headings, ...input.csv_headings } }),
      ...(input.datev_consultant_number !== undefined && { datev_consultant_number: input.datev_consultant_number }),
      ...(input.datev_client_number !== undefined && { datev_client_number: input.datev_client_number }),
    };
    // Two columns of one name would leave a payroll program guessing which is which.
    const headings = toDto(next, labourRules).csv_headings;
    const twice = CSV_COLUMNS.filter((column) =>
      CSV_COLUMNS.some((other) => other !== column && headings[other].toLowerCase() === headings[column].toLowerCase()),
    ).filter((column) => input.csv_headings?.[column] !== undefined);
    if (twice.length > 0) {
      const message = `Die Spalte „${headings[twice[0]]}“ gibt es schon: jede Spalte braucht einen eigenen Namen`;
      throw new ApiError("validation_failed", message, {
        fields: Object.fromEntries(twice.map((column) => [`csv_headings.${column}`, message])),
      });
    }
    const payroll = next as Prisma.InputJsonValue;
    await tx.companySettings.upsert({ where: { id: 1 }, create: { id: 1, payroll }, update: { payroll } });
    const settings = toDto(next, labourRules);
    await recordAudit(tx, {
      ...audit,
      action: "settings.payroll_update",
      details: { changed: Object.keys(input), settings },
    });
    return settings;
  });
}
