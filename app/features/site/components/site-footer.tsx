/**
 * The footer (SPEC §2): Quick Links (first six), Resources, contact block, social links and
 * app-store badges. Footer links load their page, which opens at the top.
 */
import { ConstantMarkup } from "~/lib/constant-markup";
import { formatAddress, school } from "#content/school";
import { QUICK_LINKS_SHOWN, quickLinks, resourceLinks, type NavLink } from "#content/navigation";
import { ClockIcon, FacebookIcon, InstagramIcon, MailIcon, PhoneIcon, PinIcon, WhatsAppIcon, YouTubeIcon } from "./icons";
import { AppStoreBadge, GooglePlayBadge } from "./store-badges";

function LinkList({ title, links }: { title: string; links: NavLink[] }) {
  return (
    <nav aria-label={title}>
      <h2 className="text-sm font-bold uppercase tracking-wider text-accent-400">{title}</h2>
      <ul className="mt-4 space-y-2.5">
        {links.map((link) => (
          <li key={link.to + link.label}>
            <a href={link.to} className="text-slate-200 hover:text-white hover:underline">
              {link.label}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

const social = [
  { label: "Facebook", href: school.social.facebook, Icon: FacebookIcon },
  { label: "Instagram", href: school.social.instagram, Icon: InstagramIcon },
  { label: "YouTube", href: school.social.youtube, Icon: YouTubeIcon },
  { label: "WhatsApp", href: school.social.whatsapp, Icon: WhatsAppIcon },
];

/**
 * Space is kept below the last line, so the end of the page scrolls clear of the floating buttons:
 * Back to top always, Pay Fee and Enquire Now as well with `roomForQuickActions`.
 */
export function SiteFooter({ roomForQuickActions = false }: { roomForQuickActions?: boolean }) {
  return (
    <footer className={`bg-brand-900 text-slate-200 ${roomForQuickActions ? "pb-36" : "pb-20"}`}>
      <ConstantMarkup as="div" constantKey="site-footer" className="mx-auto grid max-w-7xl gap-10 px-5 py-12 sm:grid-cols-2 lg:grid-cols-4">
        <div>
          <p className="text-lg font-extrabold text-white">{school.name}</p>
          <p className="mt-3 text-sm leading-relaxed">
            {school.tagline}. Affiliated to CBSE, New Delhi (Affiliation No. {school.affiliationNo}, School Code {school.schoolCode}). Since {school.foundingYear}.
          </p>
          <ul className="mt-5 flex gap-3" aria-label="Social media">
            {social.map(({ label, href, Icon }) => (
              <li key={label}>
                <a href={href} rel="noopener" target="_blank" aria-label={label} className="grid size-11 place-items-center rounded-full bg-white/10 text-white hover:bg-white/20">
                  <Icon className="size-5" />
                </a>
              </li>
            ))}
          </ul>
          <div className="mt-5 flex flex-wrap gap-3">
            <a href={school.apps.googlePlay} rel="noopener" target="_blank" aria-label="Get it on Google Play: the school app">
              <GooglePlayBadge />
            </a>
            <a href={school.apps.appStore} rel="noopener" target="_blank" aria-label="Download on the App Store: the school app">
              <AppStoreBadge />
            </a>
          </div>
        </div>
        <LinkList title="Quick Links" links={quickLinks.slice(0, QUICK_LINKS_SHOWN)} />
        <LinkList title="Resources" links={resourceLinks} />
        <div>
          <h2 className="text-sm font-bold uppercase tracking-wider text-accent-400">Contact</h2>
          <address className="mt-4 space-y-3 text-sm not-italic">
            <p className="flex gap-2.5"><PinIcon className="mt-0.5 size-4 shrink-0" />{formatAddress()}</p>
            {school.phones.map((p) => (
              <p key={p.e164} className="flex gap-2.5">
                <PhoneIcon className="mt-0.5 size-4 shrink-0" />
                <a href={`tel:${p.e164}`} className="hover:text-white hover:underline">{p.display}</a>
              </p>
            ))}
            {school.emails.map((e) => (
              <p key={e} className="flex gap-2.5">
                <MailIcon className="mt-0.5 size-4 shrink-0" />
                <a href={`mailto:${e}`} className="break-all hover:text-white hover:underline">{e}</a>
              </p>
            ))}
            <p className="flex gap-2.5">
              <ClockIcon className="mt-0.5 size-4 shrink-0" />
              {school.hours.days} {school.hours.open}-{school.hours.close}
            </p>
          </address>
        </div>
      </ConstantMarkup>
      <div className="border-t border-white/10 py-5 text-center text-xs text-slate-300">
        © {new Date().getFullYear()} {school.name}. All rights reserved.
      </div>
    </footer>
  );
}
