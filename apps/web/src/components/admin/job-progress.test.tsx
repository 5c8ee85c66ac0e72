import type { ImageJob } from "@gallery/schema";
import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { JobProgress } from "./job-progress";

const job = (fields: Partial<ImageJob>): ImageJob =>
  ({
    id: "00000000-0000-4000-8000-000000000000",
    kind: "repair",
    status: "running",
    done: 0,
    total: null,
    error: null,
    createdAt: "2026-01-01T00:00:00.000Z",
    finishedAt: null,
    result: { repaired: 0, total: 0 },
    ...fields,
  }) as ImageJob;

describe("JobProgress", () => {
  it("shows done of total as the server counts them", () => {
    render(<JobProgress job={job({ done: 50, total: 200 })} />);
    const bar = screen.getByRole("progressbar", { name: /Checking every chatbot image/ });
    expect(bar.getAttribute("aria-valuenow")).toBe("50");
    expect(bar.getAttribute("aria-valuemax")).toBe("200");
    expect(screen.getByText("50 / 200")).toBeTruthy();
  });

  it("says it is counting before the total is known", () => {
    render(<JobProgress job={job({ kind: "migrate", result: { migrated: 0 } } as Partial<ImageJob>)} />);
    const bar = screen.getByRole("progressbar", { name: /Migrating images to cloud storage/ });
    expect(bar.getAttribute("aria-valuenow")).toBeNull();
    expect(screen.getByText("Counting…")).toBeTruthy();
  });
});
