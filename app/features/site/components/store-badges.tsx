/** App-store badges drawn as SVG (no third-party images): decorative, the link names them. */
function Badge({ small, big, glyph }: { small: string; big: string; glyph: React.ReactNode }) {
  return (
    <svg aria-hidden="true" focusable="false" width="140" height="42" viewBox="0 0 140 42" className="rounded-lg">
      <rect width="140" height="42" rx="8" fill="#000" stroke="#a3a3a3" />
      {glyph}
      <text x="44" y="17" fill="#fff" fontSize="9" fontFamily="system-ui, sans-serif">{small}</text>
      <text x="44" y="32" fill="#fff" fontSize="15" fontWeight="600" fontFamily="system-ui, sans-serif" textLength="86" lengthAdjust="spacingAndGlyphs">{big}</text>
    </svg>
  );
}

export const GooglePlayBadge = () => (
  <Badge small="GET IT ON" big="Google Play" glyph={<path d="M14 9l18 12-18 12z" fill="#34d399" />} />
);

export const AppStoreBadge = () => (
  <Badge
    small="Download on the"
    big="App Store"
    glyph={<path d="M24 10c2 0 3-2 3-3-2 0-3 1-3 3zm5 11c0-3 2-4 2-4-1-2-3-2-4-2-2 0-3 1-4 1s-2-1-4-1c-2 0-5 2-5 6 0 5 3 10 5 10 1 0 2-1 4-1s2 1 4 1c2 0 4-4 4-5 0 0-2-1-2-5z" fill="#fff" />}
  />
);
