// The planner's selection (docs/PRODUCT-RULES.md §31.7): a chip hears only about its own id, the bar about all.
import { expect, test } from "vitest";
import { ShiftSelection } from "./shift-selection";

test("toggling notifies that shift's listeners and the count's, no other chip's; clear notifies the selected", () => {
  const selection = new ShiftSelection();
  const heard: string[] = [];
  for (const id of [1, 2, 3]) selection.subscribe(id, () => heard.push(`chip ${id}`));
  const stop = selection.subscribe("all", () => heard.push("bar"));

  selection.toggle(2);
  expect(heard).toEqual(["chip 2", "bar"]);
  expect([selection.has(2), selection.size]).toEqual([true, 1]);

  selection.toggle(3);
  selection.toggle(2);
  expect(selection.list()).toEqual([3]);

  heard.length = 0;
  selection.clear();
  expect(heard).toEqual(["chip 3", "bar"]);
  expect(selection.size).toBe(0);

  // Nothing selected: clearing is silent (a week switch re-renders nothing for it).
  heard.length = 0;
  selection.clear();
  stop();
  selection.toggle(1);
  expect(heard).toEqual(["chip 1"]);
});
