/**
 * The home page hero (SPEC §2): the page's one <h1> and an auto-rotating slideshow that follows
 * the WAI-ARIA APG carousel pattern. Static markup only (the home page does not hydrate React):
 * the server HTML is the initial state (slide 1 shown, playing; it is the LCP element) and the
 * chrome's plain script (~/features/site/chrome/hero-carousel.ts, started on `[data-carousel]`)
 * adds rotation by setting the attributes the classes below style.
 */
import { Link } from "react-router";
import type { HeroSlide } from "#content/home";
import { school } from "#content/school";

/** The slides' container, named by the controls' aria-controls (one hero per page). */
const SLIDES_ID = "home-hero-slides";

const iconProps = { "aria-hidden": true, focusable: false, viewBox: "0 0 24 24" } as const;
const PauseIcon = ({ className }: { className: string }) => (
  <svg {...iconProps} className={className} fill="currentColor"><rect x="6" y="5" width="4" height="14" rx="1" /><rect x="14" y="5" width="4" height="14" rx="1" /></svg>
);
const PlayIcon = ({ className }: { className: string }) => (
  <svg {...iconProps} className={className} fill="currentColor"><path d="M7 5v14l12-7z" /></svg>
);
const Arrow = ({ left }: { left?: boolean }) => (
  <svg {...iconProps} className="size-5" fill="none" stroke="currentColor" strokeWidth={2.5} strokeLinecap="round" strokeLinejoin="round">
    <path d={left ? "m15 6-6 6 6 6" : "m9 6 6 6-6 6"} />
  </svg>
);

const controlClass =
  "inline-flex h-11 min-w-11 items-center justify-center gap-2 rounded-full border-2 border-white/70 px-3 font-semibold text-white hover:bg-white/10";

export function HomeHero({ slides }: { slides: HeroSlide[] }) {
  const count = slides.length;

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

        <section data-carousel aria-roledescription="carousel" aria-label={`Highlights of ${school.shortName}`} className="mt-6 sm:mt-8">
          <div id={SLIDES_ID} data-carousel-slides aria-live="off" className="grid">
            {slides.map((slide, i) => (
              <div
                key={slide.id}
                data-slide
                data-active={i === 0 ? "true" : "false"}
                role="group"
                aria-roledescription="slide"
                aria-label={`${i + 1} of ${count}`}
                inert={i !== 0}
                className="[grid-area:1/1] grid items-center gap-6 transition-[opacity,visibility] duration-700 data-[active=false]:invisible data-[active=false]:opacity-0 lg:grid-cols-[1.1fr_1fr] lg:gap-12"
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
            ))}
          </div>

          {/* Centred on wide screens: the page's corners belong to the floating Pay Fee and Enquire Now. */}
          <div className="mt-8 flex items-center gap-2 sm:gap-3 lg:justify-center">
            {/* Both states are in the markup; `data-playing` shows one (the script keeps aria-label in step). */}
            <button
              type="button"
              data-carousel-rotation
              data-playing="true"
              aria-controls={SLIDES_ID}
              aria-label="Pause slideshow"
              className={`group ${controlClass}`}
            >
              <PauseIcon className="size-5 group-data-[playing=false]:hidden" />
              <PlayIcon className="size-5 group-data-[playing=true]:hidden" />
              <span aria-hidden="true" className="group-data-[playing=false]:hidden">Pause</span>
              <span aria-hidden="true" className="group-data-[playing=true]:hidden">Play</span>
            </button>
            <button type="button" data-carousel-prev aria-controls={SLIDES_ID} aria-label="Previous slide" className={`${controlClass} ml-auto sm:ml-0`}>
              <Arrow left />
            </button>
            <div role="group" aria-label="Choose a slide" className="flex items-center">
              {slides.map((slide, i) => (
                <button
                  key={slide.id}
                  type="button"
                  data-carousel-dot
                  aria-controls={SLIDES_ID}
                  aria-label={`Slide ${i + 1}: ${slide.title}`}
                  aria-current={i === 0 ? "true" : undefined}
                  className="group grid size-8 place-items-center rounded-full sm:size-11"
                >
                  <span
                    aria-hidden="true"
                    className="block h-3 w-3 rounded-full bg-white/60 transition-all group-hover:bg-white group-aria-[current=true]:w-8 group-aria-[current=true]:bg-accent-400"
                  />
                </button>
              ))}
            </div>
            <button type="button" data-carousel-next aria-controls={SLIDES_ID} aria-label="Next slide" className={controlClass}>
              <Arrow />
            </button>
          </div>
        </section>
      </div>
    </div>
  );
}
