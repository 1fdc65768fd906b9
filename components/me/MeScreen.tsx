"use client";
import { useEffect, useState, type ReactNode } from "react";
import { Button } from "@/components/ui/Button";
import { PageHeader } from "@/components/ui/PageHeader";
import { EmptyState, WhenLoaded } from "@/components/ui/States";
import { api } from "@/lib/client/api";
import { useAuth } from "@/lib/client/auth-store";
import { loadKeepingCopy } from "@/lib/client/offline-copy";
import { today } from "@/lib/client/today";
import { useResource } from "@/lib/client/use-resource";
import type { MySchedule, ShiftDto, SwapDto } from "@/lib/shared/api-types";
import { classNames } from "@/lib/shared/class-names";
import { formatDayMonth, formatTimestamp, WEEKDAYS_SHORT } from "@/lib/shared/format";
import { isoWeekday } from "@/lib/shared/dates";
import { formatHours } from "@/lib/shared/hours";
import { CalendarLink } from "./CalendarLink";
import { MyUnavailability } from "./MyUnavailability";
import { MyWishes } from "./MyWishes";
import { MyAbsences } from "./MyAbsences";
import { MyVacations } from "./MyVacations";
import { MyTimeAccount } from "./MyTimeAccount";
import { MyTimes } from "./MyTimes";
import { MyWeeks } from "./MyWeeks";
import { OfferShiftDialog } from "./OfferShiftDialog";
import { OpenShiftList } from "./OpenShiftList";
import { SwapMarket } from "./SwapMarket";
import { isRunning } from "./swap-text";
import { SickReportDialog } from "./SickReportDialog";
import { StampCard } from "./StampCard";
import { TerminalPin } from "./TerminalPin";

/**
 * "Meine Schichten" (docs/PRODUCT-RULES.md §26.6), the start page of staff with a linked employee and built for
 * the phone first: one column of sections, a row of jump links on top, everything from one request (GET /api/me).
 */
export function MeScreen() {
  const { user } = useAuth();
  if (user && user.employee_id === null) {
    return (
      <>
        <PageHeader title="Meine Schichten" />
        <EmptyState title="Dein Benutzer ist mit keinem Mitarbeiter verknüpft">
          Bitte eine Administratorin oder einen Administrator, deinen Benutzer auf der Seite „Benutzer“ mit dir zu
          verknüpfen. Dann siehst du hier deine Schichten.
        </EmptyState>
      </>
    );
  }
  return user ? <LinkedMeScreen userId={user.id} /> : null;
}

