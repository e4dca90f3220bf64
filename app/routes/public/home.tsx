/** Home page (SPEC §2). */
import type { Route } from "./+types/home";
import { pageMeta, siteUrlFrom } from "~/features/content/meta";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({ description: "A CBSE school in Kharagpur for Nursery to Class XII.", path: "/", siteUrl: siteUrlFrom(matches) });

export default function Home() {
  return (
    <>
      <h1 className="p-10 text-3xl font-bold">Home</h1>
      {["inspire", "empower", "transform", "achieve"].map((id) => (
        <section key={id} id={id} data-section className="min-h-[80vh] p-10">
          <h2 className="text-2xl font-bold capitalize">{id}</h2>
        </section>
      ))}
    </>
  );
}
