"use client";
import { useState } from "react";
import { Button } from "@/components/ui/Button";
import { ConfirmDialog } from "@/components/ui/ConfirmDialog";
import { Field } from "@/components/ui/Field";
import { SelectField } from "@/components/ui/SelectField";
import { WhenLoaded } from "@/components/ui/States";
import { api, ApiRequestError, errorMessage } from "@/lib/client/api";
import { validate } from "@/lib/client/form-errors";
import { notify } from "@/lib/client/notify";
import { useResource } from "@/lib/client/use-resource";
import { formatTimestampDate } from "@/lib/shared/format";
import { terminalCreateSchema, type TerminalDto } from "@/lib/shared/schemas/terminal";

const STATUS_TEXT: Record<TerminalDto["status"], string> = {
  waiting: "Wartet auf Kopplung",
  paired: "Gekoppelt",
  revoked: "Widerrufen",
};

type Pairing = { terminal: TerminalDto; link: string };

/**
 * "Stempeluhren" on Betrieb (admins, docs/PRODUCT-RULES.md §32.4): register a tablet at a location, hand over its
 * one-time pairing link, issue a new one, revoke. The link is shown once, right after it is made: only its hash is
 * kept on the server.
 */
export function TerminalsSection() {
  const terminals = useResource((signal) => api.get("/terminals", signal), "Fehler beim Laden der Stempeluhren");
  const locations = useResource((signal) => api.get("/locations", signal), "Fehler beim Laden der Standorte");
  const [pairing, setPairing] = useState<Pairing | null>(null);
  const [revoking, setRevoking] = useState<TerminalDto | null>(null);

  const shown = (answer: { terminal: TerminalDto; pairing_path: string }) => {
    setPairing({ terminal: answer.terminal, link: `${window.location.origin}${answer.pairing_path}` });
    void terminals.reload();
  };

  async function newLink(terminal: TerminalDto) {
    try {
      shown(await api.post(`/terminals/${terminal.id}/pairing-link`));
    } catch (error) {
      notify.error(errorMessage(error, "Fehler beim Erstellen des Kopplungslinks"));
    }
  }

  return (
    <section aria-labelledby="terminals-title" className="mt-10 max-w-3xl space-y-4">
      <div>
        <h2 id="terminals-title" className="text-lg font-semibold text-slate-900">
          Stempeluhren
        </h2>
        <p className="text-sm text-slate-600">
          Ein Tablet an einem Standort, an dem das Team mit seiner PIN ein- und ausstempelt. Öffne den Kopplungslink
          einmal auf dem Tablet; danach stempelt es nur für diesen Standort.
        </p>
      </div>
      {pairing && <PairingLink pairing={pairing} onClose={() => setPairing(null)} />}
      <WhenLoaded resource={terminals} failedTitle="Die Stempeluhren konnten nicht geladen werden.">
        {(list) =>
          list.length === 0 ? (
            <p className="text-sm text-slate-600">Noch keine Stempeluhr eingerichtet.</p>
          ) : (
            <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white">
              {list.map((terminal) => (
                <li key={terminal.id} className="flex flex-wrap items-center justify-between gap-3 p-3">
                  <div>
                    <p className="font-medium text-slate-900">
                      {terminal.name} · {terminal.location_name}
                    </p>
                    <p className="text-sm text-slate-600">
                      {STATUS_TEXT[terminal.status]}
                      {terminal.last_used_at && ` · zuletzt benutzt am ${formatTimestampDate(terminal.last_used_at)}`}
                      {terminal.paused_until && " · pausiert nach zu vielen falschen PINs"}
                    </p>
                  </div>
                  {terminal.status !== "revoked" && (
                    <div className="flex gap-2">
                      <Button variant="secondary" size="sm" onClick={() => void newLink(terminal)}>
                        Neuer Kopplungslink
                      </Button>
                      <Button variant="secondary" size="sm" onClick={() => setRevoking(terminal)}>
                        Widerrufen
                      </Button>
                    </div>
                  )}
                </li>
              ))}
            </ul>
          )
        }
      </WhenLoaded>
      <WhenLoaded resource={locations} failedTitle="Die Standorte konnten nicht geladen werden.">
        {(places) => <NewTerminalForm locations={places} onCreated={shown} />}
      </WhenLoaded>
      <ConfirmDialog
        open={revoking !== null}
        title="Stempeluhr widerrufen"
        message={`„${revoking?.name ?? ""}“ stempelt danach nicht mehr. Das lässt sich nicht rückgängig machen.`}
        detail="Für ein neues Tablet richtest du eine neue Stempeluhr ein."
        confirmLabel="Widerrufen"
        busyLabel="Wird widerrufen..."
        onClose={() => setRevoking(null)}
        onConfirm={async () => {
          try {
            await api.post(`/terminals/${revoking!.id}/revoke`);
            notify.success("Stempeluhr widerrufen");
            setRevoking(null);
            if (pairing?.terminal.id === revoking!.id) setPairing(null);
            void terminals.reload();
          } catch (error) {
            notify.error(errorMessage(error, "Fehler beim Widerrufen"));
          }
        }}
      />
    </section>
  );
}

