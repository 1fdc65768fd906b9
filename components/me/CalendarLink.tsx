"use client";
import { useRef, useState } from "react";
import { Button } from "@/components/ui/Button";
import { ConfirmDialog } from "@/components/ui/ConfirmDialog";
import { inputClass } from "@/components/ui/Field";
import { api } from "@/lib/client/api";
import { notify } from "@/lib/client/notify";
import { useAction } from "@/lib/client/use-action";
import { formatTimestampDate } from "@/lib/shared/format";

const RENEW_MESSAGE =
  "Der bisherige Link funktioniert danach nicht mehr. Kalender, die ihn abonniert haben, musst du neu verbinden.";

type Props = {
  /** When the current link was made; null when there is none. */
  createdAt: string | null;
  onChanged: () => Promise<void>;
};

/**
 * The calendar subscription (docs/PRODUCT-RULES.md §26.2): the secret link is shown once, right after it was made,
 * with a copy button and a webcal:// link that opens the phone's calendar app. Afterwards only its date is known;
 * "Neuen Link erzeugen" replaces it (the old one stops working) and "Link löschen" ends it.
 */
export function CalendarLink({ createdAt, onChanged }: Props) {
  const [shown, setShown] = useState<string | null>(null);
  const [confirm, setConfirm] = useState<"renew" | "delete" | null>(null);
  const { busy, run } = useAction();
  const input = useRef<HTMLInputElement>(null);

  async function create() {
    let url = "";
    const created = await run(
      async () => {
        const link = await api.post("/me/calendar-link", {});
        url = `${window.location.origin}${link.path}`;
      },
      { success: "Kalender-Link erstellt!", failure: "Fehler beim Erstellen des Kalender-Links" },
    );
    if (!created) return;
    setShown(url);
    await onChanged();
  }

  async function remove() {
    const removed = await run(() => api.delete("/me/calendar-link"), {
      success: "Kalender-Link gelöscht!",
      failure: "Fehler beim Löschen des Kalender-Links",
    });
    if (!removed) return;
    setShown(null);
    await onChanged();
  }

  async function copy() {
    if (!shown) return;
    try {
      await navigator.clipboard.writeText(shown);
    } catch {
      // Without a secure context (http:// on the shop's network) there is no clipboard API: select the text and
      // use the old copy command, which still works there.
      input.current?.select();
      if (!document.execCommand("copy")) {
        notify.error("Kopieren nicht möglich – bitte den Link markieren und kopieren");
        return;
      }
    }
    notify.success("Link kopiert!");
  }

  return (
    <div className="space-y-3">
      <p className="text-sm text-slate-700">
        Abonniere deine Schichten und Ferien in der Kalender-App deines Telefons oder in Outlook. Der Kalender
        aktualisiert sich von selbst und zeigt nur deine eigenen Einträge.
      </p>
      {shown ? (
        <div className="space-y-2 rounded-lg border border-emerald-200 bg-emerald-50 p-3">
          <label htmlFor="calendar-link" className="block text-sm font-medium text-emerald-900">
            Dein Kalender-Link (wird nur jetzt angezeigt)
          </label>
          <input
            ref={input}
            id="calendar-link"
            readOnly
            value={shown}
            onFocus={(event) => event.currentTarget.select()}
            className={`${inputClass} font-mono text-sm`}
          />
          <div className="flex flex-wrap gap-2">
            <Button onClick={copy}>Link kopieren</Button>
            <a
              href={shown.replace(/^https?:/, "webcal:")}
              className={
                "inline-flex min-h-11 items-center rounded-lg border border-slate-300 bg-white px-4 py-2 " +
                "font-medium text-slate-800 hover:bg-slate-50"
              }
            >
              In Kalender-App öffnen
            </a>
          </div>
          <p className="text-xs text-emerald-900">
            iPhone und Mac: „In Kalender-App öffnen“. Android: Link kopieren und in Google Kalender im Browser unter
            „Weitere Kalender“ → „Per URL“ einfügen. Outlook: „Kalender hinzufügen“ → „Aus dem Internet abonnieren“.
          </p>
          <p className="text-xs text-emerald-900">
            Wer diesen Link kennt, sieht deine Schichten. Gib ihn nicht weiter; bei Verdacht erzeugst du einfach einen
            neuen.
          </p>
        </div>
      ) : createdAt ? (
        <p className="text-sm text-slate-700">Kalender-Link aktiv seit {formatTimestampDate(createdAt)}.</p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        {createdAt === null ? (
          <Button onClick={create} disabled={busy}>
            Kalender-Link erzeugen
          </Button>
        ) : (
          <>
            <Button variant="secondary" onClick={() => setConfirm("renew")} disabled={busy}>
              Neuen Link erzeugen
            </Button>
            <Button variant="ghost" onClick={() => setConfirm("delete")} disabled={busy}>
              Link löschen
            </Button>
          </>
        )}
      </div>
      <ConfirmDialog
        open={confirm !== null}
        title={confirm === "renew" ? "Neuen Kalender-Link erzeugen?" : "Kalender-Link löschen?"}
        message={
          confirm === "renew"
            ? RENEW_MESSAGE
            : "Kalender, die den Link abonniert haben, erhalten danach keine Schichten mehr."
        }
        confirmLabel={confirm === "renew" ? "Neuen Link erzeugen" : "Löschen"}
        onConfirm={async () => {
          const action = confirm;
          setConfirm(null);
          if (action === "renew") await create();
          else await remove();
        }}
        onClose={() => setConfirm(null)}
      />
    </div>
  );
}
