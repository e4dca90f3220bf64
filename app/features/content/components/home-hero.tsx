/**
 * The home page hero (SPEC §2): the page's one <h1> and an auto-rotating slideshow that follows
 * the WAI-ARIA APG carousel pattern. The first slide is complete in the server HTML (it is the
 * LCP element); JavaScript only adds rotation.
 */
import { useEffect, useId, useRef, useState, type FocusEvent } from "react";
import { Link } from "react-router";
import type { HeroSlide } from "#content/home";
import { school } from "#content/school";
import { useReducedMotion } from "~/lib/reduced-motion";

/** Time each slide stays on screen while the slideshow plays. */
export const SLIDE_INTERVAL_MS = 6000;

const iconProps = { "aria-hidden": true, focusable: false, viewBox: "0 0 24 24", className: "size-5" } as const;
const PauseIcon = () => (
  <svg {...iconProps} fill="currentColor"><rect x="6" y="5" width="4" height="14" rx="1" /><rect x="14" y="5" width="4" height="14" rx="1" /></svg>
);
const PlayIcon = () => (
  <svg {...iconProps} fill="currentColor"><path d="M7 5v14l12-7z" /></svg>
);
const Arrow = ({ left }: { left?: boolean }) => (
  <svg {...iconProps} fill="none" stroke="currentColor" strokeWidth={2.5} strokeLinecap="round" strokeLinejoin="round">
    <path d={left ? "m15 6-6 6 6 6" : "m9 6 6 6-6 6"} />
  </svg>
);

const controlClass =
  "inline-flex h-11 min-w-11 items-center justify-center gap-2 rounded-full border-2 border-white/70 px-3 font-semibold text-white hover:bg-white/10";

export function HomeHero({ slides }: { slides: HeroSlide[] }) {
  const [index, setIndex] = useState(0);
  // null until the visitor presses Pause or Play: then their choice wins. Until then,
  // motion-sensitive visitors get a still hero.
  const [choice, setPlaying] = useState<boolean | null>(null);
  const reducedMotion = useReducedMotion();
  const playing = choice ?? !reducedMotion;
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const rotationButton = useRef<HTMLButtonElement>(null);
  const slidesId = useId();
  const count = slides.length;
  const rotating = playing && !hovered && !focused && count > 1;

  // A timeout per slide (not an interval) so manual navigation restarts the full 6 s.
  useEffect(() => {
    if (!rotating) return;
    const timer = window.setTimeout(() => setIndex((i) => (i + 1) % count), SLIDE_INTERVAL_MS);
    return () => window.clearTimeout(timer);
  }, [rotating, index, count]);

  // Focus anywhere but the rotation button pauses, so keyboard users are never chased by a
  // moving slide; pressing Play must still work while that button has focus.
  function onFocus(event: FocusEvent<HTMLElement>) {
    setFocused(event.target !== rotationButton.current);
  }
  function onBlur(event: FocusEvent<HTMLElement>) {
    if (!event.currentTarget.contains(event.relatedTarget)) setFocused(false);
  }

  const go = (i: number) => setIndex((i + count) % count);

  return (
    <div className="relative overflow-hidden bg-brand-900 text-white">
      <div aria-hidden="true" className="pointer-events-none absolute -top-40 -right-32 size-[28rem] rounded-full bg-brand-700/50" />
      <div className="relative mx-auto max-w-7xl px-5 pt-8 pb-10 sm:pt-12 lg:pb-14">
        <h1 className="max-w-3xl">
          <span className="block text-2xl font-extrabold sm:text-3xl">{school.name}</span>
          <span className="mt-1 block text-base font-semibold text-accent-400 sm:text-lg">
            {school.board} school in {school.address.locality}, {school.address.region} · {school.classes}
          </span>
        </h1>

        <section
          aria-roledescription="carousel"
          aria-label={`Highlights of ${school.shortName}`}
          className="mt-6 sm:mt-8"
          onMouseEnter={() => setHovered(true)}
          onMouseLeave={() => setHovered(false)}
          onFocus={onFocus}
          onBlur={onBlur}
        >
          <div id={slidesId} aria-live={rotating ? "off" : "polite"} className="grid">
            {slides.map((slide, i) => {
              const active = i === index;
              return (
                <div
                  key={slide.id}
                  role="group"
                  aria-roledescription="slide"
                  aria-label={`${i + 1} of ${count}`}
                  inert={!active}
                  className={`[grid-area:1/1] grid items-center gap-6 transition-[opacity,visibility] duration-700 lg:grid-cols-[1.1fr_1fr] lg:gap-12 ${active ? "visible opacity-100" : "invisible opacity-0"}`}
                >
                  <div>
                    <p className="text-3xl leading-tight font-extrabold text-balance sm:text-4xl lg:text-5xl">{slide.title}</p>
                    <p className="mt-4 max-w-xl text-lg leading-relaxed text-slate-200">{slide.text}</p>
                    <Link
                      to={slide.cta.to}
                      className="mt-6 inline-flex h-12 items-center rounded-lg bg-accent-400 px-6 text-base font-bold text-brand-900 shadow-lg hover:bg-accent-500"
                    >
                      {slide.cta.label}
                    </Link>
                  </div>
                  <img
                    src={slide.image}
                    alt={slide.imageAlt}
                    width={640}
                    height={480}
                    loading={i === 0 ? "eager" : "lazy"}
                    fetchPriority={i === 0 ? "high" : "low"}
                    decoding={i === 0 ? "sync" : "async"}
                    className="mx-auto h-auto w-full max-w-md rounded-3xl shadow-2xl ring-4 ring-white/10 lg:max-w-none"
                  />
                </div>
              );
            })}
          </div>

          {/* Centred on wide screens: the page's corners belong to the floating Pay Fee and Enquire Now. */}
          <div className="mt-8 flex items-center gap-2 sm:gap-3 lg:justify-center">
            <button
              ref={rotationButton}
              type="button"
              aria-controls={slidesId}
              aria-label={playing ? "Pause slideshow" : "Play slideshow"}
              onClick={() => {
                setPlaying(!playing);
                setFocused(false);
              }}
              className={controlClass}
            >
              {playing ? <PauseIcon /> : <PlayIcon />}
              <span aria-hidden="true">{playing ? "Pause" : "Play"}</span>
            </button>
            <button type="button" aria-controls={slidesId} aria-label="Previous slide" onClick={() => go(index - 1)} className={`${controlClass} ml-auto sm:ml-0`}>
              <Arrow left />
            </button>
            <div role="group" aria-label="Choose a slide" className="flex items-center">
              {slides.map((slide, i) => (
                <button
                  key={slide.id}
                  type="button"
                  aria-controls={slidesId}
                  aria-label={`Slide ${i + 1}: ${slide.title}`}
                  aria-current={i === index ? "true" : undefined}
                  onClick={() => go(i)}
                  className="group grid size-8 place-items-center rounded-full sm:size-11"
                >
                  <span
                    aria-hidden="true"
                    className={`block h-3 rounded-full transition-all ${i === index ? "w-8 bg-accent-400" : "w-3 bg-white/60 group-hover:bg-white"}`}
                  />
                </button>
              ))}
            </div>
            <button type="button" aria-controls={slidesId} aria-label="Next slide" onClick={() => go(index + 1)} className={controlClass}>
              <Arrow />
            </button>
          </div>
        </section>
      </div>
    </div>
  );
}
