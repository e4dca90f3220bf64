import type { PoolClient } from "pg";
import { describe, expect, it } from "vitest";
import { guardCheckout } from "./pool-checkout.server";

/** A checkout whose queries answer as `answer` says; records what release() was given. */
function fakeClient(answer: (text: string) => Promise<unknown>) {
  const releases: (Error | boolean | undefined)[] = [];
  const client = {
    query: (q: string | { text: string }) => answer(typeof q === "string" ? q : q.text),
    release: (error?: Error | boolean) => void releases.push(error),
  };
  return { client: client as unknown as PoolClient, releases, original: client.query };
}

const lost = () => Promise.reject(new Error("Connection terminated unexpectedly"));
const serverError = () => Promise.reject(Object.assign(new Error("division by zero"), { code: "22012" }));

describe("guardCheckout", () => {
  it("gives the client back, as broken, when BEGIN fails, and ignores a later release", async () => {
    const { client, releases } = fakeClient(lost);
    guardCheckout(client);
    await expect(client.query({ text: "begin" } as never)).rejects.toThrow("terminated");
    expect(releases).toHaveLength(1);
    expect(releases[0]).toBeInstanceOf(Error);
    client.release();
    expect(releases).toHaveLength(1);
  });

  it("a BEGIN refused by the server also gives the client back", async () => {
    const { client, releases } = fakeClient(serverError);
    guardCheckout(client);
    await expect(client.query("BEGIN ISOLATION LEVEL SERIALIZABLE")).rejects.toThrow("division");
    expect(releases).toEqual([expect.objectContaining({ code: "22012" })]);
  });

  it("a lost connection in the middle makes release() close the client", async () => {
    const { client, releases } = fakeClient((text) => (text === "select 1" ? lost() : Promise.resolve({ rows: [] })));
    guardCheckout(client);
    await client.query("begin");
    await expect(client.query("select 1")).rejects.toThrow();
    await client.query("rollback");
    client.release();
    expect(releases).toEqual([expect.objectContaining({ message: "Connection terminated unexpectedly" })]);
  });

  it("a statement the server refused leaves the connection whole, and the wrapping is undone on release", async () => {
    const { client, releases, original } = fakeClient((text) => (text === "select 1/0" ? serverError() : Promise.resolve({ rows: [] })));
    guardCheckout(client);
    expect(client.query).not.toBe(original);
    await client.query("begin");
    await expect(client.query("select 1/0")).rejects.toThrow();
    await client.query("rollback");
    client.release();
    expect(releases).toEqual([undefined]);
    expect(client.query).toBe(original);
  });
});
