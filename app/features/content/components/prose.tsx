/** Trusted, server-rendered Markdown from content/ with the site's typography. */
const proseClass = [
  "max-w-none text-lg leading-relaxed text-slate-700",
  "[&_h2]:mt-10 [&_h2]:mb-4 [&_h2]:text-2xl [&_h2]:font-extrabold [&_h2]:text-brand-800 sm:[&_h2]:text-3xl",
  "[&_h3]:mt-8 [&_h3]:mb-3 [&_h3]:text-xl [&_h3]:font-bold [&_h3]:text-slate-900",
  "[&_p]:my-4 [&_ul]:my-4 [&_ul]:list-disc [&_ul]:space-y-2 [&_ul]:pl-6 [&_ol]:my-4 [&_ol]:list-decimal [&_ol]:space-y-2 [&_ol]:pl-6",
  "[&_a]:font-semibold [&_a]:text-brand-700 [&_a]:underline hover:[&_a]:text-brand-900 [&_strong]:text-slate-900",
  "[&_blockquote]:my-6 [&_blockquote]:border-l-4 [&_blockquote]:border-accent-400 [&_blockquote]:bg-brand-50 [&_blockquote]:px-5 [&_blockquote]:py-3 [&_blockquote]:italic",
  "[&_table]:my-6 [&_table]:w-full [&_table]:border-collapse [&_table]:text-base [&_th]:border [&_th]:border-slate-300 [&_th]:bg-brand-50 [&_th]:p-2 [&_th]:text-left [&_td]:border [&_td]:border-slate-300 [&_td]:p-2",
  "[&>:first-child]:mt-0",
].join(" ");

export function Prose({ html, className = "" }: { html: string; className?: string }) {
  return <div className={`${proseClass} ${className}`} dangerouslySetInnerHTML={{ __html: html }} />;
}
