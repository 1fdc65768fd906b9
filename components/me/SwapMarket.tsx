"use client";
import { Button } from "@/components/ui/Button";
import { FindingNotes } from "@/components/ui/FindingIcon";
import { EmptyState } from "@/components/ui/States";
import { api } from "@/lib/client/api";
import { useAction } from "@/lib/client/use-action";
import type { SwapDto } from "@/lib/shared/api-types";
import { classNames } from "@/lib/shared/class-names";
import { isRunning, swapShiftText, swapStatusText } from "./swap-text";

type Props = {
  /** GET /api/swaps (view=mine). */
  swaps: SwapDto[];
  employeeId: number;
  /** After a step: the caller loads the offers and the weeks again. */
  onChanged: () => void;
};

/**
 * The "Schichtbörse" on Meine Schichten (docs/PRODUCT-RULES.md §35.2): first the offers the person may take ("Für
 * dich"), each with the warnings taking it would give them, then their own offers and swaps with where they stand.
 * Offering is done at the shift itself in the weeks above ("Abgeben oder tauschen").
 */
export function SwapMarket({ swaps, employeeId, onChanged }: Props) {
  const takeable = swaps.filter((swap) => swap.can_accept);
  const mine = swaps.filter((swap) => !swap.can_accept && isConcerned(swap, employeeId));
  return (
    <div className="space-y-4">
      {takeable.length === 0 ? (
        <EmptyState title="Gerade keine Schichten zum Übernehmen">
          Bietet jemand eine Schicht an, die du übernehmen kannst, steht sie hier.
        </EmptyState>
      ) : (
        <ul aria-label="Angebote für dich" className="grid gap-3 sm:grid-cols-2 xl:grid-cols-1">
          {takeable.map((swap) => (
            <OfferCard key={swap.id} swap={swap} employeeId={employeeId} onChanged={onChanged} />
          ))}
        </ul>
      )}
      {mine.length > 0 && (
        <div>
          <h3 className="mb-2 text-sm font-semibold text-slate-700">Deine Angebote und Tausche</h3>
          <ul aria-label="Deine Angebote und Tausche" className="grid gap-3 sm:grid-cols-2 xl:grid-cols-1">
            {mine.map((swap) => (
              <OfferCard key={swap.id} swap={swap} employeeId={employeeId} onChanged={onChanged} />
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}

const isConcerned = (swap: SwapDto, employeeId: number) =>
  swap.offered_by.id === employeeId || swap.accepted_by?.id === employeeId || swap.target?.id === employeeId;

function OfferCard({ swap, employeeId, onChanged }: { swap: SwapDto } & Omit<Props, "swaps">) {
  const { busy, run } = useAction();
  const mine = swap.offered_by.id === employeeId;
  const headingId = `swap-${swap.id}`;
  const running = isRunning(swap);

  async function accept() {
    const done = await run(() => api.post(`/swaps/${swap.id}/accept`), {
      success: swap.needs_approval
        ? "Angenommen! Die Leitung muss noch zustimmen."
        : swap.kind === "swap"
          ? "Getauscht!"
          : "Schicht übernommen!",
      failure: "Fehler beim Annehmen",
    });
    if (done) onChanged();
  }

  async function withdraw() {
    const done = await run(() => api.post(`/swaps/${swap.id}/withdraw`), {
      success: "Angebot zurückgezogen!",
      failure: "Fehler beim Zurückziehen",
    });
    if (done) onChanged();
  }

  // What the reader gets and gives: for the one who offered the other way round.
  const gets = mine ? swap.target_shift : swap.shift;
  const gives = mine ? swap.shift : swap.target_shift;
  const title =
    swap.kind === "swap"
      ? mine
        ? `Tausch mit ${swap.target?.name ?? ""}`
        : `Tauschangebot von ${swap.offered_by.name}`
      : mine
        ? "Du gibst ab"
        : `${swap.offered_by.name} gibt ab`;
  return (
    <li
      aria-labelledby={headingId}
      data-testid="swap"
      className={classNames(
        "flex flex-col gap-2 rounded-xl border bg-white p-4",
        swap.can_accept ? "border-accent/60" : running ? "border-violet-300" : "border-slate-200",
      )}
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h4 id={headingId} className="font-semibold text-slate-900">
          {title}
        </h4>
        <span
          className={classNames(
            "rounded-full px-2 py-0.5 text-xs font-semibold",
            running ? "bg-violet-100 text-violet-900" : "bg-slate-100 text-slate-700",
          )}
        >
          {swapStatusText(swap, employeeId)}
        </span>
      </div>
      <dl className="space-y-1 text-sm">
        {swap.kind === "swap" ? (
          <>
            {gets && <ShiftLine label="Du bekommst" text={swapShiftText(gets)} />}
            {gives && <ShiftLine label="Du gibst ab" text={swapShiftText(gives)} />}
          </>
        ) : (
          <ShiftLine label="Schicht" text={swapShiftText(swap.shift)} />
        )}
        {swap.accepted_by && mine && <ShiftLine label="Übernimmt" text={swap.accepted_by.name} />}
      </dl>
      {swap.note && <p className="text-sm italic text-slate-600">«{swap.note}»</p>}
      {swap.reject_reason && <p className="text-sm text-slate-700">Begründung: {swap.reject_reason}</p>}
      <FindingNotes findings={swap.findings} />
      {swap.can_accept && (
        <Button
          className="mt-auto self-start max-sm:w-full"
          disabled={busy}
          onClick={accept}
          aria-describedby={headingId}
        >
          {swap.kind === "swap" ? "Tausch annehmen" : "Übernehmen"}
        </Button>
      )}
      {mine && swap.status === "open" && (
        <Button
          variant="secondary"
          className="mt-auto self-start max-sm:w-full"
          disabled={busy}
          onClick={withdraw}
          aria-describedby={headingId}
        >
          Angebot zurückziehen
        </Button>
      )}
    </li>
  );
}

function ShiftLine({ label, text }: { label: string; text: string }) {
  return (
    <div className="flex flex-wrap gap-x-2">
      <dt className="text-slate-600">{label}:</dt>
      <dd className="font-medium tabular-nums text-slate-900">{text}</dd>
    </div>
  );
}
