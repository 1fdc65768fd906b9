/**
 * The "Monatsabrechnung Arbeitszeit" of one employee and month (docs/PRODUCT-RULES.md §34.5) as the PDF prints it:
 * plain data, so it can go to the PDF worker thread. Minutes throughout.
 */
export type StatementDay = {
  /** yyyy-MM-dd, and "Mo 04.05.2026" for print. */
  date: string;
  dayLabel: string;
  targetMinutes: number;
  workedMinutes: number;
  creditMinutes: number;
  /** What credited the day: "Ferien", "Krank", "Weiterbildung (2 h)" …; null without a credit. */
  creditLabel: string | null;
};

export type Statement = {
  employeeName: string;
  /** yyyy-MM and "Mai 2026". */
  month: string;
  monthLabel: string;
  company: string | null;
  isHourly: boolean;
  /** Days with a target, worked time or a credit. */
  days: StatementDay[];
  /** The month as the time account has it (§34.3); target, credits, balance and carried null for the hourly paid. */
  account: {
    targetMinutes: number | null;
    creditMinutes: number | null;
    workedMinutes: number;
    balanceMinutes: number | null;
    broughtMinutes: number | null;
    carriedMinutes: number | null;
    bookings: { label: string; minutes: number; reason: string }[];
  };
  /** Surcharge hours of the month (§34.1): each category with time, its percentage. */
  surcharges: { label: string; percent: number; minutes: number }[];
  /** Said when an approved month's kept target or credits differ from its days as counted now (§34.5). */
  keptFiguresNote: string | null;
  approval: { approved: boolean; approvedOn: string | null; approvedByName: string | null };
};
