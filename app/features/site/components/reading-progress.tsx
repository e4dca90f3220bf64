/** Reading-progress bar under the header: how far down the page the reader is (SPEC §2); the chrome script moves it (../chrome/index.ts). */
export function ReadingProgress() {
  return (
    <div aria-hidden="true" className="fixed inset-x-0 top-[72px] z-40 h-1">
      <div data-testid="reading-progress" data-reading-progress="" className="h-full origin-left scale-x-0 bg-accent-500" />
    </div>
  );
}
