// @vitest-environment jsdom
import { act, cleanup, render, screen, waitFor } from "@testing-library/react";
import { Toaster } from "sonner";
import { afterEach, expect, test } from "vitest";
import { notify } from "./notify";

/**
 * One toast per kind, replaced in place (docs/PRODUCT-RULES.md §31.4), with the real toast library in a DOM. The
 * case that went wrong: a success toast sent while the previous one fades out was drawn into it and vanished with
 * it ("PIN gespeichert" right after "Ausgestempelt").
 */

afterEach(cleanup);

const toastOf = (text: string) => screen.queryByText(text)?.closest("[data-sonner-toast]") ?? null;

test("a success toast sent while the last one fades out is shown for its full time", async () => {
  render(<Toaster />);
  await act(async () => notify.success("Ausgestempelt", { duration: 300 }));
  await waitFor(() => expect(toastOf("Ausgestempelt")).not.toBeNull());
  // Its time is up: sonner marks it removed and takes it out of the list a moment later.
  await waitFor(() => expect(toastOf("Ausgestempelt")?.getAttribute("data-removed")).toBe("true"), { timeout: 2000 });

  await act(async () => notify.success("PIN gespeichert"));
  await waitFor(() => expect(toastOf("PIN gespeichert")).not.toBeNull());
  // Well past the old toast's removal (200 ms), the new one is still there and not fading.
  await act(() => new Promise((resolve) => setTimeout(resolve, 600)));
  expect(toastOf("PIN gespeichert")).not.toBeNull();
  expect(toastOf("PIN gespeichert")?.getAttribute("data-removed")).toBe("false");
});

test("a new toast of the same kind replaces the one on screen", async () => {
  render(<Toaster />);
  await act(async () => notify.success("Schicht gespeichert"));
  await waitFor(() => expect(toastOf("Schicht gespeichert")).not.toBeNull());
  await act(async () => notify.success("Schicht gelöscht"));
  await waitFor(() => expect(toastOf("Schicht gelöscht")).not.toBeNull());
  expect(screen.queryByText("Schicht gespeichert")).toBeNull();
  expect(document.querySelectorAll("[data-sonner-toast]")).toHaveLength(1);
});
