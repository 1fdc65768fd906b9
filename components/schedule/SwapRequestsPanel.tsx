"use client";
import { useEffect, useRef, useState } from "react";
import { Button } from "@/components/ui/Button";
import { TextAreaField } from "@/components/ui/Field";
import { FINDING_LABEL, FindingIcon } from "@/components/ui/FindingIcon";
import { Modal, ModalActions } from "@/components/ui/Modal";
import { api } from "@/lib/client/api";
import { notify } from "@/lib/client/notify";
import { announceChange } from "@/lib/client/undo";
import { useAction } from "@/lib/client/use-action";
import { useResource } from "@/lib/client/use-resource";
import type { ScheduleWeekDto, SwapDto } from "@/lib/shared/api-types";
import { classNames } from "@/lib/shared/class-names";
import {
  approvalRefused,
  decisionText,
  inWeek,
  swapParties,
  swapShiftText,
  swapStatusText,
  swapWeek,
  weekButtonText,
} from "./swap-requests";

export const SWAP_REQUESTS_ID = "swap-requests";

type Props = {
  /** The Monday of the week shown. */
  weekStart: string;
  /** The week's answer as shown: when it is loaded anew (a plan write, a decision), so is the list. */
  week: ScheduleWeekDto | undefined;
  /** "Zur Woche": shows the offer's week. */
  onWeek: (monday: string) => void;
  /** "Schicht zeigen": puts the focus on the shift's chip in the week shown. */
  onShow: (shiftId: number) => void;
  /** An offer was approved or rejected, a decision was refused, or an approval undone: the week loads again. */
  onDecided: () => void;
};

/**
 * The planner's "Tauschanfragen" (docs/PRODUCT-RULES.md §35.7): every running offer, accepted ones first, with who
 * gives to whom, the shifts, the note, what the rules would say after an approval, and "Freigeben" / "Ablehnen".
 * Loaded when first opened (next/dynamic), not with the planner.
 */
export function SwapRequestsPanel({ weekStart, week, onWeek, onShow, onDecided }: Props) {
  const [rejecting, setRejecting] = useState<SwapDto | null>(null);
  // GET /api/swaps answers planners the running offers, accepted ones first, with what an approval would give.
  const list = useResource((signal) => api.get("/swaps", signal), "Fehler beim Laden der Tauschanfragen");
  const { reload } = list;
  const loadedWith = useRef(week);
  useEffect(() => {
    if (loadedWith.current === week) return;
    loadedWith.current = week;
    void reload();
  }, [week, reload]);
  const swaps = list.data;
  return (
    <section
      id={SWAP_REQUESTS_ID}
      aria-labelledby={`${SWAP_REQUESTS_ID}-heading`}
      className="mb-4 rounded-xl border border-sky-200 bg-white p-4"
    >
      <h2 id={`${SWAP_REQUESTS_ID}-heading`} className="mb-1 text-base font-semibold text-slate-900">
        Tauschanfragen{swaps && ` (${swaps.length})`}
      </h2>
      {!swaps ? (
        <p className="text-sm text-slate-600" role="status">
          Wird geladen...
        </p>
      ) : swaps.length === 0 ? (
        <p className="text-sm text-slate-600">Keine offenen Tauschanfragen.</p>
      ) : (
        <ul className="divide-y divide-slate-100">
          {swaps.map((swap) => (
            <SwapItem
              key={swap.id}
              swap={swap}
              shown={inWeek(swap, weekStart)}
              onWeek={onWeek}
              onShow={onShow}
              onReject={setRejecting}
              onDecided={onDecided}
            />
          ))}
        </ul>
      )}
      {rejecting && (
        <RejectDialog
          swap={rejecting}
          onClose={() => setRejecting(null)}
          onRejected={() => {
            setRejecting(null);
            onDecided();
          }}
          onRefused={onDecided}
        />
      )}
    </section>
  );
}

type ItemProps = Pick<Props, "onWeek" | "onShow" | "onDecided"> & {
  swap: SwapDto;
  /** A shift of it is in the week shown. */
  shown: boolean;
  onReject: (swap: SwapDto) => void;
};