function LinkedMeScreen({ userId }: { userId: number }) {
  // Offline (the app on the phone) the last answer loaded is shown, with when it was loaded (§33.8).
  const schedule = useResource(
    (signal) => loadKeepingCopy("/me", userId, () => api.get("/me", signal), signal),
    "Fehler beim Laden deiner Schichten",
  );
  // Offline there is nothing to take or offer: the Schichtbörse waits for the connection, without an error.
  const swaps = useResource(
    (signal): Promise<SwapDto[]> => (navigator.onLine ? api.get("/swaps?view=mine", signal) : Promise.resolve([])),
    "Fehler beim Laden der Schichtbörse",
  );
  const reloadSwaps = swaps.reload;
  const [offering, setOffering] = useState<ShiftDto | null>(null);
  const [sick, setSick] = useState(false);
  // A sick report may end the day's stamping options: the card reads its state again.
  const [stampKey, setStampKey] = useState(0);
  const data = schedule.data?.data;
  const { reload } = schedule;
  const showingCopy = Boolean(schedule.data?.savedAt);
  // Back online: the fresh state at once, and again every few seconds while the copy is still shown (the network
  // may be back before the server can be reached).
  useEffect(() => {
    const again = () => {
      void reload();
      void reloadSwaps();
    };
    window.addEventListener("online", again);
    const retry = showingCopy ? window.setInterval(() => navigator.onLine && again(), 5000) : undefined;
    return () => {
      window.removeEventListener("online", again);
      window.clearInterval(retry);
    };
  }, [reload, reloadSwaps, showingCopy]);
  return (
    <>
      <PageHeader title="Meine Schichten" description={data ? subtitle(data) : undefined} />
      <WhenLoaded resource={schedule} failedTitle="Deine Schichten konnten nicht geladen werden">
        {({ data: me, savedAt }) => {
          // A shift on one of the employee's own vacation days is not theirs to take: left out, not listed as
          // refused (unless they offered to take it before, so they can withdraw).
          const openShifts = me.open_shifts.filter(
            (shift) => shift.applied || !shift.findings.some((finding) => finding.code === "vacation"),
          );
          return (
            <div className="space-y-8">
              {savedAt && (
                <p role="status" className="rounded-md bg-amber-50 px-3 py-2 text-sm font-medium text-amber-900">
                  Offline · Stand: {standText(savedAt)}. Änderungen gehen erst wieder mit Verbindung.
                </p>
              )}
              <nav aria-label="Abschnitte" className="-mx-1 flex gap-2 overflow-x-auto px-1 pb-1 xl:hidden">
                <JumpLink href="#stempeln">Stempeln</JumpLink>
                <JumpLink href="#zeiten">Meine Zeiten</JumpLink>
                <JumpLink href="#schichten">Schichten</JumpLink>
                <JumpLink href="#offen">Offene Schichten ({openShifts.length})</JumpLink>
                <JumpLink href="#schichtboerse">Schichtbörse</JumpLink>
                <JumpLink href="#ferien">Ferien</JumpLink>
                <JumpLink href="#nicht-verfuegbar">Nicht verfügbar</JumpLink>
                <JumpLink href="#wuensche">Wünsche</JumpLink>
                <JumpLink href="#pin">PIN</JumpLink>
                <JumpLink href="#kalender">Kalender</JumpLink>
              </nav>
              <Section
                id="stempeln"
                title="Zeiterfassung"
                action={
                  <Button variant="secondary" size="sm" onClick={() => setSick(true)}>
                    Ich bin krank
                  </Button>
                }
              >
                <div className="max-w-2xl">
                  <StampCard key={stampKey} />
                </div>
              </Section>
              <Section id="zeiten" title="Meine Zeiten">
                <MyTimes weeks={me.weeks} today={today()} />
              </Section>
              <Section id="zeitkonto" title="Zeitkonto">
                <MyTimeAccount today={today()} />
              </Section>
              {offering && (
                <OfferShiftDialog
                  shift={offering}
                  employeeId={me.employee.id}
                  onClose={() => setOffering(null)}
                  onSaved={() => {
                    setOffering(null);
                    void swaps.reload();
                  }}
                />
              )}
              {sick && (
                <SickReportDialog
                  onClose={() => setSick(false)}
                  onSaved={() => {
                    setSick(false);
                    setStampKey((key) => key + 1);
                    void schedule.reload();
                  }}
                />
              )}
              {/* One column on phones; from xl on the weeks on the left, the rest beside them. */}
              <div
                className={classNames(
                  "space-y-8",
                  "xl:grid xl:grid-cols-[minmax(0,3fr)_minmax(0,2fr)] xl:items-start xl:gap-8 xl:space-y-0",
                )}
              >
                <Section id="schichten" title="Meine nächsten Wochen">
                  <MyWeeks
                    weeks={me.weeks}
                    holidays={me.holidays}
                    vacations={me.vacations}
                    unavailability={me.unavailability}
                    absences={me.absences}
                    today={today()}
                    shiftAction={
                      savedAt ? undefined : (shift) => offerAction(shift, swaps.data ?? [], () => setOffering(shift))
                    }
                  />
                </Section>
                <div className="space-y-8">
                  <Section id="offen" title="Offene Schichten">
                    <OpenShiftList shifts={openShifts} onChanged={() => void schedule.reload()} />
                  </Section>
                  <Section id="schichtboerse" title="Schichtbörse">
                    <SwapMarket
                      swaps={swaps.data ?? []}
                      employeeId={me.employee.id}
                      onChanged={() => {
                        void swaps.reload();
                        void schedule.reload();
                      }}
                    />
                  </Section>
                  <Section id="ferien" title="Ferien">
                    <MyVacations
                      employeeId={me.employee.id}
                      vacations={me.vacations}
                      balance={me.balance}
                      onChanged={schedule.reload}
                    />
                    <MyAbsences absences={me.absences} today={today()} />
                  </Section>
                  <Section id="nicht-verfuegbar" title="Nicht verfügbar">
                    <MyUnavailability
                      employeeId={me.employee.id}
                      entries={me.unavailability}
                      onChanged={schedule.reload}
                    />
                  </Section>
                  <Section id="wuensche" title="Wünsche">
                    <MyWishes
                      employeeId={me.employee.id}
                      wishes={me.wishes ?? [] /* a copy saved offline before §35.8 has none */}
                      onChanged={schedule.reload}
                    />
                  </Section>
                  <Section id="pin" title="Stempeluhr-PIN">
                    <TerminalPin />
                  </Section>
                  <Section id="kalender" title="Kalender-Abo">
                    <CalendarLink createdAt={me.calendar_link?.created_at ?? null} onChanged={schedule.reload} />
                  </Section>
                </div>
              </div>
            </div>
          );
        }}
      </WhenLoaded>
    </>
  );
}

