"use client";
import { useState } from "react";
import { Button } from "@/components/ui/Button";
import { Field } from "@/components/ui/Field";
import { api, ApiRequestError } from "@/lib/client/api";
import { validate } from "@/lib/client/form-errors";
import { useAction } from "@/lib/client/use-action";
import { pinInputSchema } from "@/lib/shared/schemas/terminal";
import { PIN_MAX, PIN_MIN } from "@/lib/shared/schemas/terminal-pin";

/**
 * The own PIN for the Stempeluhr at the door (docs/PRODUCT-RULES.md §32.4): 4–6 digits, not an easy one. Only its
 * hash is kept, so it is never shown; a new one replaces the old one.
 */
export function TerminalPin() {
  const [pin, setPin] = useState("");
  const [error, setError] = useState("");
  const { busy, run } = useAction();

  async function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const checked = validate(pinInputSchema, { pin });
    setError(checked.errors?.pin ?? "");
    if (!checked.data) return;
    const body = checked.data;
    const saved = await run(
      async () => {
        try {
          await api.put("/me/pin", body);
        } catch (failure) {
          if (failure instanceof ApiRequestError) setError(failure.fields.pin ?? "");
          throw failure;
        }
      },
      { success: "PIN gespeichert", failure: "Fehler beim Speichern der PIN" },
    );
    if (saved) setPin("");
  }

  return (
    <form onSubmit={submit} noValidate className="space-y-3 rounded-lg border border-slate-200 bg-white p-4">
      <p className="text-sm text-slate-600">
        Mit dieser PIN stempelst du an der Stempeluhr deines Standorts. Sie wird nie angezeigt; eine neue ersetzt die
        alte.
      </p>
      <div className="flex flex-wrap items-end gap-3">
        <Field
          id="terminal-pin"
          label={`Neue PIN (${PIN_MIN}–${PIN_MAX} Ziffern)`}
          type="password"
          inputMode="numeric"
          autoComplete="new-password"
          maxLength={PIN_MAX}
          value={pin}
          onChange={(event) => {
            setPin(event.target.value);
            setError("");
          }}
          error={error}
          disabled={busy}
          className="w-48"
        />
        <Button type="submit" disabled={busy}>
          {busy ? "Wird gespeichert..." : "PIN speichern"}
        </Button>
      </div>
    </form>
  );
}
