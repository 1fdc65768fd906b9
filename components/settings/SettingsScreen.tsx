"use client";
import { useState } from "react";
import { Button } from "@/components/ui/Button";
import { decimalInput, Field } from "@/components/ui/Field";
import { PageHeader } from "@/components/ui/PageHeader";
import { PermissionGate } from "@/components/ui/PermissionGate";
import { SelectField } from "@/components/ui/SelectField";
import { WhenLoaded } from "@/components/ui/States";
import { api, ApiRequestError, errorMessage } from "@/lib/client/api";
import { validate } from "@/lib/client/form-errors";
import { requiredDecimal } from "@/lib/shared/decimal-input";
import { notify } from "@/lib/client/notify";
import { useResource } from "@/lib/client/use-resource";
import type { SettingsDto } from "@/lib/shared/api-types";
import { DEFAULT_WEEKLY_MAX, settingsUpdateSchema, type LabourRulesCode } from "@/lib/shared/schemas/settings";
import { RegionOptions } from "./RegionOptions";
import { MailSection } from "./MailSection";
import { PayrollSection } from "./PayrollSection";
import { TerminalsSection } from "./TerminalsSection";

const LABOUR_RULE_LABELS: Record<LabourRulesCode, string> = {
  CH: "Schweiz – Arbeitsgesetz",
  DE: "Deutschland – Arbeitszeitgesetz",
  none: "keine Prüfung",
};

const MAXIMUM_HINTS: Record<LabourRulesCode, string> = {
  CH:
    "Arbeitsgesetz: 45 h für Industrie, Büro, technisches Personal und grosse Detailhandelsbetriebe, " +
    "50 h für alle übrigen – oder die Zahl eures Gesamtarbeitsvertrags.",
  DE: "Arbeitszeitgesetz: 48 h (sechs Werktage zu 8 h).",
  none: "Ohne Prüfung warnt die Planung nicht bei zu vielen Stunden.",
};

const REST_HINTS: Record<LabourRulesCode, string> = {
  CH: "Arbeitsgesetz: 11 h zwischen zwei Arbeitstagen.",
  DE: "Arbeitszeitgesetz: 11 h nach dem Ende der täglichen Arbeitszeit.",
  none: "Ohne Prüfung warnt die Planung nicht bei zu kurzer Ruhezeit.",
};

/**
 * "Betrieb" (docs/PRODUCT-RULES.md §22.6, admins only): company name, holiday region, labour rules and limits; the
 * payroll settings (§34.2); the Stempeluhren (§32.4); e-mail (§33.5).
 */
export function SettingsScreen() {
  return (
    <PermissionGate
      permission="master-data:write"
      title="Betrieb"
      notice="Nur Administratoren haben Zugriff auf diese Seite"
    >
      {() => <CompanySettings />}
    </PermissionGate>
  );
}

function CompanySettings() {
  const settings = useResource((signal) => api.get("/settings", signal), "Fehler beim Laden der Einstellungen");
  return (
    <>
      <PageHeader title="Betrieb" description="Firmenname, Feiertage und die Regeln der Planung." />
      <WhenLoaded resource={settings} failedTitle="Die Einstellungen konnten nicht geladen werden.">
        {(data) => <SettingsForm settings={data} onSaved={settings.reload} />}
      </WhenLoaded>
      {/* The labour rules decide which surcharges there are: saved anew, the payroll settings load again. */}
      <PayrollSection labourRules={settings.data?.labour_rules} />
      <TerminalsSection />
      <MailSection />
    </>
  );
}

