/**
 * React Router as patched by patches/react-router+7.18.4.patch (docs/decisions/038): the server's
 * route matches are kept per path, and the routes of a render are made once. What a request gets
 * must still be its own: a loader that changed its `params` must not change the next request's.
 */
import { readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { createStaticHandler, type StaticHandlerContext } from "react-router";
import { describe, expect, it } from "vitest";

const routes = [
  {
    id: "root",
    path: "/",
    children: [
      { id: "fees", path: "fees", loader: () => null },
      { id: "pay", path: "pay/:orderId", loader: () => null },
      { id: "not-found", path: "*", loader: () => null },
    ],
  },
];

async function matchesOf(handler: ReturnType<typeof createStaticHandler>, url: string) {
  const context = (await handler.query(new Request(`http://school.test${url}`))) as StaticHandlerContext;
  return context.matches;
}

describe("React Router's kept route matches", () => {
  it("is the installed React Router, for Node's import and require alike (an upgrade must carry the patch over)", () => {
    const dist = path.dirname(createRequire(import.meta.url).resolve("react-router"));
    const patched = readdirSync(dist).filter((f) => /\.m?js$/.test(f) && readFileSync(path.join(dist, f), "utf8").includes("Patched (docs/decisions/038)"));
    expect(patched.filter((f) => f.endsWith(".mjs"))).toHaveLength(2);
    expect(patched.filter((f) => f.endsWith(".js"))).toHaveLength(3);
  });

  it("gives each request of the same path its own params, whatever a loader did to the last one's", async () => {
    const seen: Record<string, string | undefined>[] = [];
    const handler = createStaticHandler([
      {
        id: "root",
        path: "/",
        children: [
          {
            id: "pay",
            path: "pay/:orderId",
            loader: ({ params }) => {
              seen.push({ ...params });
              (params as Record<string, string>).orderId = "changed by a loader";
              return null;
            },
          },
        ],
      },
    ]);
    await matchesOf(handler, "/pay/AbC123");
    const second = await matchesOf(handler, "/pay/AbC123");
    expect(seen).toEqual([{ orderId: "AbC123" }, { orderId: "AbC123" }]);
    expect(second.map((m) => [m.route.id, m.pathname])).toEqual([
      ["root", "/"],
      ["pay", "/pay/AbC123"],
    ]);
  });

  it("matches each path by its own route, however many paths were kept before", async () => {
    const handler = createStaticHandler(routes);
    for (let i = 0; i < 1_200; i++) await matchesOf(handler, `/pay/order${i}`);
    expect((await matchesOf(handler, "/pay/order3"))[1]!.params).toEqual({ orderId: "order3" });
    expect((await matchesOf(handler, "/fees")).map((m) => m.route.id)).toEqual(["root", "fees"]);
    const unknown = await matchesOf(handler, "/no/such/page");
    expect(unknown.map((m) => m.route.id)).toEqual(["root", "not-found"]);
    expect(unknown[1]!.params["*"]).toBe("no/such/page");
  });
});
