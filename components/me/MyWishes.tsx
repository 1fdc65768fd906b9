"use client";
import dynamic from "next/dynamic";
import { useState } from "react";
import { Button } from "@/components/ui/Button";
import { ConfirmDelete } from "@/components/ui/ConfirmDelete";
import { api } from "@/lib/client/api";
import type { WishDto } from "@/lib/shared/api-types";
import { EARLY_BEFORE, wishLabel } from "@/lib/shared/wishes";

// Loaded when first opened, like every dialog: the form stays out of the page's first load.
const WishDialog = dynamic(() => import("./WishDialog").then((m) => m.WishDialog));

type Props = { employeeId: number; wishes: WishDto[]; onChanged: () => Promise<void> };

/** Own wishes on Meine Schichten (docs/PRODUCT-RULES.md §35.8): add and delete. */
export function MyWishes({ employeeId, wishes, onChanged }: Props) {
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<WishDto | null>(null);

  return (
    <div className="space-y-3">
      <p className="text-sm text-slate-700">
        Lieber früh oder spät arbeiten, oder an einem Tag frei? Die Planung berücksichtigt deine Wünsche, wo es geht.
      </p>
      <Button variant="secondary" onClick={() => setAdding(true)} className="max-sm:w-full">
        Wunsch eintragen
      </Button>
      {wishes.length === 0 ? (
        <p className="text-sm text-slate-600">Keine Wünsche.</p>
      ) : (
        <ul
          aria-label="Meine Wünsche"
          className="divide-y divide-slate-100 rounded-xl border border-slate-200 bg-white"
        >
          {wishes.map((wish) => (
            <li key={wish.id} className="flex flex-wrap items-center justify-between gap-2 px-4 py-3">
              <div className="min-w-0">
                <p className="font-medium text-slate-900">{capitalized(wishLabel(wish))}</p>
                <p className="text-sm text-slate-600">
                  {hint(wish)}
                  {wish.note && ` · ${wish.note}`}
                </p>
              </div>
              <Button
                variant="ghost"
                size="sm"
                onClick={() => setRemoving(wish)}
                aria-label={`Wunsch „${wishLabel(wish)}“ löschen`}
              >
                Löschen
              </Button>
            </li>
          ))}
        </ul>
      )}
      {adding && (
        <WishDialog
          employeeId={employeeId}
          onClose={() => setAdding(false)}
          onSaved={() => {
            setAdding(false);
            void onChanged();
          }}
        />
      )}
      <ConfirmDelete
        item={removing}
        title="Wunsch löschen?"
        message={(wish) => `„${wishLabel(wish)}“ wird gelöscht.`}
        remove={(wish) => api.delete(`/wishes/${wish.id}`)}
        success="Wunsch gelöscht!"
        onClose={() => setRemoving(null)}
        onDeleted={onChanged}
      />
    </div>
  );
}

const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

function hint(wish: WishDto): string {
  if (wish.kind === "prefer_early") return `Schichten mit Beginn vor ${EARLY_BEFORE}`;
  if (wish.kind === "prefer_late") return `Schichten mit Beginn ab ${EARLY_BEFORE}`;
  return "Lieber keine Schicht an diesem Tag";
}
