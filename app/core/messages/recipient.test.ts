import { describe, expect, it } from "vitest";
import { maskRecipient, normaliseRecipient } from "./recipient";

describe("normaliseRecipient", () => {
  it("keeps e-mails lower-cased and mobiles as their 10 digits, as the outbox stores them", () => {
    expect(normaliseRecipient(" Anita.Das@Example.COM ")).toBe("anita.das@example.com");
    expect(normaliseRecipient("+91 98765-43210")).toBe("9876543210");
  });
});

describe("maskRecipient", () => {
  it("shows an e-mail's first letters and its top-level domain only", () => {
    expect(maskRecipient("anita@example.com")).toBe("a****@e******.com");
    expect(maskRecipient("a@b.in")).toBe("*@*.in");
    expect(maskRecipient("averyveryverylongname@mail.example.org")).toBe("a******@m******.org");
  });
  it("shows a mobile's last four digits", () => {
    expect(maskRecipient("9876543210")).toBe("******3210");
    expect(maskRecipient("123")).toBe("****");
  });
});
