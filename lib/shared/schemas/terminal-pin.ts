/**
 * The PIN rule of the terminal (docs/PRODUCT-RULES.md §32.4) without zod, so that the terminal's screen can use it and
 * stay small; `./terminal.ts` builds the schemas from it.
 */
export const PIN_MIN = 4;
export const PIN_MAX = 6;
export const PIN_FORMAT = `Die PIN besteht aus ${PIN_MIN} bis ${PIN_MAX} Ziffern`;
export const PIN_TOO_EASY = "Diese PIN ist zu leicht zu erraten (keine gleichen Ziffern, keine Reihe wie 1234)";

/**
 * A PIN anyone would try first: one digit repeated (0000, 111111) or a run up or down (1234, 4321, 234567, 9876).
 * They are refused, as the first guesses at a stranger's terminal (docs/PRODUCT-RULES.md §32.4).
 */
export function isTrivialPin(pin: string): boolean {
  const digits = [...pin].map(Number);
  const steps = new Set(digits.slice(1).map((digit, index) => digit - digits[index]));
  return steps.size === 1 && [0, 1, -1].includes([...steps][0]);
}