function NewTerminalForm({
  locations,
  onCreated,
}: {
  locations: { id: number; name: string }[];
  onCreated: (answer: { terminal: TerminalDto; pairing_path: string }) => void;
}) {
  const [form, setForm] = useState({ location_id: "", name: "" });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  async function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const checked = validate(terminalCreateSchema, {
      location_id: form.location_id ? Number(form.location_id) : undefined,
      name: form.name,
    });
    setErrors(checked.errors ?? {});
    if (!checked.data) return;
    setBusy(true);
    try {
      onCreated(await api.post("/terminals", checked.data));
      setForm({ location_id: "", name: "" });
    } catch (error) {
      if (error instanceof ApiRequestError) setErrors(error.fields);
      notify.error(errorMessage(error, "Fehler beim Einrichten der Stempeluhr"));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form
      onSubmit={submit}
      noValidate
      className="grid gap-3 rounded-lg border border-slate-200 bg-white p-4 sm:grid-cols-2"
    >
      <SelectField
        id="terminal-location"
        label="Standort"
        value={form.location_id}
        error={errors.location_id}
        disabled={busy}
        onChange={(event) => setForm((current) => ({ ...current, location_id: event.target.value }))}
      >
        <option value="">Bitte wählen</option>
        {locations.map((place) => (
          <option key={place.id} value={place.id}>
            {place.name}
          </option>
        ))}
      </SelectField>
      <Field
        id="terminal-name"
        label="Name des Geräts"
        placeholder="z. B. Tablet Eingang"
        value={form.name}
        error={errors.name}
        disabled={busy}
        onChange={(event) => setForm((current) => ({ ...current, name: event.target.value }))}
      />
      <div className="sm:col-span-2">
        <Button type="submit" disabled={busy}>
          {busy ? "Wird eingerichtet..." : "Stempeluhr einrichten"}
        </Button>
      </div>
    </form>
  );
}

function PairingLink({ pairing, onClose }: { pairing: Pairing; onClose: () => void }) {
  async function copy() {
    try {
      await navigator.clipboard.writeText(pairing.link);
      notify.success("Link kopiert");
    } catch {
      notify.error("Kopieren nicht möglich – bitte den Link markieren und kopieren");
    }
  }
  return (
    <div role="status" className="space-y-2 rounded-lg border border-emerald-300 bg-emerald-50 p-4">
      <p className="font-medium text-emerald-900">Kopplungslink für „{pairing.terminal.name}“</p>
      <p className="text-sm text-emerald-900">
        Öffne ihn einmal auf dem Tablet – er gilt 24 Stunden und nur einmal. Er wird hier nur jetzt angezeigt.
      </p>
      <input
        aria-label="Kopplungslink"
        readOnly
        value={pairing.link}
        onFocus={(event) => event.target.select()}
        className="w-full rounded-md border border-emerald-300 bg-white px-3 py-2 font-mono text-sm"
      />
      <div className="flex gap-2">
        <Button size="sm" onClick={() => void copy()}>
          Kopieren
        </Button>
        <Button size="sm" variant="secondary" onClick={onClose}>
          Fertig
        </Button>
      </div>
    </div>
  );
}