function SettingsForm({ settings, onSaved }: { settings: SettingsDto; onSaved: () => Promise<void> }) {
  const [form, setForm] = useState({
    company_name: settings.company_name ?? "",
    holiday_region: settings.holiday_region ?? "",
    labour_rules: settings.labour_rules,
    weekly_max_hours: String(settings.weekly_max_hours),
    min_rest_hours: String(settings.min_rest_hours),
    publishing: settings.publishing,
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const set = (key: keyof typeof form) => (event: React.ChangeEvent<HTMLInputElement | HTMLSelectElement>) =>
    setForm((current) => ({ ...current, [key]: event.target.value }));

  // A new labour law proposes its maximum; nothing changes until "Speichern" (docs/PRODUCT-RULES.md §22.1).
  function changeRules(event: React.ChangeEvent<HTMLSelectElement>) {
    const rules = event.target.value as LabourRulesCode;
    setForm((current) => ({
      ...current,
      labour_rules: rules,
      weekly_max_hours: rules === "none" ? current.weekly_max_hours : String(DEFAULT_WEEKLY_MAX[rules]),
    }));
  }

  async function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const checked = validate(settingsUpdateSchema, {
      ...form,
      weekly_max_hours: requiredDecimal(form.weekly_max_hours),
      min_rest_hours: requiredDecimal(form.min_rest_hours),
    });
    setErrors(checked.errors ?? {});
    if (!checked.data) return;
    setBusy(true);
    try {
      await api.put("/settings", checked.data);
      notify.success("Einstellungen gespeichert!");
      await onSaved();
    } catch (error) {
      if (error instanceof ApiRequestError) setErrors(error.fields);
      notify.error(errorMessage(error, "Fehler beim Speichern"));
    } finally {
      setBusy(false);
    }
  }

  const rules = form.labour_rules;
  return (
    // Named: the page has more than one form with a "Speichern" (the Lohnabrechnung's).
    <form onSubmit={submit} noValidate aria-label="Firma und Planung" className="max-w-2xl space-y-6">
      <section aria-labelledby="company-heading" className="space-y-4 rounded-xl border border-slate-200 bg-white p-5">
        <h2 id="company-heading" className="text-lg font-semibold">
          Firma
        </h2>
        <Field
          id="settings-company-name"
          label="Firmenname"
          value={form.company_name}
          onChange={set("company_name")}
          error={errors.company_name}
          hint="Steht im Kopf der PDF-Berichte."
          maxLength={100}
          disabled={busy}
        />
        <SelectField
          id="settings-holiday-region"
          label="Feiertage"
          value={form.holiday_region}
          onChange={set("holiday_region")}
          error={errors.holiday_region}
          hint={
            "Die gesetzlichen Feiertage zählen nicht als Ferientage und senken die Sollstunden. " +
            "Eine neue Region gilt für Ferien, die danach erfasst werden; erfasste Ferien behalten ihre Tage. " +
            "Standorte können unter «Standorte» eine eigene Region haben."
          }
          disabled={busy}
        >
          <option value="">Keine Feiertage</option>
          <RegionOptions />
        </SelectField>
      </section>

      <section aria-labelledby="rules-heading" className="space-y-4 rounded-xl border border-slate-200 bg-white p-5">
        <h2 id="rules-heading" className="text-lg font-semibold">
          Planungsregeln
        </h2>
        <SelectField
          id="settings-labour-rules"
          label="Arbeitsrecht"
          value={rules}
          onChange={changeRules}
          error={errors.labour_rules}
          hint="Nach diesen Regeln warnt die Planung vor zu langen Tagen und Wochen oder zu kurzer Ruhezeit."
          disabled={busy}
        >
          {(Object.keys(LABOUR_RULE_LABELS) as LabourRulesCode[]).map((code) => (
            <option key={code} value={code}>
              {LABOUR_RULE_LABELS[code]}
            </option>
          ))}
        </SelectField>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field
            id="settings-weekly-max"
            label="Wöchentliche Höchstarbeitszeit (h)"
            {...decimalInput}
            value={form.weekly_max_hours}
            onChange={set("weekly_max_hours")}
            error={errors.weekly_max_hours}
            hint={MAXIMUM_HINTS[rules]}
            disabled={busy}
          />
          <Field
            id="settings-min-rest"
            label="Mindestruhezeit (h)"
            {...decimalInput}
            value={form.min_rest_hours}
            onChange={set("min_rest_hours")}
            error={errors.min_rest_hours}
            hint={REST_HINTS[rules]}
            disabled={busy}
          />
        </div>
      </section>

      <section
        aria-labelledby="publishing-heading"
        className="space-y-3 rounded-xl border border-slate-200 bg-white p-5"
      >
        <h2 id="publishing-heading" className="text-lg font-semibold">
          Veröffentlichen
        </h2>
        {/* docs/PRODUCT-RULES.md §33.3 */}
        <label className="flex min-h-11 cursor-pointer items-start gap-3">
          <input
            type="checkbox"
            className="mt-1 size-4"
            checked={form.publishing}
            onChange={(event) => setForm((current) => ({ ...current, publishing: event.target.checked }))}
            disabled={busy}
          />
          <span>
            <span className="block font-medium text-slate-900">Änderungen erst nach «Veröffentlichen» zeigen</span>
            <span className="block text-sm text-slate-600">
              Mitarbeitende sehen den Plan, wie er zuletzt veröffentlicht wurde, und erhalten beim Veröffentlichen eine
              Mitteilung mit ihren Änderungen. Ausgeschaltet ist jede Änderung sofort für alle sichtbar.
            </span>
          </span>
        </label>
      </section>

      <Button type="submit" disabled={busy}>
        {busy ? "Wird gespeichert..." : "Speichern"}
      </Button>
    </form>
  );
}
