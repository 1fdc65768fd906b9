"use client";
import { useEffect, useState } from "react";
import { Button } from "@/components/ui/Button";
import { Field, integerInput } from "@/components/ui/Field";
import { WhenLoaded } from "@/components/ui/States";
import { api, ApiRequestError, errorMessage } from "@/lib/client/api";
import { validate } from "@/lib/client/form-errors";
import { notify } from "@/lib/client/notify";
import { useResource } from "@/lib/client/use-resource";
import type { PayrollSettingsDto } from "@/lib/shared/api-types";
import { requiredDecimal } from "@/lib/shared/decimal-input";
import {
  CSV_COLUMNS,
  DEFAULT_CSV_HEADINGS,
  DEFAULT_SURCHARGE_PERCENTS,
  payCategoryLabel,
  payrollSettingsUpdateSchema,
  type CsvColumn,
  type PayCategory,
} from "@/lib/shared/schemas/payroll-settings";
import type { LabourRulesCode } from "@/lib/shared/schemas/settings";

const RULES_HINTS: Record<LabourRulesCode, string> = {
  CH:
    "Nach dem Arbeitsgesetz (Art. 17b, 19): 25 % für Nachtarbeit, 50 % für Sonntags- und Feiertagsarbeit. " +
    "Ein Gesamtarbeitsvertrag kann anderes festlegen.",
  DE: "Vorgeschlagen sind die steuerfreien Höchstsätze nach § 3b EStG.",
  none: "",
};

/** What each CSV column holds; its heading is the company's (docs/PRODUCT-RULES.md §34.4). */
const COLUMN_CONTENTS: Record<CsvColumn, string> = {
  personnel_number: "Personalnummer",
  employee: "Name",
  month: "Monat",
  category: "Bezeichnung der Lohnart",
  wage_type: "Lohnartnummer",
  hours: "Stunden",
};

const WAGE_TYPE_HINTS: Partial<Record<PayCategory, string>> = {
  worked: "Nur für Mitarbeitende im Stundenlohn",
  payout: "Vom Zeitkonto ausbezahlte Stunden",
};

type Form = {
  percents: Record<string, string>;
  wageTypes: Record<string, string>;
  headings: Record<CsvColumn, string>;
  consultant: string;
  client: string;
};

/** The pay categories the current labour rules hand to the payroll: worked hours, their surcharges, payouts. */
function shownCategories(settings: PayrollSettingsDto): PayCategory[] {
  return ["worked", ...settings.surcharges.map((surcharge) => surcharge.category), "payout"];
}

function formOf(settings: PayrollSettingsDto): Form {
  return {
    percents: Object.fromEntries(settings.surcharges.map((s) => [s.category, String(s.percent)])),
    wageTypes: Object.fromEntries(
      shownCategories(settings).map((category) => [category, settings.wage_types[category] ?? ""]),
    ),
    headings: { ...settings.csv_headings },
    consultant: settings.datev_consultant_number ?? "",
    client: settings.datev_client_number ?? "",
  };
}

const orNull = (text: string) => (text.trim() === "" ? null : text);

/** The keys whose text differs from what was loaded, each read as the API takes it. */
function changed<V>(now: Record<string, string>, was: Record<string, string>, read: (text: string) => V) {
  return Object.fromEntries(
    Object.keys(was)
      .filter((key) => now[key] !== was[key])
      .map((key) => [key, read(now[key])]),
  );
}

/**
 * The changed keys only (PUT /api/settings/payroll changes the keys sent, docs/PRODUCT-RULES.md §34.2): another
 * admin's change to a field this screen did not touch stays.
 */
function changesOf(settings: PayrollSettingsDto, form: Form): Record<string, unknown> {
  const before = formOf(settings);
  const percents = changed(form.percents, before.percents, requiredDecimal);
  const wageTypes = changed(form.wageTypes, before.wageTypes, orNull);
  const headings = changed(form.headings, before.headings, (text) => text);
  return {
    ...(Object.keys(percents).length > 0 && { surcharge_percents: percents }),
    ...(Object.keys(wageTypes).length > 0 && { wage_types: wageTypes }),
    ...(Object.keys(headings).length > 0 && { csv_headings: headings }),
    ...(form.consultant !== before.consultant && { datev_consultant_number: orNull(form.consultant) }),
    ...(form.client !== before.client && { datev_client_number: orNull(form.client) }),
  };
}

