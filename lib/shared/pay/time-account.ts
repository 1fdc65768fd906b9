/**
 * The time account's arithmetic (docs/PRODUCT-RULES.md §34.3), in whole minutes: per month balance = worked +
 * credits − target, and the carried balance = the month before's carried + balance + bookings, starting from the
 * opening balance. Hourly staff have no target and so no balance: only their worked time (and no bookings).
 */

export type AccountMonthFacts = {
  /** yyyy-MM */
  month: string;
  /** The month's target in minutes (null for the hourly paid), counted over the days the account covers. */
  targetMinutes: number | null;
  /** Minutes credited by vacation and absences (null for the hourly paid). */
  creditMinutes: number | null;
  workedMinutes: number;
  /** Payouts (negative) and corrections (signed) booked in the month. */
  bookingMinutes: number;
};

export type AccountMonth = AccountMonthFacts & {
  /** worked + credits − target; null for the hourly paid. */
  balanceMinutes: number | null;
  /** The balance brought into the month. */
  broughtMinutes: number | null;
  /** brought + balance + bookings: what the month hands on. */
  carriedMinutes: number | null;
};

/** Runs the account through its months in order, starting with the opening balance (0 without one). */
export function runAccount(openingMinutes: number, months: readonly AccountMonthFacts[]): AccountMonth[] {
  let carried = openingMinutes;
  return months.map((facts) => {
    if (facts.targetMinutes === null || facts.creditMinutes === null)
      return { ...facts, balanceMinutes: null, broughtMinutes: null, carriedMinutes: null };
    const brought = carried;
    const balance = facts.workedMinutes + facts.creditMinutes - facts.targetMinutes;
    carried = brought + balance + facts.bookingMinutes;
    return { ...facts, balanceMinutes: balance, broughtMinutes: brought, carriedMinutes: carried };
  });
}

/** A booking's effect on the balance: a payout takes its minutes off, a correction adds its signed minutes. */
export function bookingEffect(kind: "payout" | "correction", minutes: number): number {
  return kind === "payout" ? -minutes : minutes;
}