/**
 * Under one's own shift (docs/PRODUCT-RULES.md §35.1): "Abgeben oder tauschen" while it has not begun, or where its
 * running offer stands.
 */
function offerAction(shift: ShiftDto, swaps: SwapDto[], offer: () => void): ReactNode {
  const running = swaps.find(
    (swap) => isRunning(swap) && (swap.shift.id === shift.id || swap.target_shift?.id === shift.id),
  );
  if (running)
    return (
      <p className="mt-1 inline-block rounded-full bg-violet-100 px-2 py-0.5 text-xs font-semibold text-violet-900">
        {running.status === "accepted" ? "Übernommen – wartet auf Freigabe" : "Angeboten in der Schichtbörse"}
      </p>
    );
  const now = new Date();
  const clock = `${String(now.getHours()).padStart(2, "0")}:${String(now.getMinutes()).padStart(2, "0")}`;
  if (shift.shift_date < today() || (shift.shift_date === today() && shift.start_time <= clock)) return null;
  const day = `${WEEKDAYS_SHORT[isoWeekday(shift.shift_date) - 1]} ${formatDayMonth(shift.shift_date)}`;
  const when = `${day}, ${shift.start_time}–${shift.end_time}`;
  return (
    <Button
      variant="secondary"
      size="sm"
      className="mt-2"
      onClick={offer}
      aria-label={`Abgeben oder tauschen: ${when}`}
    >
      Abgeben oder tauschen
    </Button>
  );
}

/** "Sa 28.11.2026 22:40": when the copy shown offline was loaded. */
function standText(savedAt: string): string {
  return `${WEEKDAYS_SHORT[(new Date(savedAt).getDay() + 6) % 7]} ${formatTimestamp(savedAt)}`;
}

function subtitle(me: MySchedule): string {
  const name = `${me.employee.first_name} ${me.employee.last_name}`;
  return me.employee.is_hourly
    ? `${name} · Stundenlohn`
    : `${name} · ${formatHours(me.employee.weekly_hours)} h pro Woche`;
}

function Section({
  id,
  title,
  action,
  children,
}: {
  id: string;
  title: string;
  action?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section id={id} aria-labelledby={`${id}-title`} className="scroll-mt-20 space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={`${id}-title`} className="text-lg font-semibold text-slate-900">
          {title}
        </h2>
        {action}
      </div>
      {children}
    </section>
  );
}

function JumpLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <a
      href={href}
      className={
        "inline-flex min-h-11 shrink-0 items-center rounded-full border border-slate-300 bg-white px-4 text-sm " +
        "font-medium text-slate-800 hover:bg-slate-50"
      }
    >
      {children}
    </a>
  );
}
