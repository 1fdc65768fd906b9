import { expect, test } from "vitest";
import { hoursMinutes } from "./time-entry-text";

test("h:mm with the sign a screen or a file needs", () => {
  expect(hoursMinutes(450)).toBe("7:30");
  expect(hoursMinutes(5)).toBe("0:05");
  expect(hoursMinutes(-15)).toBe("−0:15");
  expect(hoursMinutes(-75, { minus: "-" })).toBe("-1:15");
  expect(hoursMinutes(30, { signed: true })).toBe("+0:30");
  expect(hoursMinutes(-30, { signed: true })).toBe("−0:30");
  // Nothing to sign: never "−0:00" or "+0:00".
  expect(hoursMinutes(0, { signed: true })).toBe("0:00");
  expect(hoursMinutes(-0.4, { signed: true })).toBe("0:00");
  expect(hoursMinutes(89.6)).toBe("1:30");
});
