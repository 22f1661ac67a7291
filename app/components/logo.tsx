/** The Proofline mark (a "P" over a proof line) and the brand name beside it. */
export function Logo({ brand, tone = "dark" }: { brand: string; tone?: "dark" | "light" }) {
  return (
    <span className="inline-flex items-center gap-2.5">
      <LogoMark className="h-8 w-8 shrink-0" />
      <span
        className={`font-display text-xl font-semibold tracking-tight ${tone === "dark" ? "text-ink-900" : "text-white"}`}
      >
        {brand}
      </span>
    </span>
  );
}

export function LogoMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" className={className} aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="7" fill="#14213d" />
      <path
        d="M11.5 24V8.5h6a5 5 0 0 1 0 10h-6"
        fill="none"
        stroke="#e0a35c"
        strokeWidth="3"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
      <path d="M6.5 21.5h19" stroke="#e0a35c" strokeWidth="1.5" strokeLinecap="round" opacity="0.75" />
    </svg>
  );
}
