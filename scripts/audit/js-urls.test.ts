import { describe, expect, it } from "vitest";
import { extractJsUrls, moduleSpecifiers, parseAttributes } from "./js-urls";

const page = "http://127.0.0.1:4000/about?x=1";

describe("extractJsUrls", () => {
  it("collects script src, modulepreload links and inline module imports, once each, in order", () => {
    const html = `<!DOCTYPE html><html><head>
      <link rel="modulepreload" href="/assets/manifest-1.js"/>
      <link rel="stylesheet" href="/assets/root.css"/>
      <link href="/assets/entry.client-2.js" rel="modulepreload">
      <link rel="preload" as="image" href="/hero.avif">
      <script src="/legacy.js" defer></script>
      <script type="application/ld+json">{"@context":"https://schema.org","url":"/not-js.js"}</script>
      <script nonce="abc">window.__reactRouterContext = {"x":"import('/nope.js')"};</script>
    </head><body>
      <script type="module" nonce="abc">import "/assets/manifest-1.js";
import * as route0 from "/assets/root-3.js";
import * as route1 from "/assets/home-4.js";
window.__reactRouterRouteModules = {"root":route0,"routes/home":route1};
import("/assets/entry.client-2.js");</script>
    </body></html>`;
    expect(extractJsUrls(html, page)).toEqual([
      "http://127.0.0.1:4000/assets/manifest-1.js",
      "http://127.0.0.1:4000/assets/entry.client-2.js",
      "http://127.0.0.1:4000/legacy.js",
      "http://127.0.0.1:4000/assets/root-3.js",
      "http://127.0.0.1:4000/assets/home-4.js",
    ]);
  });

  it("resolves relative URLs against the page and drops other origins, bare specifiers and data: URLs", () => {
    const html = `<script src="js/a.js?v=1&amp;w=2#top"></script>
      <script src="https://cdn.example.com/lib.js"></script>
      <script src="//cdn.example.com/other.js"></script>
      <script src="data:text/javascript,1"></script>
      <link rel="modulepreload" href="http://127.0.0.1:4000/b.js">
      <script type="module">import React from "react"; import x from "../c.js";</script>`;
    expect(extractJsUrls(html, page)).toEqual([
      "http://127.0.0.1:4000/js/a.js?v=1&w=2",
      "http://127.0.0.1:4000/b.js",
      "http://127.0.0.1:4000/c.js",
    ]);
  });

  it("returns nothing for a page without scripts", () => {
    expect(extractJsUrls("<p>Hello</p>", page)).toEqual([]);
  });
});

describe("moduleSpecifiers", () => {
  it("finds static, side-effect, re-export and dynamic imports", () => {
    const source = `import a from './a.js'; import {b, c} from "/b.js"; import "/side.js";
      export * from "/re.js"; const m = await import( "/lazy.js" ); import.meta.url;`;
    expect(moduleSpecifiers(source).sort()).toEqual(["./a.js", "/b.js", "/lazy.js", "/re.js", "/side.js"]);
    expect(moduleSpecifiers(source, { dynamic: false }).sort()).toEqual(["./a.js", "/b.js", "/re.js", "/side.js"]);
  });

  it("reads a minified chunk's imports", () => {
    expect(moduleSpecifiers(`import{a as e,b as t}from"./site-B1.js";import"./x-2.js";const l=()=>import("./lazy-3.js");`, { dynamic: false })).toEqual(["./site-B1.js", "./x-2.js"]);
  });
});

describe("parseAttributes", () => {
  it("reads quoted, unquoted and bare attributes with lower-cased names", () => {
    expect(parseAttributes(`<SCRIPT Type=module SRC='/x.js' async data-a="1 &quot;2&quot;">`)).toEqual({
      type: "module",
      src: "/x.js",
      async: "",
      "data-a": '1 "2"',
    });
  });
});
