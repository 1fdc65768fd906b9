"use client";
import { useState } from "react";
import { Field, inputClass } from "@/components/ui/Field";
import { FormActions, Modal } from "@/components/ui/Modal";
import { ROLE_LABELS } from "@/components/ui/RoleBadge";
import { api } from "@/lib/client/api";
import { validate } from "@/lib/client/form-errors";
import { useAction } from "@/lib/client/use-action";
import { ROLES, type Role } from "@/lib/shared/roles";
import { createUserSchema } from "@/lib/shared/schemas/user";
import { EmployeeLinkOptions, type LinkChoice } from "./EmployeeLinkOptions";

type Props = {
  /** The employees the new account may be linked to (docs/PRODUCT-RULES.md §26.1). */
  choices: LinkChoice[];
  onClose: () => void;
  onSaved: () => void;
};

/** New user (docs/PRODUCT-RULES.md §15): username ≥ 3, optional e-mail, password ≥ 8, role, linked employee. */
export function CreateUserDialog({ choices, onClose, onSaved }: Props) {
  const [form, setForm] = useState({ username: "", email: "", password: "", role: "user" as Role, employee_id: "" });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const { busy, run } = useAction();
  const set = (key: keyof typeof form) => (event: React.ChangeEvent<HTMLInputElement | HTMLSelectElement>) =>
    setForm((current) => ({ ...current, [key]: event.target.value }));

  async function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const checked = validate(createUserSchema, {
      ...form,
      employee_id: form.employee_id ? Number(form.employee_id) : null,
    });
    setErrors(checked.errors ?? {});
    if (!checked.data) return;
    const input = checked.data;
    if (await run(() => api.post("/users", input), { success: "Benutzer erstellt!", failure: "Fehler beim Erstellen" }))
      onSaved();
  }

  return (
    <Modal open title="Neuer Benutzer" onClose={() => !busy && onClose()}>
      <form onSubmit={submit} noValidate className="space-y-4">
        <Field
          id="user-username"
          label="Benutzername"
          autoComplete="off"
          value={form.username}
          onChange={set("username")}
          error={errors.username}
          disabled={busy}
          autoFocus
        />
        <Field
          id="user-email"
          label="E-Mail (optional)"
          type="email"
          autoComplete="off"
          value={form.email}
          onChange={set("email")}
          error={errors.email}
          disabled={busy}
        />
        <Field
          id="user-password"
          label="Passwort"
          type="password"
          autoComplete="new-password"
          value={form.password}
          onChange={set("password")}
          error={errors.password}
          hint="Start-Passwort, mindestens 8 Zeichen. Die Person legt bei der ersten Anmeldung ein eigenes fest."
          disabled={busy}
        />
        <div className="space-y-1">
          <label htmlFor="user-role" className="block text-sm font-medium text-slate-700">
            Rolle
          </label>
          <select id="user-role" value={form.role} onChange={set("role")} disabled={busy} className={inputClass}>
            {ROLES.map((role) => (
              <option key={role} value={role}>
                {ROLE_LABELS[role]}
              </option>
            ))}
          </select>
        </div>
        <div className="space-y-1">
          <label htmlFor="user-employee" className="block text-sm font-medium text-slate-700">
            Verknüpfter Mitarbeiter
          </label>
          <select
            id="user-employee"
            value={form.employee_id}
            onChange={set("employee_id")}
            disabled={busy}
            aria-invalid={errors.employee_id ? true : undefined}
            aria-describedby={errors.employee_id ? "user-employee-error" : undefined}
            className={inputClass}
          >
            <EmployeeLinkOptions choices={choices} />
          </select>
          {errors.employee_id && (
            <p id="user-employee-error" className="text-sm text-red-700">
              {errors.employee_id}
            </p>
          )}
        </div>
        <FormActions busy={busy} onCancel={onClose} label="Benutzer erstellen" busyLabel="Wird erstellt..." />
      </form>
    </Modal>
  );
}
