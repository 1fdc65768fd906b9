"use client";
import { useState } from "react";
import { PageHeader } from "@/components/ui/PageHeader";
import { PermissionGate } from "@/components/ui/PermissionGate";
import { today } from "@/lib/client/today";
import type { Period } from "@/lib/shared/periods";
import { HoursPanel } from "./HoursPanel";
import { panelId, ReportTabs, tabId, type TabItem } from "./ReportTabs";
import { SchedulePanel } from "./SchedulePanel";

type Tab = "schedule" | "hours";
const TABS: TabItem<Tab>[] = [
  { key: "schedule", label: "Arbeitsplan" },
  { key: "hours", label: "Stundenbericht" },
];
const ID = "reports";

/**
 * Reports (docs/PRODUCT-RULES.md §16.9): the work schedule and the hours report of a week or month,
 * previewed and as PDF.
 */
export function ReportsScreen() {
  return (
    <PermissionGate
      permission="reports:read"
      title="Berichte"
      notice="Berichte sind nur für Manager und Administratoren verfügbar"
    >
      {() => <Reports />}
    </PermissionGate>
  );
}

function Reports() {
  const [tab, setTab] = useState<Tab>("schedule");
  // Period and filter belong to the screen, so switching tabs keeps them.
  const [period, setPeriod] = useState<Period>(() => ({ kind: "week", date: today() }));
  const [employeeId, setEmployeeId] = useState("");

  return (
    <>
      <PageHeader
        title="Berichte"
        description="Arbeitsplan und Stundenbericht einer Woche oder eines Monats, als Vorschau und PDF."
      />
      <ReportTabs label="Berichte" tabs={TABS} selected={tab} onSelect={setTab} idPrefix={ID} />
      <div
        role="tabpanel"
        id={panelId(ID, tab)}
        aria-labelledby={tabId(ID, tab)}
        tabIndex={0}
        className="pt-6 focus-visible:outline-offset-4"
      >
        {tab === "schedule" ? (
          <SchedulePanel period={period} onPeriodChange={setPeriod} />
        ) : (
          <HoursPanel
            period={period}
            onPeriodChange={setPeriod}
            employeeId={employeeId}
            onEmployeeChange={setEmployeeId}
          />
        )}
      </div>
    </>
  );
}