/**
 * "Lohnabrechnung" on Betrieb (admins, docs/PRODUCT-RULES.md §34.2, §34.6): the surcharge percentages of the
 * current labour rules, the wage type of each pay category, DATEV's numbers and the CSV's column headings. Loaded
 * again when the labour rules change (`labourRules`): they decide which surcharges there are.
 */
export function PayrollSection({ labourRules }: { labourRules: LabourRulesCode | undefined }) {
  const payroll = useResource(
    (signal) => api.get("/settings/payroll", signal),
    "Fehler beim Laden der Lohneinstellungen",
  );
  // Loaded with the page, beside the company's settings; again once other labour rules were saved above.
  const shownRules = payroll.data?.labour_rules;
  const { reload } = payroll;
  useEffect(() => {
    if (labourRules && shownRules && labourRules !== shownRules) void reload();
  }, [labourRules, shownRules, reload]);
  return (
    <section aria-labelledby="payroll-title" className="mt-10 max-w-3xl space-y-4">
      <div>
        <h2 id="payroll-title" className="text-lg font-semibold text-slate-900">
          Lohnabrechnung
        </h2>
        <p className="text-sm text-slate-600">
          Was die Lohndaten unter «Zeiterfassung» (Monatsansicht) enthalten: Zuschläge, Lohnarten, die Nummern für DATEV
          und die Spalten der CSV-Datei.
        </p>
      </div>
      <WhenLoaded resource={payroll} failedTitle="Die Lohneinstellungen konnten nicht geladen werden.">
        {(settings) => <PayrollForm key={settings.labour_rules} settings={settings} />}
      </WhenLoaded>
    </section>
  );
}

