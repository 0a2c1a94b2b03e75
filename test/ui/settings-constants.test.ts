import { describe, expect, it } from "bun:test";
import { TRANSITION_EFFECTS as UI_EFFECTS } from "../../src/ui/constants";
import { TRANSITION_EFFECTS as SERVER_EFFECTS } from "../../src/server/settings/schema";

describe("the global settings form", () => {
  it("offers exactly the transition effects the server accepts", () => {
    expect([...UI_EFFECTS] as string[]).toEqual([...SERVER_EFFECTS]);
    expect(UI_EFFECTS).toHaveLength(31);
  });
});