function SwapItem({ swap, shown, onWeek, onShow, onReject, onDecided }: ItemProps) {
  const { busy, run } = useAction();
  const { from, to } = swapParties(swap);
  const waiting = swap.status === "accepted";
  const refused = approvalRefused(swap);
  const headingId = `swap-${swap.id}-heading`;
  const trade = swap.kind === "swap";

  async function approve() {
    await run(
      async () => {
        const approved = await api.post(`/swaps/${swap.id}/approve`, {});
        const message = decisionText(swap, "approve");
        if (approved.change_id) announceChange({ message, changeId: approved.change_id, onUndone: onDecided });
        else notify.success(message);
      },
      { failure: "Fehler beim Freigeben" },
    );
    // Refused too: the offer may have ended meanwhile, the list shows it as it is now.
    onDecided();
  }

  return (
    <li aria-labelledby={headingId} className="py-3" data-testid="swap-request" data-swap-id={swap.id}>
      <div className="flex flex-wrap items-start justify-between gap-x-3 gap-y-1">
        <h3 id={headingId} className="text-sm font-semibold text-slate-900">
          {trade ? "Tausch" : "Abgabe"}: {from} <span aria-hidden="true">{trade ? "⇄" : "→"}</span>
          <span className="sr-only">{trade ? " mit" : " an"}</span> {to ?? "noch niemand"}
        </h3>
        <span
          className={classNames(
            "inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-semibold",
            waiting ? "bg-sky-700 text-white" : "bg-slate-100 text-slate-700",
          )}
        >
          {swapStatusText(swap)}
        </span>
      </div>
      <dl className="mt-1 grid gap-x-3 text-sm text-slate-700 sm:grid-cols-[max-content_1fr]">
        <dt className="text-slate-500">{trade ? `${from} gibt` : "Schicht"}</dt>
        <dd className="tabular-nums">{swapShiftText(swap.shift)}</dd>
        {swap.target_shift && (
          <>
            <dt className="text-slate-500">{to} gibt</dt>
            <dd className="tabular-nums">{swapShiftText(swap.target_shift)}</dd>
          </>
        )}
        {swap.note && (
          <>
            <dt className="text-slate-500">Notiz</dt>
            <dd>«{swap.note}»</dd>
          </>
        )}
      </dl>
      {swap.findings.length > 0 && (
        <p id={`swap-${swap.id}-findings`} className="mt-2 text-xs font-medium text-slate-500">
          Nach der Freigabe
        </p>
      )}
      {swap.findings.length > 0 && (
        <ul className="mt-1 space-y-1 text-sm" aria-labelledby={`swap-${swap.id}-findings`}>
          {swap.findings.map((finding, index) => (
            <li key={`${finding.code}-${finding.shift_id}-${index}`} className="flex items-start gap-2">
              <span className="mt-0.5">
                <FindingIcon severity={finding.severity} />
              </span>
              <span className={finding.severity === "error" ? "text-red-900" : "text-slate-900"}>
                <strong className="font-semibold">{FINDING_LABEL[finding.severity]}:</strong> {finding.message}
              </span>
            </li>
          ))}
        </ul>
      )}
      {refused && (
        <p className="mt-1 text-sm font-medium text-red-900">
          Freigeben ist so nicht möglich – ändere zuerst den Plan oder lehne ab.
        </p>
      )}
      <div className="mt-2 flex flex-wrap gap-2">
        {waiting && (
          <Button size="sm" onClick={approve} disabled={busy || refused}>
            {busy ? "Wird freigegeben..." : "Freigeben"}
          </Button>
        )}
        <Button size="sm" variant="secondary" onClick={() => onReject(swap)} disabled={busy}>
          Ablehnen
        </Button>
        {shown ? (
          swap.shift.id !== null && (
            <Button size="sm" variant="ghost" onClick={() => onShow(swap.shift.id!)}>
              Schicht zeigen
            </Button>
          )
        ) : (
          <Button size="sm" variant="ghost" onClick={() => onWeek(swapWeek(swap))}>
            {weekButtonText(swap)}
          </Button>
        )}
      </div>
    </li>
  );
}

/** "Ablehnen" asks for an optional reason; both people are told, with it (docs/PRODUCT-RULES.md §35.4). */
function RejectDialog({
  swap,
  onClose,
  onRejected,
  onRefused,
}: {
  swap: SwapDto;
  onClose: () => void;
  onRejected: () => void;
  onRefused: () => void;
}) {
  const [reason, setReason] = useState("");
  const { busy, run } = useAction();
  const { from, to } = swapParties(swap);
  const trade = swap.kind === "swap";

  async function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const done = await run(() => api.post(`/swaps/${swap.id}/reject`, { reason: reason.trim() || undefined }), {
      success: decisionText(swap, "reject"),
      failure: "Fehler beim Ablehnen",
    });
    if (done) onRejected();
    else onRefused();
  }

  return (
    <Modal open title={trade ? "Tausch ablehnen" : "Abgabe ablehnen"} onClose={() => !busy && onClose()}>
      <form onSubmit={submit} noValidate>
        <p className="text-slate-700">
          {trade ? `${from} und ${to} tauschen nicht` : `Die Schicht bleibt bei ${from}`}: {swapShiftText(swap.shift)}
          {swap.target_shift && ` gegen ${swapShiftText(swap.target_shift)}`}.
        </p>
        <p className="mt-1 text-sm text-slate-600">
          {to ? `${from} und ${to} erhalten` : `${from} erhält`} eine Mitteilung, mit der Begründung, wenn du eine
          angibst.
        </p>
        <TextAreaField
          id="swap-reject-reason"
          label="Begründung (optional)"
          className="mt-4"
          value={reason}
          maxLength={500}
          onChange={(event) => setReason(event.target.value)}
          disabled={busy}
        />
        <ModalActions>
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            Abbrechen
          </Button>
          <Button type="submit" variant="danger" disabled={busy}>
            {busy ? "Wird abgelehnt..." : "Ablehnen"}
          </Button>
        </ModalActions>
      </form>
    </Modal>
  );
}