function PayrollForm({ settings: loaded }: { settings: PayrollSettingsDto }) {
  // What the server holds: the form's starting point, and what a change is measured against.
  const [settings, setSettings] = useState(loaded);
  const [form, setForm] = useState(() => formOf(loaded));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const rules = settings.labour_rules;

  const edit = (change: (current: Form) => Form, field: string) => {
    setForm(change);
    setErrors((current) => ({ ...current, [field]: "" }));
  };

  async function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const checked = validate(payrollSettingsUpdateSchema, changesOf(settings, form), { nested: true });
    setErrors(checked.errors ?? {});
    if (!checked.data) return;
    setBusy(true);
    try {
      const saved = await api.put("/settings/payroll", checked.data);
      setSettings(saved);
      setForm(formOf(saved));
      notify.success("Lohneinstellungen gespeichert!");
    } catch (error) {
      if (error instanceof ApiRequestError) setErrors(error.fields);
      notify.error(errorMessage(error, "Fehler beim Speichern"));
    } finally {
      setBusy(false);
    }
  }

  const card = "space-y-4 rounded-xl border border-slate-200 bg-white p-5";
  return (
    <form onSubmit={submit} noValidate className="space-y-6">
      <section aria-labelledby="payroll-surcharges-heading" className={card}>
        <div>
          <h3 id="payroll-surcharges-heading" className="font-semibold">
            Zuschläge
          </h3>
          <p className="text-sm text-slate-600">
            {rules === "none"
              ? "Unter «Planungsregeln» ist kein Arbeitsrecht gewählt: Es gelten keine Zuschläge, die Lohndaten " +
                "enthalten nur Arbeitsstunden und Auszahlungen. Mit «Schweiz» oder «Deutschland» erhalten Nacht-, " +
                "Sonntags- und Feiertagsarbeit Zuschläge."
              : `Prozent zusätzlich zur Arbeitszeit, in ganzen Zahlen. ${RULES_HINTS[rules]}`}
          </p>
        </div>
        {settings.surcharges.length > 0 && (
          <div className="grid gap-4 sm:grid-cols-2">
            {settings.surcharges.map(({ category, label }) => {
              const field = `surcharge_percents.${category}`;
              const proposed: Partial<Record<string, number>> = DEFAULT_SURCHARGE_PERCENTS[rules];
              return (
                <Field
                  key={category}
                  id={`payroll-percent-${category}`}
                  label={`${label} (%)`}
                  {...integerInput}
                  value={form.percents[category] ?? ""}
                  onChange={(event) => {
                    const value = event.target.value;
                    edit((current) => ({ ...current, percents: { ...current.percents, [category]: value } }), field);
                  }}
                  error={errors[field] || undefined}
                  hint={proposed[category] === undefined ? undefined : `Vorschlag: ${proposed[category]} %`}
                  disabled={busy}
                />
              );
            })}
          </div>
        )}
      </section>

      <section aria-labelledby="payroll-wage-types-heading" className={card}>
        <div>
          <h3 id="payroll-wage-types-heading" className="font-semibold">
            Lohnarten
          </h3>
          <p className="text-sm text-slate-600">
            Die Nummern der Lohnarten in eurem Lohnprogramm (1–9999, wie DATEV LODAS sie nimmt), wie mit dem Steuerbüro
            vereinbart. Ohne Nummer verweigert der Export Stunden dieser Art.
          </p>
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          {shownCategories(settings).map((category) => {
            const field = `wage_types.${category}`;
            return (
              <Field
                key={category}
                id={`payroll-wage-type-${category}`}
                label={`Lohnart ${payCategoryLabel(category, rules)}`}
                {...integerInput}
                value={form.wageTypes[category] ?? ""}
                onChange={(event) => {
                  const value = event.target.value;
                  edit((current) => ({ ...current, wageTypes: { ...current.wageTypes, [category]: value } }), field);
                }}
                error={errors[field] || undefined}
                hint={WAGE_TYPE_HINTS[category]}
                disabled={busy}
              />
            );
          })}
        </div>
      </section>

      <section aria-labelledby="payroll-datev-heading" className={card}>
        <div>
          <h3 id="payroll-datev-heading" className="font-semibold">
            DATEV
          </h3>
          <p className="text-sm text-slate-600">
            Für die Datei «DATEV LODAS», vom Steuerbüro. Die Personalnummern stehen bei den Mitarbeitenden; DATEV nimmt
            nur Zahlen von 1 bis 99999.
          </p>
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field
            id="payroll-datev-consultant"
            label="Beraternummer"
            {...integerInput}
            value={form.consultant}
            onChange={(event) => {
              const value = event.target.value;
              edit((current) => ({ ...current, consultant: value }), "datev_consultant_number");
            }}
            error={errors.datev_consultant_number || undefined}
            hint="4 bis 7 Ziffern, nicht mit 0 beginnend"
            disabled={busy}
          />
          <Field
            id="payroll-datev-client"
            label="Mandantennummer"
            {...integerInput}
            value={form.client}
            onChange={(event) => {
              const value = event.target.value;
              edit((current) => ({ ...current, client: value }), "datev_client_number");
            }}
            error={errors.datev_client_number || undefined}
            hint="1 bis 5 Ziffern, nicht mit 0 beginnend"
            disabled={busy}
          />
        </div>
      </section>

      <section aria-labelledby="payroll-csv-heading" className={card}>
        <div>
          <h3 id="payroll-csv-heading" className="font-semibold">
            Spalten der CSV-Datei
          </h3>
          <p className="text-sm text-slate-600">
            Die Überschriften, wie euer Lohnprogramm (Abacus, bexio, Sage, Excel …) sie erwartet; höchstens 40 Zeichen.
          </p>
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          {CSV_COLUMNS.map((column, index) => {
            const field = `csv_headings.${column}`;
            return (
              <Field
                key={column}
                id={`payroll-csv-${column}`}
                label={`Spalte ${index + 1}: ${COLUMN_CONTENTS[column]}`}
                value={form.headings[column]}
                onChange={(event) => {
                  const value = event.target.value;
                  edit((current) => ({ ...current, headings: { ...current.headings, [column]: value } }), field);
                }}
                error={errors[field] || undefined}
                hint={`Standard: ${DEFAULT_CSV_HEADINGS[column]}`}
                maxLength={40}
                disabled={busy}
              />
            );
          })}
        </div>
      </section>

      <Button type="submit" disabled={busy}>
        {busy ? "Wird gespeichert..." : "Speichern"}
      </Button>
    </form>
  );
}
