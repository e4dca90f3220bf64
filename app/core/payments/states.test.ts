import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ORDER_STATUSES, type OrderStatus } from "~/db/schema/payments";
import { isOpen, isRetryable, nextStatus, OPEN_STATUSES, resultPath, type Verdict } from "./states";

const VERDICTS: Verdict[] = ["paid", "held", "pending", "failed", "expired", "unknown"];
const RANK: Record<OrderStatus, number> = { created: 0, pending: 1, failed: 2, expired: 2, held: 3, paid: 4 };

describe("open and retryable orders", () => {
  it("an order is open while created or pending; failed, expired and held ones may be paid again; paid is neither", () => {
    expect(OPEN_STATUSES).toEqual(["created", "pending"]);
    expect(ORDER_STATUSES.filter(isOpen)).toEqual(["created", "pending"]);
    expect(ORDER_STATUSES.filter(isRetryable)).toEqual(["failed", "expired", "held"]);
  });
});

describe("nextStatus", () => {
  it("paid is final", () => {
    for (const v of VERDICTS) expect(nextStatus("paid", v)).toBeNull();
  });

  it("a late success after failed or expired wins", () => {
    expect(nextStatus("failed", "paid")).toBe("paid");
    expect(nextStatus("expired", "paid")).toBe("paid");
  });

  it("a failure never undoes a failure or expiry, and pending never reopens one", () => {
    expect(nextStatus("failed", "failed")).toBeNull();
    expect(nextStatus("expired", "failed")).toBeNull();
    expect(nextStatus("failed", "pending")).toBeNull();
    expect(nextStatus("expired", "pending")).toBeNull();
    expect(nextStatus("pending", "pending")).toBeNull();
    expect(nextStatus("created", "pending")).toBe("pending");
  });

  it("a success for another amount holds the order, even after a failure; only a paid word moves it on", () => {
    expect(nextStatus("created", "held")).toBe("held");
    expect(nextStatus("pending", "held")).toBe("held");
    expect(nextStatus("failed", "held")).toBe("held");
    expect(nextStatus("expired", "held")).toBe("held");
    expect(nextStatus("paid", "held")).toBeNull();
    for (const v of VERDICTS) expect(nextStatus("held", v)).toBe(v === "paid" ? "paid" : null);
  });

  it("over any sequence of verdicts an order only moves forward, and ends paid iff any verdict was paid", () => {
    fc.assert(
      fc.property(fc.constantFrom(...ORDER_STATUSES.filter((s) => s !== "paid")), fc.array(fc.constantFrom(...VERDICTS), { maxLength: 20 }), (start, verdicts) => {
        let status: OrderStatus = start;
        for (const v of verdicts) {
          const next = nextStatus(status, v);
          if (next) {
            expect(RANK[next]).toBeGreaterThan(RANK[status]);
            status = next;
          }
        }
        expect(status === "paid").toBe(verdicts.includes("paid"));
      }),
    );
  });
});

describe("resultPath", () => {
  it("sends each status to its page", () => {
    expect(resultPath("paid")).toBe("/payment-success");
    expect(resultPath("failed")).toBe("/payment-failure");
    expect(resultPath("expired")).toBe("/payment-failure");
    expect(resultPath("created")).toBe("/payment-pending");
    expect(resultPath("pending")).toBe("/payment-pending");
    expect(resultPath("held")).toBe("/payment-on-hold");
  });
});

describe("isRetryable", () => {
  it("lets Try Again start anew only after an order ended unpaid: never while open, never once paid", () => {
    expect(ORDER_STATUSES.filter(isRetryable)).toEqual(["failed", "expired", "held"]);
    expect(ORDER_STATUSES.filter((s) => isRetryable(s) && (isOpen(s) || s === "paid"))).toEqual([]);
  });
});
